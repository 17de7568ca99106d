/**
 * A lingering close, as nginx (`lingering_close`) and Go's net/http (`closeWriteAndWait`) do it. When the server answers
 * before it has read a request's whole body (an upload refused by its length, the quota or a limit) and closes the
 * connection, closing a socket whose kernel buffer still holds unread bytes makes TCP send a reset instead of an
 * orderly end; the reset can reach the phone before it has read the answer, and the family then sees "connection
 * reset" instead of "the image is too large". So the answer is sent with the end of our side of the connection, what
 * the client still sends is read and dropped, and the socket is destroyed when the client has closed its side, or
 * after LINGER_MS or LINGER_BYTES, whichever comes first.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export const LINGER_MS = 2000;
export const LINGER_BYTES = 16 * 1024 * 1024;

type LingeringSocket = Socket & { answering?: IncomingMessage };

/** Called for each request before the app sees it (main.ts and the tests' harness: the server's first 'request' listener). */
export function lingerOnEarlyClose(req: IncomingMessage): void {
  const socket = req.socket as LingeringSocket;
  const wrapped = socket.answering !== undefined;
  // The request being answered on this connection (one at a time: Node answers a connection's requests in order).
  socket.answering = req;
  if (wrapped) return;
  const closeNow = socket.destroySoon;
  // Node calls destroySoon when an answer that closes the connection has been handed to the socket.
  socket.destroySoon = function (this: LingeringSocket) {
    const unread = this.answering;
    if (!unread || unread.complete || this.destroyed) return closeNow.call(this);
    this.end();
    let dropped = 0;
    const stop = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    // The body goes on arriving through the request (Node's parser reads the socket); drop it there.
    unread.removeAllListeners('data');
    unread.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) stop();
    });
    unread.once('end', stop);
    unread.resume();
  };
}

// A push service on the loopback, for Firefox ESR's journeys (issue 32): Mozilla's autopush as Firefox speaks to it,
// so that the whole way of a notice runs here, with no stand-in on either side of it: the page subscribes through
// the browser's PushManager, the app sends the encrypted, signed request to the endpoint the browser was given, and
// Firefox decrypts it and wakes the service worker.
//
// Firefox side (its PushServiceWebSocket, `dom.push.serverURL`): JSON messages over one WebSocket. `hello` gives the
// browser its id; `register` (a channel, with the application server's key) answers with the endpoint; a
// `notification` carries the request's body, base64url, with its `encoding`; the browser says `ack` (or `nack`).
// App side: `POST /wpush/{channel}` with the encrypted body (RFC 8030), 201 once handed to a connected browser, 404
// for a channel nobody registered (the app then forgets the subscription, as it does with FCM's or Mozilla's).
// `GET /deliveries` lists what was handed on, for the journeys to ask.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import { WebSocketServer } from 'ws';

/** Starts it on a free loopback port; resolves to that port. */
export async function startPushService() {
  /** channel id -> the browser's id (uaid); uaid -> its socket while connected; uaid -> messages kept meanwhile */
  const channels = new Map();
  const browsers = new Map();
  const kept = new Map();
  const deliveries = [];
  const http = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/deliveries') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(deliveries));
      return;
    }
    const channel = /^\/wpush\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !channel) return void res.writeHead(404).end();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const uaid = channels.get(channel);
      if (!uaid) return void res.writeHead(404).end();
      const version = randomUUID();
      const message = JSON.stringify({
        messageType: 'notification',
        channelID: channel,
        version,
        data: Buffer.concat(chunks).toString('base64url'),
        headers: { encoding: req.headers['content-encoding'] },
      });
      // Kept for a browser that is away, and handed on when it says hello again (as autopush does, within the TTL).
      const socket = browsers.get(uaid);
      if (socket && socket.readyState === socket.OPEN) socket.send(message);
      else kept.set(uaid, [...(kept.get(uaid) ?? []), message]);
      deliveries.push({ channel, ttl: req.headers.ttl, vapid: /^vapid t=/.test(req.headers.authorization ?? '') });
      res.writeHead(201, { location: `/m/${version}` }).end();
    });
  });
  const sockets = new WebSocketServer({ server: http });
  sockets.on('connection', (socket) => {
    let uaid = null;
    socket.on('message', (raw) => {
      let msg;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      const port = http.address().port;
      if (msg.messageType === 'hello') {
        uaid = msg.uaid || randomUUID().replace(/-/g, '');
        browsers.set(uaid, socket);
        socket.send(JSON.stringify({ messageType: 'hello', status: 200, uaid, use_webpush: true, broadcasts: {} }));
        for (const message of kept.get(uaid) ?? []) socket.send(message);
        kept.delete(uaid);
      } else if (msg.messageType === 'register' && uaid) {
        channels.set(msg.channelID, uaid);
        socket.send(
          JSON.stringify({
            messageType: 'register',
            channelID: msg.channelID,
            status: 200,
            pushEndpoint: `http://127.0.0.1:${port}/wpush/${msg.channelID}`,
          }),
        );
      } else if (msg.messageType === 'unregister') {
        channels.delete(msg.channelID);
        socket.send(JSON.stringify({ messageType: 'unregister', channelID: msg.channelID, status: 200 }));
      } else if (msg.messageType === undefined) {
        // A ping.
        socket.send('{}');
      }
    });
    socket.on('close', () => {
      if (uaid && browsers.get(uaid) === socket) browsers.delete(uaid);
    });
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return http.address().port;
}

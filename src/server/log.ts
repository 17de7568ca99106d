/**
 * The server's log: one JSON object per line on stdout (no logger library; a line costs a JSON.stringify). Every line
 * has `time`, `level`, `instance` and `msg`, then its own fields. Nothing here reads a request: callers pass what may
 * be logged (never an Authorization header, a password, a token or a body).
 *
 * The lines of FLUSH_MS go out in one write (under load, a write per request showed as 5 % of the server's time: issue
 * 14's profile; a write per turn of the event loop still 3 % of a revalidation's: issue 30's); an error's line, and
 * whatever waits before it, is written at once, and what is left when the process exits is written then (stdout to a
 * file or a pipe is synchronous on Linux).
 */
import { hostname } from 'node:os';

export type LogLevel = 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

/** Which server wrote the line, when several run behind one load balancer (config INSTANCE_ID; main.ts sets it). */
let instance = `${hostname()}:${process.pid}`;
let instanceJson = JSON.stringify(instance);

export function setLogInstance(id: string): void {
  instance = id;
  instanceJson = JSON.stringify(id);
}

/** How long a line may wait for the others of its write. */
const FLUSH_MS = 10;
/** Written at once beyond this many characters. */
const MAX_PENDING = 64 * 1024;
let pending = '';
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (pending === '') return;
  const out = pending;
  pending = '';
  process.stdout.write(out);
}
process.on('exit', flush);

function write(line: string, now: boolean): void {
  pending += line;
  if (now || pending.length > MAX_PENDING) flush();
  else if (!scheduled) {
    scheduled = true;
    // Unref'd: a pending line does not keep the process up; 'exit' writes it.
    setTimeout(flush, FLUSH_MS).unref();
  }
}

export function log(level: LogLevel, msg: string, fields?: LogFields): void {
  write(`${JSON.stringify({ time: new Date().toISOString(), level, instance, msg, ...fields })}\n`, level === 'error');
}

/**
 * The line of one request (middleware/request-log.ts), the same as `log('info', 'request', {...})` would write, put
 * together without an object in between: it is written for every request.
 */
/** The time of a request's line: the same text for every line of one millisecond (issue 30's profile). */
let lastMs = 0;
let lastTime = '';
function timeNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = new Date(now).toISOString();
  }
  return lastTime;
}

export function logRequest(requestId: string, method: string, path: string, status: number, ms: number, bytes?: number): void {
  write(
    `{"time":"${timeNow()}","level":"info","instance":${instanceJson},"msg":"request","requestId":${JSON.stringify(requestId)},` +
      `"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms}${bytes === undefined ? '' : `,"bytes":${bytes}`}}\n`,
    false,
  );
}

/** An error as log fields: its message and stack (a non-Error is stringified). */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}

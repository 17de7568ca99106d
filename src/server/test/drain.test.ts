/**
 * The real server process, compiled as production runs it (out/server/main.js, vite.server.config.ts; rebuilt here
 * when its sources are newer): that it starts at all from the build (migrations, catalogs, native modules), its log lines (one JSON object per request, with the request id it answers with, and no secret from the path or
 * query), and its drain on SIGTERM: an upload under way when the signal comes still finishes with 201 and
 * `Connection: close`, new connections are refused, and the process exits 0. When the grace period runs out, what is
 * still under way is cut off and the process exits 0 all the same.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildServerIfStale, SERVER_ENTRY } from '../../../scripts/lib.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'Demo1234';

interface Line {
  time: string;
  level: string;
  instance: string;
  msg: string;
  [field: string]: unknown;
}

interface Running {
  child: ChildProcess;
  port: number;
  /** Every stdout line so far, parsed (the server writes nothing else there). */
  lines: Line[];
  stdout: () => string;
  exited: Promise<number | null>;
  waitFor: (test: (line: Line) => boolean, ms?: number) => Promise<Line>;
}

beforeAll(() => buildServerIfStale(), 120_000);

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function startServer(env: Record<string, string>): Promise<Running> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lm-drain-'));
  dirs.push(dataDir);
  // Always the embedded PGlite in its own DATA_DIR: this process seeds and owns its database.
  const { DATABASE_URL: _db, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'dist'), LOG_REQUESTS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const lines: Line[] = [];
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    const complete = out.slice(0, out.lastIndexOf('\n') + 1);
    const parsed = complete.split('\n').filter(Boolean);
    lines.length = 0;
    for (const text of parsed) lines.push(JSON.parse(text) as Line);
    waiters.forEach((w) => w());
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (test: (line: Line) => boolean, ms = 60_000) =>
    new Promise<Line>((resolve, reject) => {
      const check = () => {
        const found = lines.find(test);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such log line in:\n${out}`));
      }, ms);
      waiters.add(check);
      check();
    });
  // A loaded machine (CI's, other suites') can take long to start it.
  const listening = await waitFor((l) => l.msg.startsWith('Little Museum listening on'), 100_000);
  const port = Number(/localhost:(\d+)/.exec(listening.msg)![1]);
  return { child, port, lines, stdout: () => out, exited, waitFor };
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

function answerOf(req: ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
  });
}

function call(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false });
  const answer = answerOf(req);
  req.end(body);
  return answer;
}

const json = { 'Content-Type': 'application/json' };

/** Sends the request's headers (with `Expect: 100-continue`) and waits for the server's 100 Continue. */
function underWay(req: ClientRequest): Promise<void> {
  const going = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.flushHeaders();
  return going;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the server process', () => {
  it('logs one JSON line per request with its request id, without secrets; drains an upload on SIGTERM and exits 0', async () => {
    const server = await startServer({ DEMO: '1', SHUTDOWN_GRACE_MS: '20000', INSTANCE_ID: 'drain-test-1' });
    const { port } = server;

    // Request ids: a sane one sent is kept; anything else is replaced by a fresh one.
    const kept = await call(port, 'GET', '/api/public-navbar/', { 'X-Request-Id': 'lb-7f3a_9=' });
    expect(kept.status).toBe(200);
    expect(kept.headers['x-request-id']).toBe('lb-7f3a_9=');
    const replaced = await call(port, 'GET', '/api/public-navbar/', { 'X-Request-Id': 'a b"c' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await call(port, 'GET', '/api/public-navbar/', { 'X-Request-Id': 'x'.repeat(129) });
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const login = await call(port, 'POST', '/api/login/', json, JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }));
    expect(login.status).toBe(200);
    const access = (JSON.parse(login.body) as { access: string }).access;
    // Secrets in the path and in the query string stay out of the log.
    const link = await call(port, 'GET', '/api/verify-email/MTIz/secret-link-token-42/?next=secret-query-value');
    expect(link.status).toBeGreaterThanOrEqual(400);
    expect(link.headers['x-request-id'], 'an error answer has its id too').toMatch(/^[0-9a-f-]{36}$/);
    const listed = await call(port, 'GET', '/api/artworks/?page=1&token=secret-query-token', { Authorization: `Bearer ${access}` });
    expect(listed.status).toBe(200);

    const line = await server.waitFor((l) => l.msg === 'request' && l.requestId === 'lb-7f3a_9=');
    expect(line).toMatchObject({ level: 'info', instance: 'drain-test-1', method: 'GET', path: '/api/public-navbar/', status: 200 });
    expect(typeof line.ms).toBe('number');
    expect(Number.isNaN(Date.parse(line.time))).toBe(false);
    await server.waitFor((l) => l.msg === 'request' && l.requestId === replaced.headers['x-request-id']);
    const linkLine = await server.waitFor((l) => l.msg === 'request' && l.requestId === link.headers['x-request-id']);
    expect(linkLine.path).toBe('/api/verify-email/:uid/:token/');
    const listLine = await server.waitFor((l) => l.msg === 'request' && l.requestId === listed.headers['x-request-id']);
    expect(listLine.path).toBe('/api/artworks/');
    for (const secret of ['secret-link-token-42', 'secret-query', access, 'Bearer']) expect(server.stdout()).not.toContain(secret);

    // An upload (a profile with its picture) whose body is still arriving when SIGTERM comes.
    const boundary = 'lm-drain-test';
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      field('address', '東京都 (Tokyo)') +
        field('username', `drain${Date.now() % 100000}`) +
        field('first_name', 'Drain') +
        field('date_of_birth', '2018-05-01') +
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const half = Math.floor(picture.length / 2);
    const upload = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/register-profile/',
      agent: false,
      headers: {
        Authorization: `Bearer ${access}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + picture.length + tail.length),
        // The server's 100 Continue says that it has the request (it is under way) before the signal is sent.
        Expect: '100-continue',
      },
    });
    const uploaded = answerOf(upload);
    await underWay(upload);
    upload.write(Buffer.concat([head, picture.subarray(0, half)]));
    await sleep(200);

    server.child.kill('SIGTERM');
    const draining = await server.waitFor((l) => l.msg.startsWith('SIGTERM: draining'));
    expect(draining.msg).toContain('draining 1 request(s)');
    await sleep(200);
    expect(await accepts(port)).toBe(false);

    // The rest of the body, slowly: the server is still there for it.
    await sleep(500);
    upload.write(picture.subarray(half));
    await sleep(300);
    upload.end(tail);
    const answer = await uploaded;
    expect(answer.status, answer.body).toBe(201);
    expect(answer.headers.connection).toBe('close');

    expect(await server.exited).toBe(0);
    const uploadLine = server.lines.find((l) => l.msg === 'request' && l.path === '/api/register-profile/');
    expect(uploadLine).toMatchObject({ method: 'POST', status: 201 });
    expect(server.lines.at(-1)!.msg).toMatch(/^stopped after \d+ ms$/);
  }, 180_000);

  it('cuts off what is still under way when the grace period ends, and exits 0', async () => {
    const server = await startServer({ DEMO: '0', SHUTDOWN_GRACE_MS: '1000' });
    const body = JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const stuck = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/login/',
      agent: false,
      headers: { ...json, 'Content-Length': String(body.length), Expect: '100-continue' },
    });
    const answer = answerOf(stuck).then(
      (a) => a.status,
      () => 'cut',
    );
    await underWay(stuck);
    stuck.write(body.slice(0, 10));
    await sleep(200);
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(10_000);
    expect(await answer).toBe('cut');
    expect(server.lines.some((l) => l.level === 'warn' && l.msg === 'grace period over: 1 request(s) cut off')).toBe(true);
  }, 180_000);
});

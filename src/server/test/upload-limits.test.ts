/**
 * Issue 9, finding 6: one free account must not tie up the server with its uploads. The quota is
 * asked before anything is decoded (and before the body is read when the account is full), a
 * flood of fields or an oversized file ends the reading at once, and one account's concurrent
 * uploads are capped while another family's still go through.
 */
import { request as httpRequest } from 'node:http';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import type { AppDeps } from '../deps';
import { UPLOADS_PER_ACCOUNT, UPLOADS_WAITING_PER_ACCOUNT, UPLOADS_WORKED_AT_ONCE, workUpload } from '../domain/uploads';
import { ApiError } from '../errors';
import { profileForm, signupVerified, startTestServer, type TestServer } from './harness';
import { createWork, family, made, mediaFiles, png, workForm, type Kid } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const full = (count: number) => ({ images: [M.freePlanLimit.message.replace('{count}', String(count))] });

/** A JPEG cut in half: sharp fails to decode it, so an answer about it means it was decoded. */
async function truncatedJpeg(): Promise<{ bytes: Uint8Array; name: string; type: string }> {
  const whole = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg()
    .toBuffer();
  return { bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: 'cut.jpg', type: 'image/jpeg' };
}

const BOUNDARY = 'lm-upload-limits';
const enc = new TextEncoder();
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name = 'images') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const closing = `\r\n--${BOUNDARY}--\r\n`;

interface Streamed {
  status: number;
  connection: string | undefined;
  body: unknown;
  /** Chunks written when the answer came (the socket's buffers hold a few beyond what was read). */
  sent: number;
}

/**
 * POSTs a chunked multipart body: `first`, then `chunk` up to `times` times, then `last`, as fast as
 * the server takes them, stopping when the answer comes. node:http rather than fetch: once the server answers
 * and closes, writing on fails, and fetch may report that instead of the answer it had received. Even node:http
 * sometimes sees its write fail (EPIPE) before it has parsed the answer already sent: such an attempt must
 * still have stopped early (`sent` is checked by the caller on the answer), and is tried again, up to 3 times.
 */
async function streamed(
  path: string,
  token: string,
  first: string,
  chunk: Uint8Array,
  times: number,
  last: Uint8Array | string = closing,
): Promise<Streamed> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await streamedOnce(path, token, first, chunk, times, last);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== 'EPIPE' && code !== 'ECONNRESET')) throw err;
    }
  }
}

function streamedOnce(
  path: string,
  token: string,
  first: string,
  chunk: Uint8Array,
  times: number,
  last: Uint8Array | string,
): Promise<Streamed> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (res) => {
        answered = true;
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text), sent }));
      },
    );
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.write(first);
    const pump = () => {
      while (!answered && sent < times) {
        sent += 1;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(last);
    };
    pump();
  });
}

/** Rejects when `promise` takes longer than `ms`: an answer that waits for the body fails the test. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
  ]);
}

describe('the quota comes before decoding', () => {
  it('refuses a full account with an image it would fail to decode: the quota answers, not the decoder', async () => {
    const { kids } = await family(s);
    await made(s, kids[0]!, { images: await Promise.all([1, 2, 3, 4, 5].map(() => png())) });
    const before = await mediaFiles(s);
    // With a new key too: it has no stored reply, so it cannot be a replay.
    for (const key of [undefined, crypto.randomUUID()]) {
      const res = await createWork(s, kids[0]!, { images: [await png(), await truncatedJpeg()] }, key);
      expect(res).toMatchObject({ status: 400, body: full(5) });
    }
    expect(await mediaFiles(s)).toEqual(before);
  });

  it('refuses images that do not fit with the real count, before decoding any of them', async () => {
    const { kids } = await family(s);
    await made(s, kids[0]!, { images: [await png(), await png(), await png(), await png()] });
    // One image would fit; two do not, and the second would not decode.
    const res = await createWork(s, kids[0]!, { images: [await png(), await truncatedJpeg()] });
    expect(res).toMatchObject({ status: 400, body: full(4) });
    // An update that adds them is refused the same way.
    const id = await made(s, kids[0]!, { images: [await png()] });
    const update = await s.request(`/api/artworks/${id}/update/`, {
      token: kids[0]!.access,
      form: workForm({ title: 'More', images: [await truncatedJpeg()] }),
    });
    expect(update).toMatchObject({ status: 400, body: full(5) });
  });

  it('answers a full account before reading its body, and closes the connection', async () => {
    const { kids } = await family(s);
    await made(s, kids[0]!, { images: await Promise.all([1, 2, 3, 4, 5].map(() => png())) });
    const url = new URL(s.url);
    const started = performance.now();
    const reply = await within(
      5000,
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/artworks/',
            method: 'POST',
            headers: {
              Authorization: `Bearer ${kids[0]!.access}`,
              'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
              'Content-Length': String(20 * 1024 * 1024),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
          },
        );
        req.on('error', reject);
        // 20 MB are declared; only the first field comes. The answer must not wait for the rest.
        req.write(part('title', 'never read'));
      }),
      'full account',
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual(full(5));
    expect(reply.connection).toBe('close');
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('a phone on a slow uplink', () => {
  it("gets a full account's refusal for a small work as a 400 once it has sent it, not as a cut connection", async () => {
    const { kids } = await family(s);
    await made(s, kids[0]!, { images: await Promise.all([1, 2, 3, 4, 5].map(() => png())) });
    const body = Buffer.concat([Buffer.from(part('title', 'On the bus') + fileHead()), Buffer.alloc(600 * 1024, 7), Buffer.from(closing)]);
    const url = new URL(s.url);
    const reply = await within(
      20_000,
      new Promise<{ status: number; connection: string | undefined; body: string; writeError: unknown }>((resolve, reject) => {
        let writeError: unknown = null;
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/artworks/',
            method: 'POST',
            headers: {
              Authorization: `Bearer ${kids[0]!.access}`,
              'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
              'Content-Length': String(body.length),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text, writeError }));
          },
        );
        req.on('error', (err) => {
          writeError = err;
          reject(err);
        });
        // 64 KB every 40 ms, as a phone's uplink would send it; every byte goes, whatever comes back meanwhile.
        let offset = 0;
        const next = () => {
          if (offset >= body.length) return void req.end();
          req.write(body.subarray(offset, offset + 64 * 1024));
          offset += 64 * 1024;
          setTimeout(next, 40);
        };
        next();
      }),
      'slow full-account upload',
    );
    expect(reply.writeError).toBeNull();
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual(full(5));
    expect(reply.connection).not.toBe('close');
  });
});

describe('the reading stops at the first broken limit', () => {
  it('answers a form of a million fields with 400 at once, without reading it', async () => {
    const { kids } = await family(s);
    // 1 MB of fields per chunk, about 20,000 of them; 50 chunks make a million, then an image:
    // a well-formed work that the old reader parsed whole, on the event loop, and accepted.
    const one = part('x', '1');
    const chunk = enc.encode(one.repeat(Math.floor((1024 * 1024) / one.length)));
    const image = Buffer.concat([Buffer.from(fileHead()), await png(), Buffer.from(closing)]);
    const started = performance.now();
    const res = await streamed('/api/artworks/', kids[0]!.access, part('title', 'Fields'), chunk, 50, image);
    const elapsed = performance.now() - started;
    expect(res).toMatchObject({ status: 400, body: { non_field_errors: [M.invalidBody.message] }, connection: 'close' });
    expect(res.sent).toBeLessThan(20);
    expect(elapsed).toBeLessThan(2000);
    // The profile form reads through the same reader.
    const { access } = await signupVerified(s);
    const profile = await streamed('/api/register-profile/', access, part('username', 'flood'), chunk, 50, `--${BOUNDARY}--\r\n`);
    expect(profile).toMatchObject({ status: 400, body: { non_field_errors: [M.invalidBody.message] } });
    expect(profile.sent).toBeLessThan(20);
  });

  it('refuses a file over 15 MB while it streams, not after', async () => {
    const { kids } = await family(s);
    const mb = new Uint8Array(1024 * 1024);
    // 60 MB in one file part: under the body's 76 MB, four times a file's 15 MB.
    const res = await streamed('/api/artworks/', kids[0]!.access, part('title', 'Big') + fileHead(), mb, 60);
    expect(res).toMatchObject({ status: 400, body: { images: [M.imageTooLarge.message] }, connection: 'close' });
    expect(res.sent).toBeLessThan(30);

    const { access } = await signupVerified(s);
    const picture = await streamed('/api/register-profile/', access, part('username', 'bigpic') + fileHead('profile_picture'), mb, 60);
    expect(picture).toMatchObject({ status: 400, body: { profile_picture: [M.imageTooLarge.message] } });
    expect(picture.sent).toBeLessThan(30);
  });

  it('still takes a well-formed profile with its picture', async () => {
    const { access } = await signupVerified(s);
    const form = profileForm('pictured', {
      profile_picture: new File([new Uint8Array(await png(300, 300))], 'a.png', { type: 'image/png' }),
    });
    const res = await s.request('/api/register-profile/', { token: access, form });
    expect(res.status).toBe(201);
    expect(res.body.profile_picture).toMatch(/^\/media\/avatars\//);
  });
});

describe('concurrent uploads of one account', () => {
  /** An upload whose body stops halfway through its image until `release` is called. */
  async function held(kid: Kid, image: Buffer, released: Promise<void>): Promise<Response> {
    const half = Math.floor(image.length / 2);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(enc.encode(part('title', 'Held') + fileHead()));
        controller.enqueue(image.subarray(0, half));
      },
      async pull(controller) {
        await released;
        controller.enqueue(image.subarray(half));
        controller.enqueue(enc.encode(closing));
        controller.close();
      },
    });
    return fetch(`${s.url}/api/artworks/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${kid.access}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: 'half',
    } as RequestInit);
  }

  it('refuses uploads beyond the running and waiting ones with 429, while another family uploads', async () => {
    const { kids } = await family(s);
    const other = await family(s);
    const admitted = UPLOADS_PER_ACCOUNT + UPLOADS_WAITING_PER_ACCOUNT;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const images = await Promise.all(Array.from({ length: admitted + 2 }, () => png()));
    const replies = images.map((image) => held(kids[0]!, image, released).then(async (res) => ({ res, body: await res.json() })));

    // The two beyond the cap are answered at once, while the others' bodies are still held.
    const settled: { res: Response; body: unknown }[] = [];
    for (const reply of replies) void reply.then((r) => settled.push(r));
    await within(
      5000,
      (async () => {
        while (settled.length < 2) await new Promise((r) => setTimeout(r, 20));
      })(),
      'the uploads beyond the cap',
    );
    expect(settled.map((r) => r.res.status)).toEqual([429, 429]);
    for (const r of settled) {
      expect(r.body).toEqual({ detail: M.uploadBusy.message });
      expect(r.res.headers.get('connection')).toBe('close');
    }

    // Another family is not held up by them.
    expect((await createWork(s, other.kids[0]!, {})).status).toBe(201);
    expect(settled).toHaveLength(2);

    // Released, the admitted ones go through in turn: five fill the free plan, the rest are refused.
    release();
    const statuses = (await Promise.all(replies)).map((r) => r.res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(admitted - 5).fill(400), 429, 429]);
  });
});

describe('uploads worked at once by an instance', () => {
  it('works at most UPLOADS_WORKED_AT_ONCE, the rest in arrival order, and a failed one gives its place back', async () => {
    const deps = {} as AppDeps;
    const started: number[] = [];
    const finish = new Map<number, (fail: boolean) => void>();
    const jobs = Array.from({ length: UPLOADS_WORKED_AT_ONCE + 3 }, (_, i) =>
      workUpload(deps, async () => {
        started.push(i);
        const fail = await new Promise<boolean>((resolve) => finish.set(i, resolve));
        if (fail) throw new Error(`upload ${i} failed`);
        return i;
      }).then(
        (v) => ({ ok: v }),
        (err: Error) => ({ err: err.message }),
      ),
    );
    const tick = () => new Promise((r) => setTimeout(r, 5));
    await tick();
    const first = Array.from({ length: UPLOADS_WORKED_AT_ONCE }, (_, i) => i);
    expect(started).toEqual(first);

    // A failure frees its place for the next in line, and only that one starts.
    finish.get(0)!(true);
    await tick();
    expect(started).toEqual([...first, UPLOADS_WORKED_AT_ONCE]);
    // Another app (another instance's deps) has places of its own.
    expect(await workUpload({} as AppDeps, async () => 'other')).toBe('other');

    for (let i = 1; i < UPLOADS_WORKED_AT_ONCE + 3; i += 1) {
      await tick();
      finish.get(i)!(false);
    }
    const results = await Promise.all(jobs);
    expect(started).toEqual(Array.from({ length: UPLOADS_WORKED_AT_ONCE + 3 }, (_, i) => i));
    expect(results[0]).toEqual({ err: 'upload 0 failed' });
    expect(results.slice(1)).toEqual(Array.from({ length: UPLOADS_WORKED_AT_ONCE + 2 }, (_, i) => ({ ok: i + 1 })));
  });

  it('answers 503 with Retry-After to an upload that waited too long for a place, which then takes none', async () => {
    const deps = {} as AppDeps;
    const hold: (() => void)[] = [];
    const held = Array.from({ length: UPLOADS_WORKED_AT_ONCE }, () =>
      workUpload(deps, () => new Promise<string>((resolve) => hold.push(() => resolve('held')))),
    );
    const late = await workUpload(deps, async () => 'ran', 20).then(
      () => null,
      (err: unknown) => err,
    );
    expect(late).toBeInstanceOf(ApiError);
    expect((late as ApiError).status).toBe(503);
    expect((late as ApiError).headers).toEqual({ 'Retry-After': '10' });
    // The one that gave up is out of the line: the next one waits for the first place given back, and gets it.
    const next = workUpload(deps, async () => 'next', 1_000);
    hold.shift()!();
    expect(await next).toBe('next');
    for (const release of hold) release();
    expect(await Promise.all(held)).toEqual(Array.from({ length: UPLOADS_WORKED_AT_ONCE }, () => 'held'));
    // Every place is free again: as many run at once as before.
    const again = await Promise.all(Array.from({ length: UPLOADS_WORKED_AT_ONCE }, () => workUpload(deps, async () => 1, 0)));
    expect(again).toHaveLength(UPLOADS_WORKED_AT_ONCE);
  });
});

/**
 * The family circle's notices (issue 32), over HTTP: Web Push to a local push service that decrypts each payload
 * with the subscription's own keys (RFC 8291) and checks the VAPID signature (RFC 8292), as a browser's push service
 * and service worker would; and the weekly e-mail for fans without push, with its one-click stop (RFC 8058).
 */
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { CIRCLE } from '../circle-messages';
import { circleFans, pushSubscriptions, users } from '../db/schema';
import { sweepCircleDigests } from '../domain/circle-digest';
import { settled } from '../domain/push';
import { recordCheck, signupVerified, startTestServer, type TestServer } from './harness';
import { family, made, workForm, type Family } from './works-helpers';

/** What the local push service received at one endpoint: decrypted, with the VAPID claims it checked. */
interface Received {
  payload: { title: string; body: string; url: string; tag: string };
  bytes: number;
  plain: number;
  aud: string;
  ttl: string | undefined;
}

/** A device: its keys, as PushManager.subscribe() makes them, and what reached it. */
interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  auth: Buffer;
  received: Received[];
}

let push: Server;
let pushHost: string;
const devices = new Map<string, Device>();
/** The status the local service answers for a path (201 unless told). */
const answers = new Map<string, number>();
let s: TestServer;
let vapidKey: string;

beforeAll(async () => {
  push = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const device = devices.get(req.url ?? '');
        const status = answers.get(req.url ?? '') ?? 201;
        if (!device || status !== 201) {
          res.writeHead(device ? status : 404).end();
          return;
        }
        const body = Buffer.concat(chunks);
        // RFC 8292: "vapid t=<JWT>, k=<the server's public key>", the JWT signed by that key for this origin.
        const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(req.headers.authorization ?? '') ?? [];
        expect(k).toBe(vapidKey);
        const raw = Buffer.from(k!, 'base64url');
        const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
        const { payload: claims } = await jwtVerify(jwt!, await importJWK(jwk, 'ES256'));
        expect(req.headers['content-encoding']).toBe('aes128gcm');
        const plain: Buffer = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth.toString('base64url'),
        });
        device.received.push({
          payload: JSON.parse(plain.toString('utf8')) as Received['payload'],
          bytes: body.length,
          plain: plain.length,
          aud: String(claims.aud),
          ttl: req.headers.ttl as string | undefined,
        });
        res.writeHead(201).end();
      })().catch(() => res.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
  pushHost = `127.0.0.1:${(push.address() as AddressInfo).port}`;
  s = await startTestServer({ env: { PUSH_EXTRA_HOSTS: pushHost } });
  vapidKey = (await s.request('/api/push/key/')).body.public_key;
});
afterAll(async () => {
  await settled();
  await s.close();
  await new Promise((resolve) => push.close(resolve));
});

let deviceCount = 0;
function device(): Device {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const d: Device = {
    endpoint: `http://${pushHost}/push/${++deviceCount}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    ecdh,
    auth,
    received: [],
  };
  devices.set(`/push/${deviceCount}`, d);
  return d;
}

/** A device's subscription under the account's own login, or (`child`) under a child's. */
const subscribe = (token: string, d: Device, lang = 'en', login: 'parent' | 'child' = 'parent') =>
  s.request(`/api/push/${login === 'child' ? 'child-subscriptions' : 'subscriptions'}/?language=${lang}`, {
    method: 'POST',
    token,
    json: { endpoint: d.endpoint, keys: d.keys },
  });

async function shareWithCircle(fam: Family, title: string): Promise<number> {
  const k = fam.kids[0]!;
  const id = await made(s, k, { title });
  const res = await s.request(`/api/artworks/${id}/update/`, {
    method: 'POST',
    token: k.access,
    form: workForm({ title, is_public: false, is_circle: true }),
  });
  expect(res.status).toBe(200);
  return id;
}

/** A family with one child, and a grandma (a fan account of her own) who follows it; comments wait for approval. */
async function circleOf(needsApproval = true) {
  const fam = await family(s, 1);
  const gran = await signupVerified(s);
  const inv = await s.request('/api/circle/invitations/', {
    method: 'POST',
    token: fam.parent,
    json: { role: 'grandma', children: [fam.kids[0]!.id], needs_approval: needsApproval },
  });
  const joined = await s.request(`/api/circle/join/${inv.body.token}/?language=ja`, { method: 'POST', token: gran.access });
  expect(joined.status).toBe(200);
  return { fam, gran };
}

describe('Web Push', () => {
  it('refuses a subscription that is not a push service, without a login, or malformed', async () => {
    const { fam } = await circleOf();
    const d = device();
    expect((await s.request('/api/push/subscriptions/', { method: 'POST', json: { endpoint: d.endpoint, keys: d.keys } })).status).toBe(
      401,
    );
    // An address inside our network, another scheme, a credential in the URL: never a place the server sends to.
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'https://localhost/push',
      'https://fcm.googleapis.com.evil.example/x',
      `https://user:pw@${pushHost}/push/x`,
      'https://fcm.googleapis.com:8443/x',
    ]) {
      const res = await s.request('/api/push/subscriptions/', { method: 'POST', token: fam.parent, json: { endpoint, keys: d.keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.endpoint).toEqual([CIRCLE.pushEndpointRefused.message]);
    }
    for (const json of [
      { endpoint: 'not a url', keys: d.keys },
      { endpoint: `${d.endpoint}\u0000`, keys: d.keys },
      { endpoint: `${d.endpoint}/${'x'.repeat(2000)}`, keys: d.keys },
      { endpoint: d.endpoint, keys: { p256dh: 'short', auth: d.keys.auth } },
      { endpoint: d.endpoint },
    ]) {
      const res = await s.request('/api/push/subscriptions/', { method: 'POST', token: fam.parent, json });
      expect(res.status).toBe(400);
    }
    // Google's, Mozilla's and Apple's services are accepted.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(
        (await s.request('/api/push/subscriptions/', { method: 'POST', token: fam.parent, json: { endpoint, keys: d.keys } })).status,
      ).toBe(201);
    }
    const mine = await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'https://web.push.apple.com/QGx'));
    expect(mine).toHaveLength(1);
    // One login keeps its newest three: a caller cannot make each notice go to many endpoints.
    for (let i = 0; i < 5; i++) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/many-${i}`;
      expect(
        (await s.request('/api/push/subscriptions/', { method: 'POST', token: fam.parent, json: { endpoint, keys: d.keys } })).status,
      ).toBe(201);
    }
    const kept = await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.sessionId, mine[0]!.sessionId));
    expect(kept.map((k) => k.endpoint).sort()).toEqual([2, 3, 4].map((i) => `https://fcm.googleapis.com/fcm/send/many-${i}`));
    // Another account cannot remove it; its own can.
    const stranger = await family(s);
    await s.request('/api/push/subscriptions/remove/', {
      method: 'POST',
      token: stranger.parent,
      json: { endpoint: 'https://fcm.googleapis.com/fcm/send/many-4' },
    });
    expect(
      await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/fcm/send/many-4')),
    ).toHaveLength(1);
    await s.request('/api/push/subscriptions/remove/', {
      method: 'POST',
      token: fam.parent,
      json: { endpoint: 'https://fcm.googleapis.com/fcm/send/many-4' },
    });
    expect(
      await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/fcm/send/many-4')),
    ).toHaveLength(0);
  });

  it('a fan hears of a new circle work, encrypted for their device, once a day; a private work says nothing', async () => {
    const { fam, gran } = await circleOf();
    const phone = device();
    expect((await subscribe(gran.access, phone, 'ja')).status).toBe(201);
    // Private: nothing.
    await made(s, fam.kids[0]!, { title: 'secret' });
    await settled();
    expect(phone.received).toHaveLength(0);

    const id = await shareWithCircle(fam, 'flowers');
    await settled();
    expect(phone.received).toHaveLength(1);
    const [got] = phone.received;
    const username = (await s.request('/api/fan/children/', { token: gran.access })).body.results[0].username as string;
    expect(got!.payload).toEqual({
      title: `${username}の新しい作品がとどきました`,
      body: expect.stringContaining(username),
      url: `/circle/${fam.kids[0]!.id}`,
      tag: `circle-child-${fam.kids[0]!.id}`,
    });
    expect(got!.aud).toBe(`http://${pushHost}`);
    expect(got!.ttl).toBe(String(24 * 60 * 60));
    // The payload is ciphertext on the wire: no word of it in the clear.
    expect(got!.bytes).toBeGreaterThan(got!.plain);
    expect(id).toBeGreaterThan(0);

    // A second work the same day waits for tomorrow's.
    await shareWithCircle(fam, 'sea');
    await settled();
    expect(phone.received).toHaveLength(1);
    recordCheck('push payload', `new work: ${got!.plain} B plain, ${got!.bytes} B encrypted`);
  });

  it('a waiting comment reaches the parent (not its words), the child only once approved; a removed fan hears nothing', async () => {
    const { fam, gran } = await circleOf(true);
    const parentPhone = device();
    const childTablet = device();
    const granPhone = device();
    expect((await subscribe(fam.parent, parentPhone)).status).toBe(201);
    // Each login subscribes through its own call: a child token cannot take the account's notices, nor the reverse.
    expect((await subscribe(fam.kids[0]!.access, childTablet)).status).toBe(403);
    expect((await subscribe(fam.parent, childTablet, 'en', 'child')).status).toBe(403);
    expect((await subscribe(fam.kids[0]!.access, childTablet, 'en', 'child')).status).toBe(201);
    expect((await subscribe(gran.access, granPhone)).status).toBe(201);
    const work = await shareWithCircle(fam, 'cat');
    await settled();
    // The fan's notice went to the fan, not to the family's devices.
    expect(granPhone.received).toHaveLength(1);
    expect(parentPhone.received).toHaveLength(0);
    expect(childTablet.received).toHaveLength(0);

    const secret = 'a comment with words only a parent should read first';
    const c = await s.request(`/api/fan/works/${work}/comments/`, { method: 'POST', token: gran.access, json: { body: secret } });
    expect(c.status).toBe(201);
    await settled();
    expect(parentPhone.received.map((r) => r.payload)).toEqual([
      {
        title: 'A comment is waiting for your approval',
        body: expect.stringMatching(/^Grandma commented on a work by /),
        url: '/account-info#family-circle',
        tag: 'circle-waiting',
      },
    ]);
    expect(JSON.stringify(parentPhone.received)).not.toContain('words only');
    recordCheck(
      'push payload waiting',
      `comment waiting: ${parentPhone.received[0]!.plain} B plain, ${parentPhone.received[0]!.bytes} B encrypted`,
    );
    expect(childTablet.received).toHaveLength(0);

    expect((await s.request(`/api/circle/comments/${c.body.id}/approve/`, { method: 'POST', token: fam.parent })).status).toBe(200);
    await settled();
    expect(childTablet.received.map((r) => r.payload)).toEqual([
      {
        title: 'You have a comment from Grandma!',
        body: 'Open your work to read it.',
        url: `/gallery-detail/${work}`,
        tag: `circle-comment-${work}`,
      },
    ]);
    recordCheck(
      'push payload approved',
      `comment approved: ${childTablet.received[0]!.plain} B plain, ${childTablet.received[0]!.bytes} B encrypted`,
    );

    // The parent removes grandma: her phone hears of nothing more, even a day later.
    const fanId = (await s.request('/api/circle/', { token: fam.parent })).body.fans[0].id as number;
    expect((await s.request(`/api/circle/fans/${fanId}/`, { method: 'DELETE', token: fam.parent })).status).toBe(200);
    await shareWithCircle(fam, 'dog');
    await settled();
    expect(granPhone.received).toHaveLength(1);
  });

  it("a logout ends its device's notices; a subscription the push service says is gone is forgotten", async () => {
    const { fam, gran } = await circleOf(false);
    const phone = device();
    const login = await s.request('/api/login/', { json: { email: gran.email, password: 'Passw0rdOk' } });
    expect((await subscribe(login.body.access, phone)).status).toBe(201);
    expect(
      (await s.request('/api/logout/', { method: 'POST', token: login.body.access, json: { refresh: login.body.refresh } })).status,
    ).toBeLessThan(300);
    await shareWithCircle(fam, 'tree');
    await settled();
    expect(phone.received).toHaveLength(0);

    // A password change (say, after a phone was lost) revokes every login's tokens: their devices hear nothing more.
    const lost = device();
    const other = await s.request('/api/login/', { json: { email: gran.email, password: 'Passw0rdOk' } });
    expect((await subscribe(other.body.access, lost)).status).toBe(201);
    const changed = await s.request('/api/account-info/', {
      method: 'PATCH',
      token: gran.access,
      json: { password: 'Changed123', current_password: 'Passw0rdOk' },
    });
    expect(changed.status).toBe(200);
    gran.access = changed.body.access as string;
    await s.deps.db.update(circleFans).set({ newWorkPushedAt: null });
    await shareWithCircle(fam, 'star');
    await settled();
    expect(lost.received).toHaveLength(0);

    const gone = device();
    expect((await subscribe(gran.access, gone)).status).toBe(201);
    answers.set(new URL(gone.endpoint).pathname, 410);
    await s.deps.db.update(circleFans).set({ newWorkPushedAt: null });
    await shareWithCircle(fam, 'moon');
    await settled();
    expect(await s.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).toHaveLength(0);
  });
});

describe('the weekly e-mail', () => {
  const rawMail = async (to: string) => {
    const mail = (await s.mails()).filter((m) => m.to === to && m.text.includes('/circle/digest-off/')).at(-1);
    // The headers unfolded (RFC 5322 §2.2.3: a long one goes on over lines that start with a space).
    const raw = mail ? (await readFile(join(s.dataDir, 'outbox', mail.file), 'utf8')).replace(/\r?\n[ \t]+/g, ' ') : '';
    return mail ? { mail, raw } : undefined;
  };
  /** A week and a day since the fan's last e-mail: the next sweep finds it due. */
  const weekOn = (email: string) =>
    s.deps.db
      .update(users)
      .set({ circleDigestAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(users.email, email));

  it('goes weekly to a fan without push, in their language, with a one-click stop', async () => {
    const { fam, gran } = await circleOf();
    // The first sweep starts the clock: nothing yet.
    await sweepCircleDigests(s.deps);
    expect(await rawMail(gran.email)).toBeUndefined();
    await shareWithCircle(fam, 'rainbow');
    await shareWithCircle(fam, 'sun');
    await s.deps.db
      .update(users)
      .set({ circleDigestAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(eq(users.email, gran.email));
    // A week on: the two works shared since are in it.
    await sweepCircleDigests(s.deps);
    const first = await rawMail(gran.email);
    expect(first).toBeDefined();
    // Joined in Japanese: written in Japanese.
    expect(first!.mail.text).toContain('新しい作品 2点');
    expect(first!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const stopApi = /^List-Unsubscribe: ?<([^>]+)>$/m.exec(first!.raw)![1]!;
    const token = /\/circle\/digest-off\/([^/\s]+)/.exec(first!.mail.text)![1]!;
    expect(stopApi).toBe(`http://museum.test/api/circle/digest-off/${token}/`);
    // A second sweep the same week sends nothing.
    const count = (await s.mails()).length;
    await sweepCircleDigests(s.deps);
    expect((await s.mails()).length).toBe(count);

    // A forged or altered token: 404. The real one, as a mail client's one-click POST (RFC 8058): stopped.
    const bad = await s.request(`/api/circle/digest-off/${token.slice(0, -2)}xx/`, { method: 'POST' });
    expect(bad).toMatchObject({ status: 404, body: { detail: CIRCLE.digestLinkInvalid.message } });
    expect((await s.request(`/api/circle/digest-off/${'%00'}/`, { method: 'POST' })).status).toBe(404);
    const stop = await s.request(new URL(stopApi).pathname, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(stop).toMatchObject({ status: 200, body: { message: CIRCLE.digestOff.message } });
    expect((await s.request('/api/fan/settings/', { token: gran.access })).body).toEqual({ digest: false });
    await weekOn(gran.email);
    await sweepCircleDigests(s.deps);
    expect((await s.mails()).length).toBe(count);
    // Turned on again from the circle page.
    expect((await s.request('/api/fan/settings/', { method: 'PATCH', token: gran.access, json: { digest: true } })).body).toEqual({
      digest: true,
    });
    expect((await s.request('/api/fan/settings/', { method: 'PATCH', token: gran.access, json: { digest: 'yes' } })).status).toBe(400);
  });

  it('is sent again at the next sweep when the mail server could not be reached; not when it refuses the address', async () => {
    const { fam, gran } = await circleOf();
    await sweepCircleDigests(s.deps);
    await shareWithCircle(fam, 'kite');
    await weekOn(gran.email);
    const send = s.deps.mail.send;
    const failing = (err: Error) =>
      vi.spyOn(s.deps.mail, 'send').mockImplementation((m) => (m.to === gran.email ? Promise.reject(err) : send.call(s.deps.mail, m)));
    // The mail server is down (nodemailer's connection error has no SMTP code): nothing went, and the next sweep sends it.
    const down = failing(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }));
    await sweepCircleDigests(s.deps);
    down.mockRestore();
    expect(await rawMail(gran.email)).toBeUndefined();
    await sweepCircleDigests(s.deps);
    expect((await rawMail(gran.email))?.mail.text).toContain('新しい作品 1点');

    // The server refuses the address (550): not tried again every sweep; next week's e-mail is the next try.
    await shareWithCircle(fam, 'boat');
    await weekOn(gran.email);
    const refused = failing(Object.assign(new Error('550 No such user'), { responseCode: 550 }));
    await sweepCircleDigests(s.deps);
    await sweepCircleDigests(s.deps);
    expect(refused).toHaveBeenCalledTimes(1);
    refused.mockRestore();
  });

  it("does not go to a fan whose phone gets pushes, and goes again once that phone's login is ended", async () => {
    const { fam, gran } = await circleOf();
    const phone = device();
    expect((await subscribe(gran.access, phone)).status).toBe(201);
    await shareWithCircle(fam, 'kite');
    await settled();
    expect(phone.received).toHaveLength(1);
    await weekOn(gran.email);
    await sweepCircleDigests(s.deps);
    expect(await rawMail(gran.email)).toBeUndefined();

    // A password change revokes every login's tokens: the phone hears nothing more (the notices' rule), so it no
    // longer counts as a device that hears, and the week's works come by e-mail again (the same rule, push.liveLogin).
    const changed = await s.request('/api/account-info/', {
      method: 'PATCH',
      token: gran.access,
      json: { password: 'Changed123', current_password: 'Passw0rdOk' },
    });
    expect(changed.status).toBe(200);
    await s.deps.db.update(circleFans).set({ newWorkPushedAt: null });
    await shareWithCircle(fam, 'boat');
    await settled();
    expect(phone.received).toHaveLength(1);
    await weekOn(gran.email);
    await sweepCircleDigests(s.deps);
    expect((await rawMail(gran.email))?.mail.text).toBeDefined();
  });
});

/**
 * Issue 27, finding 4: login throttling slows guessing without handing the lock to an attacker (decisions.md, "Added
 * 2026-11-27"). Failures count per account and address pair; known addresses pass the account-wide delay; a delay is
 * a 429 with Retry-After before any password check. The clock is the test's, so delays pass without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOGIN_THROTTLE } from '@contract/rate-limits';
import { loginAddresses, loginThrottles } from '../db/schema';
import { linkParts, PASSWORD, signupVerified, startTestServer, uniqueEmail, type Reply, type TestServer } from './harness';

let s: TestServer;
let now = Date.now();
// Instances of one deployment share the secret (their tokens must verify everywhere), and so their throttle keys.
const env = { JWT_SECRET: 'login-throttle-test-secret-of-at-least-32-bytes' };
beforeAll(async () => {
  s = await startTestServer({ seed: false, clock: () => new Date(now), env });
});
afterAll(() => s.close());

const login = (email: string, password: string, ip: string, server = s) => server.request('/api/login/', { json: { email, password }, ip });

let subnet = 0;
/** Addresses of their own for each test: a.b.c.1, a.b.c.2... */
function addresses(): (n: number) => string {
  const block = ++subnet;
  return (n) => `100.${64 + block}.${Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/** A verified parent that has logged in from `known` (the harness's own login used a random address). */
async function owner(known: string): Promise<string> {
  const { email } = await signupVerified(s);
  expect((await login(email, PASSWORD, known)).status).toBe(200);
  return email;
}

function tally(replies: Reply[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of replies) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

describe('an attacker does not lock the owner out', () => {
  it("60 failures from one address (against the victim and others) stop neither the owner's new nor known address", async () => {
    const ip = addresses();
    const [X, K, Y] = [ip(1), ip(2), ip(3)];
    const victim = await owner(K);
    const replies: Reply[] = [];
    for (let i = 0; i < 60; i++) replies.push(await login(i % 2 ? victim : uniqueEmail('other'), 'Wrong1234', X));
    const counts = tally(replies);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(30 + LOGIN_THROTTLE.pairUnknown.free);

    expect((await login(victim, PASSWORD, Y)).status).toBe(200);
    expect((await login(victim, PASSWORD, K)).status).toBe(200);
  });

  it("a classroom: a sprayer behind the school's address slows only that address's unknown accounts", async () => {
    const ip = addresses();
    const school = ip(1);
    const parent = await owner(school);
    const newcomer = (await signupVerified(s)).email;
    for (let i = 0; i < 60; i++) expect([401, 429]).toContain((await login(uniqueEmail('spray'), 'Wrong1234', school)).status);
    // A parent who logged in at school before gets in at once.
    expect((await login(parent, PASSWORD, school)).status).toBe(200);
    // A newcomer there waits for the delay (told how long), then gets in: slowed, not refused.
    const slowed = await login(newcomer, PASSWORD, school);
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_THROTTLE.address.capSeconds);
    expect(slowed.body.detail).toMatch(/wait \d+ (s|min) and try again/);
    now += wait * 1000;
    expect((await login(newcomer, PASSWORD, school)).status).toBe(200);
  });

  it("the owner's own typos slow the right password down for at most a minute from a known address, then start afresh", async () => {
    const ip = addresses();
    const K = ip(1);
    const email = await owner(K);
    for (let i = 0; i < LOGIN_THROTTLE.pairKnown.free + 3; i++) await login(email, 'Typo12345', K);
    const slowed = await login(email, PASSWORD, K);
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_THROTTLE.pairKnown.capSeconds);
    now += wait * 1000;
    expect((await login(email, PASSWORD, K)).status).toBe(200);
    // The success cleared the pair: the next few typos are checked at once again.
    for (let i = 0; i < LOGIN_THROTTLE.pairKnown.free; i++) expect((await login(email, 'Typo12345', K)).status).toBe(401);
  });
});

describe('guessing stays slow', () => {
  it('1,000 guesses from one address: a handful are checked, the rest refused; the owner elsewhere gets in', async () => {
    const ip = addresses();
    const [X, Y] = [ip(1), ip(2)];
    const email = await owner(ip(3));
    const replies: Reply[] = [];
    for (let i = 0; i < 1000; i++) replies.push(await login(email, `Guess${String(i).padStart(4, '0')}x`, X));
    const counts = tally(replies);
    expect(counts[200]).toBeUndefined();
    expect(counts[401]).toBeLessThanOrEqual(LOGIN_THROTTLE.pairUnknown.free + 1);
    expect(counts[429]).toBeGreaterThanOrEqual(1000 - LOGIN_THROTTLE.pairUnknown.free - 1);
    expect(replies.filter((r) => r.status === 429).every((r) => Number(r.headers.get('Retry-After')) > 0)).toBe(true);
    expect((await login(email, PASSWORD, Y)).status).toBe(200);
  });

  it('1,000 guesses from one address spread over ~3 hours: a few dozen checks at most', async () => {
    const ip = addresses();
    const email = await owner(ip(2));
    let checked = 0;
    for (let i = 0; i < 1000; i++) {
      now += 10_000;
      const r = await login(email, `Guess${String(i).padStart(4, '0')}y`, ip(1));
      expect(r.status).not.toBe(200);
      if (r.status === 401) checked++;
    }
    // 5 free, the doubling delays, then one every 15 minutes.
    expect(checked).toBeLessThan(40);
  });

  it('1,000 guesses from 1,000 addresses: the account-wide delay refuses most; a known address still gets in', async () => {
    const ip = addresses();
    const K = ip(1200);
    const email = await owner(K);
    const replies: Reply[] = [];
    for (let i = 0; i < 1000; i++) replies.push(await login(email, `Guess${String(i).padStart(4, '0')}z`, ip(i)));
    const counts = tally(replies);
    expect(counts[200]).toBeUndefined();
    expect(counts[401]).toBeLessThanOrEqual(LOGIN_THROTTLE.account.free + 1);
    expect((await login(email, PASSWORD, K)).status).toBe(200);

    // From a new device, the owner is slowed while the attack goes on; a password reset from there lets them in.
    const fresh = ip(1500);
    expect((await login(email, PASSWORD, fresh)).status).toBe(429);
    const before = (await s.mails()).filter((m) => m.to === email).length;
    await s.request('/api/password-reset/', { json: { email } });
    const { uid, token } = linkParts((await s.waitForMail(email, before)).link);
    const reset = await s.request(`/api/password-reset-confirm/${uid}/${token}`, {
      json: { new_password: 'N3wPassword', confirm_password: 'N3wPassword' },
      ip: fresh,
    });
    expect(reset.status).toBe(200);
    expect((await login(email, 'N3wPassword', fresh)).status).toBe(200);
  });

  it('concurrent guesses cannot slip under the delay together', async () => {
    const ip = addresses();
    const email = await owner(ip(2));
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `Para${i}llel1`, ip(1))));
    const counts = tally(replies);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBe(LOGIN_THROTTLE.pairUnknown.free);
  });

  it('the delay holds on another instance of the app', async () => {
    const ip = addresses();
    const email = await owner(ip(2));
    for (let i = 0; i < 10; i++) await login(email, 'Wrong1234', ip(1));
    const second = await startTestServer({ database: s.database, seed: false, clock: () => new Date(now), env });
    try {
      expect((await login(email, PASSWORD, ip(1), second)).status).toBe(429);
      expect((await login(email, PASSWORD, ip(2), second)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('what is stored, and junk', () => {
  it('stores no e-mail or address, and only the newest 10 addresses per account', async () => {
    const ip = addresses();
    const email = await owner(ip(0));
    for (let i = 1; i <= 15; i++) {
      now += 1000;
      expect((await login(email, PASSWORD, ip(i))).status).toBe(200);
    }
    await login(email, 'Wrong1234', ip(20));
    const throttles = await s.deps.db.select().from(loginThrottles);
    const known = await s.deps.db.select().from(loginAddresses);
    const stored = JSON.stringify([throttles, known]);
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(ip(20));
    expect(stored).not.toContain(ip(15));
    const counts = new Map<number, number>();
    for (const k of known) counts.set(k.userId, (counts.get(k.userId) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(LOGIN_THROTTLE.knownAddresses);
  });

  it('answers NUL bytes, huge fields and odd addresses with 4xx, never 500', async () => {
    const ip = addresses();
    const bodies = [
      { email: 'a\u0000b@example.com', password: 'Wrong1234' },
      { email: `${'a'.repeat(100_000)}@example.com`, password: 'Wrong1234' },
      { email: uniqueEmail(), password: 'x'.repeat(50_000) },
      { email: uniqueEmail(), password: 'Wro\u0000ng1234' },
      { email: ['x'], password: 1 },
    ];
    for (const json of bodies) {
      const r = await s.request('/api/login/', { json, ip: ip(1) });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    for (const forwarded of ['', ' , ', 'not-an-ip', 'x'.repeat(4000)]) {
      const r = await s.request('/api/login/', {
        json: { email: uniqueEmail(), password: 'Wrong1234' },
        headers: { 'X-Forwarded-For': forwarded },
      });
      expect([401, 429]).toContain(r.status);
    }
  });
});

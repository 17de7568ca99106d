/** Rate limits: counters live in the database, so they survive a new app instance. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { M } from '@contract/messages';
import { rateLimits } from '../db/schema';
import { purgeOldWindows } from '../domain/rate-limit';
import { PASSWORD, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

const login = (server: TestServer, email: string, password: string, ip?: string) =>
  server.request('/api/login/', { json: { email, password }, ip });

describe('login', () => {
  // Login slows down rather than locks (issue 27, finding 4); login-throttle.test.ts has the rest.
  it('slows an account and address pair after 5 failures, across app instances, until its delay passes', async () => {
    let now = Date.now();
    const env = { JWT_SECRET: 'rate-limits-test-secret-of-at-least-32-bytes' };
    const one = await startTestServer({ database: s.database, seed: false, clock: () => new Date(now), env });
    const two = await startTestServer({ database: s.database, seed: false, clock: () => new Date(now), env });
    try {
      const { email } = await signupVerified(one);
      const ip = '192.0.2.77';
      for (let i = 0; i < 5; i++) expect((await login(one, email, 'Wrong1234', ip)).status).toBe(401);
      const limited = await login(two, email, PASSWORD, ip);
      expect(limited).toMatchObject({ status: 429, body: { detail: 'Too many failed logins. Please wait 1 s and try again.' } });
      expect(limited.headers.get('Retry-After')).toBe('1');
      now += 1000;
      expect((await login(two, email, PASSWORD, ip)).status).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('does not count successful logins', async () => {
    const { email } = await signupVerified(s);
    for (let i = 0; i < 12; i++) expect((await login(s, email, PASSWORD)).status).toBe(200);
  });

  it('slows an address that failed 50 times against accounts it is unknown to; other addresses go on', async () => {
    // One instant: the 51st attempt comes before the first delay (1 s) has passed.
    const at = new Date();
    const fixed = await startTestServer({ database: s.database, seed: false, clock: () => at });
    try {
      const ip = '192.0.2.50';
      for (let i = 0; i < 50; i++) expect((await login(fixed, uniqueEmail('spray'), 'Wrong1234', ip)).status).toBe(401);
      expect((await login(fixed, uniqueEmail('spray'), 'Wrong1234', ip)).status).toBe(429);
      expect((await login(fixed, uniqueEmail('spray'), 'Wrong1234', '192.0.2.51')).status).toBe(401);
    } finally {
      await fixed.close();
    }
  });
});

describe('sign-up and reset', () => {
  it('allows 10 sign-ups per hour from one address', async () => {
    const ip = '192.0.2.10';
    const signup = () => {
      const email = uniqueEmail('bulk');
      return s.request('/api/signup/', { json: { email, password: PASSWORD, confirm_password: PASSWORD, accept_terms: true }, ip });
    };
    for (let i = 0; i < 10; i++) expect((await signup()).status).toBe(201);
    expect(await signup()).toMatchObject({ status: 429, body: { detail: M.rateLimited.message } });
  });

  it('allows 5 reset requests per hour per e-mail and 20 per address', async () => {
    const email = uniqueEmail('reset');
    const reset = (e: string, ip?: string) => s.request('/api/password-reset/', { json: { email: e }, ip });
    for (let i = 0; i < 5; i++) expect((await reset(email)).status).toBe(200);
    expect((await reset(email)).status).toBe(429);
    const ip = '192.0.2.20';
    for (let i = 0; i < 20; i++) expect((await reset(uniqueEmail('r'), ip)).status).toBe(200);
    expect((await reset(uniqueEmail('r'), ip)).status).toBe(429);
  });
});

describe('housekeeping', () => {
  it('purges windows older than the longest limit and keeps current ones', async () => {
    const now = new Date();
    await s.deps.db.insert(rateLimits).values([
      { key: 'test:old', windowStart: new Date(now.getTime() - 2 * 3600 * 1000), count: 3 },
      { key: 'test:new', windowStart: now, count: 1 },
    ]);
    await purgeOldWindows(s.deps.db, now);
    const keys = (await s.deps.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('test:new');
    expect(keys).not.toContain('test:old');
  });
});

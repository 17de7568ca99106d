/**
 * `npm run admin -- grant-super-admin|revoke-super-admin <email>` (scripts/admin.ts), run as a separate process
 * against the database the server uses: the embedded PGlite in DATA_DIR (the server stopped first: it is
 * single-process, and the CLI refuses while it is open), or PostgreSQL through DATABASE_URL (when the suite runs on
 * one, TEST_DATABASE_URL; the server may keep running). The flag is checked through the API.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../db/open';
import { createTestDatabase, PASSWORD, signupVerified, startTestServer, uniqueEmail, type TestServer } from './harness';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = join(import.meta.dirname, '../../..');

function admin(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args],
      { cwd: ROOT, env: { ...inherited, DEMO: '0', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

async function login(s: TestServer, email: string): Promise<string> {
  const res = await s.request('/api/login/', { json: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.access as string;
}

/** Whether the account is a super admin, as the API says: the console's home, and an admin call. */
async function roleOf(s: TestServer, token: string): Promise<{ flag: boolean; adminStatus: number }> {
  const home = await s.request('/api/org/', { token });
  const list = await s.request('/api/admin/organizations/', { token });
  return { flag: home.body.is_super_admin, adminStatus: list.status };
}

describe('the admin CLI on the embedded PGlite (DATA_DIR)', () => {
  let dataDir: string;
  const pgliteDir = () => join(dataDir, 'pglite');
  const env = () => ({ DATA_DIR: dataDir });
  let email: string;

  /** Opens the DATA_DIR database with a server on it, runs `work`, and closes both (as stopping the server does). */
  async function withServer<T>(work: (s: TestServer, database: Database) => Promise<T>): Promise<T> {
    const database = openDatabase({ pgliteDir: pgliteDir() });
    await database.migrate();
    const s = await startTestServer({ database, seed: false });
    try {
      return await work(s, database);
    } finally {
      await s.close();
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lm-admin-cli-'));
    email = uniqueEmail('cli');
    await withServer((s) => signupVerified(s, email));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('grants and revokes, as the API then shows', { timeout: 120_000 }, async () => {
    const granted = await admin(['grant-super-admin', email.toUpperCase()], env());
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`${email} is now a super admin`);
    expect(await withServer(async (s) => roleOf(s, await login(s, email)))).toEqual({ flag: true, adminStatus: 200 });

    // Granting again changes nothing and says the same.
    expect((await admin(['grant-super-admin', email], env())).code).toBe(0);

    const revoked = await admin(['revoke-super-admin', email], env());
    expect(revoked, revoked.stderr).toMatchObject({ code: 0 });
    expect(revoked.stdout).toContain(`${email} is no longer a super admin`);
    expect(await withServer(async (s) => roleOf(s, await login(s, email)))).toEqual({ flag: false, adminStatus: 404 });
  });

  it('refuses while the server has the database open, and says why', { timeout: 60_000 }, async () => {
    await withServer(async () => {
      const busy = await admin(['grant-super-admin', email], env());
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/in use: stop the server first/);
    });
    // Nothing was changed meanwhile.
    expect(await withServer(async (s) => roleOf(s, await login(s, email)))).toEqual({ flag: false, adminStatus: 404 });
  });

  it('an unknown address is an error (1); wrong usage prints the usage (2)', { timeout: 120_000 }, async () => {
    const unknown = await admin(['grant-super-admin', 'nobody@example.com'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the e-mail address nobody@example.com');
    const usages = [
      [],
      ['grant-super-admin'],
      ['promote', email],
      ['grant-super-admin', 'not-an-address'],
      ['grant-super-admin', email, 'extra'],
    ];
    const runs = await Promise.all(usages.map((args) => admin(args, env())));
    for (const [i, bad] of runs.entries()) {
      expect(bad.code, usages[i]!.join(' ')).toBe(2);
      expect(bad.stderr).toContain('Usage: npm run admin --');
    }
    const help = await admin(['--help'], env());
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining('grant-super-admin <email>') });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the admin CLI on PostgreSQL (DATABASE_URL)', () => {
  let s: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lm-admin-cli-pg-'));
    s = await startTestServer({ database: await createTestDatabase(), seed: false });
  });
  afterAll(async () => {
    await s.close();
    await s.database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('grants and revokes while the server runs; a token already issued follows at once', { timeout: 120_000 }, async () => {
    const { email, access } = await signupVerified(s);
    const env = { DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL };
    expect(await roleOf(s, access)).toEqual({ flag: false, adminStatus: 404 });
    const granted = await admin(['grant-super-admin', email], env);
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain('PostgreSQL');
    expect(await roleOf(s, access)).toEqual({ flag: true, adminStatus: 200 });
    expect((await admin(['revoke-super-admin', email], env)).code).toBe(0);
    expect(await roleOf(s, access)).toEqual({ flag: false, adminStatus: 404 });
    expect((await admin(['revoke-super-admin', 'nobody@example.com'], env)).code).toBe(1);
  });
});

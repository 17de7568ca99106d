/** Configuration from the environment. */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../config';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lm-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      demo: true,
      trustProxy: false,
      mailFrom: 'Little Museum <no-reply@littlemuseum.local>',
      supportEmail: 'support@littlemuseum.local',
    });
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080', DEMO: '0', PUBLIC_URL: 'https://museum.example/' })).toMatchObject({
      port: 8080,
      demo: false,
      publicUrl: 'https://museum.example',
    });
  });

  it('generates a 256-bit JWT secret once and keeps it in DATA_DIR', async () => {
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret.length).toBe(32);
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
    expect(((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toString(8)).toBe('600');
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).length).toBeGreaterThan(40);
  });

  it('takes JWT_SECRET from the environment only when it is long enough', () => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/256 bits/);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret.length).toBe(32);
  });

  it('rejects invalid values with a readable error', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL/);
    expect(loadConfig({ DATA_DIR: dir, SUPPORT_EMAIL: 'help@museum.example' }).supportEmail).toBe('help@museum.example');
  });
});

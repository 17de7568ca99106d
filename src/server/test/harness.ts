/**
 * Test harness: the real app on a real database, over real HTTP. The database is an in-memory
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set (its schema is dropped and migrated afresh
 * for each test file). E-mails land in the temp DATA_DIR's outbox, where tests read the links.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';

import { createMailAdapter } from '../adapters/mail';
import { settled } from '../domain/push';
import type { PaymentProvider } from '../adapters/payments';
import { createPaymentProvider } from '../adapters/payments-factory';
import type { StripeNetwork } from '../adapters/payments-stripe';
import { createStorage } from '../adapters/storage';
import { dropBucket, ensureBucket } from '../adapters/storage-s3';
import { createApp, nodeFetch } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/open';
import { seedDemo } from '../db/seed';
import type { AppDeps } from '../deps';
import { handleWebhook } from '../domain/webhooks';
import { lingerOnEarlyClose } from '../linger';

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const database = url ? openDatabase({ url }) : openDatabase({ memory: true });
  if (url) {
    // drizzle keeps its journal in schema "drizzle"; both go, so every file starts from nothing.
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
  }
  await database.migrate();
  return database;
}

/**
 * With TEST_S3_ENDPOINT (scripts/s3-local.mjs, `.ci/run`), every test server keeps its media in a bucket of its own
 * there (or in TEST_S3_BUCKET), so the whole suite runs on S3 storage as on the disk. Tests read media through
 * `deps.storage`, never from DATA_DIR.
 */
export function testStorageEnv(): Record<string, string> {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return {};
  return {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: process.env.TEST_S3_BUCKET ?? `lm-test-${randomBytes(8).toString('hex')}`,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER',
  };
}

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read reply bodies loosely and assert their shape
type Loose = any;

export interface Reply<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  method?: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  /** A raw body, sent as is (a provider's webhook, whose signature is over these exact bytes); JSON unless `headers` say. */
  body?: string;
  headers?: Record<string, string>;
  /** Client address seen by the rate limits; random by default so tests do not share IP counters. */
  ip?: string;
}

export interface TestServer {
  url: string;
  deps: AppDeps;
  database: Database;
  dataDir: string;
  request<T = Loose>(path: string, options?: RequestOptions): Promise<Reply<T>>;
  mails(): Promise<Mail[]>;
  /**
   * The newest e-mail to `to` after the first `after` of them, whose decoded subject matches `subject` if given,
   * waiting for the background delivery.
   */
  waitForMail(to: string, after?: number, subject?: RegExp): Promise<Mail>;
  close(): Promise<void>;
}

/** A header's RFC 2047 encoded words (nodemailer's =?UTF-8?Q?…?= and =?UTF-8?B?…?=), decoded. */
export function decodeWords(header: string): string {
  return header.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

export interface StartOptions {
  /** Reuse a database (e.g. to check that state survives a new app instance). */
  database?: Database;
  seed?: boolean;
  clock?: () => Date;
  /** Stripe instead of the local provider, its SDK pointed at a test's fake of Stripe's API. */
  stripe?: { network: StripeNetwork; secretKey?: string; webhookSecret?: string };
  /** More settings (S3_PUBLIC_URL, a storage that refuses...); an S3_BUCKET here is the test's own, neither made nor dropped. */
  env?: Record<string, string>;
}

export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_littlemuseum';

const randomIp = () => `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`;

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lm-test-'));
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: options.seed === false ? '0' : '1',
    TRUST_PROXY: '1',
    DIST_DIR: join(dataDir, 'dist'),
    PUBLIC_URL: 'http://museum.test',
    LOG_REQUESTS: '0',
    ...testStorageEnv(),
    ...options.env,
    ...(options.stripe
      ? {
          STRIPE_SECRET_KEY: options.stripe.secretKey ?? 'sk_test_littlemuseum',
          STRIPE_WEBHOOK_SECRET: options.stripe.webhookSecret ?? TEST_STRIPE_WEBHOOK_SECRET,
        }
      : {}),
  });
  const ownBucket = config.s3 !== undefined && !options.env?.S3_BUCKET && !process.env.TEST_S3_BUCKET;
  if (config.s3 && !options.env?.S3_BUCKET) await ensureBucket(config.s3);
  const storage = await createStorage(config);
  if (config.demo) await seedDemo(database.db, storage);
  const outboxDir = join(dataDir, 'outbox');
  const deps: AppDeps = {
    config,
    db: database.db,
    storage,
    mail: createMailAdapter({ smtpUrl: undefined, from: config.mailFrom, outboxDir, log: () => {} }),
    payments: undefined as unknown as PaymentProvider,
    clock: options.clock ?? (() => new Date()),
  };
  // As main.ts: the local provider's events reach the webhook's own handler.
  deps.payments = createPaymentProvider(
    config,
    deps.db,
    deps.clock,
    (raw, signature) => handleWebhook(deps, raw, signature),
    options.stripe?.network,
  );
  const app = createApp(deps);
  // As main.ts serves it: @hono/node-server, with a lingering close for each request.
  const server = serve({ fetch: nodeFetch(app, deps), port: 0, hostname: '127.0.0.1' }) as Server;
  server.prependListener('request', lingerOnEarlyClose);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const mails = async (): Promise<Mail[]> => {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (file) => ({ file, ...parseEml(await readFile(join(outboxDir, file), 'utf8')) })));
  };

  return {
    url,
    deps,
    database,
    dataDir,
    async request(path, o = {}) {
      const headers: Record<string, string> = { 'X-Forwarded-For': o.ip ?? randomIp(), ...o.headers };
      if (o.token) headers.Authorization = `Bearer ${o.token}`;
      let body: RequestInit['body'];
      if (o.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(o.json);
      } else if (o.form) body = o.form;
      else if (o.body !== undefined) {
        if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
        body = o.body;
      }
      const res = await fetch(url + path, { method: o.method ?? (body ? 'POST' : 'GET'), headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as Loose, headers: res.headers };
    },
    mails,
    async waitForMail(to, after = 0, subject) {
      for (let i = 0; i < 100; i++) {
        const found = (await mails())
          .filter((m) => m.to === to)
          .slice(after)
          .filter((m) => !subject || subject.test(decodeWords(m.subject)));
        if (found.length > 0) return found[found.length - 1]!;
        await new Promise((r) => setTimeout(r, 30));
      }
      throw new Error(`no e-mail to ${to}`);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // The notices the last requests started read the database: they finish first (as main.ts's shutdown).
      await settled();
      if (ownsDatabase) await database.close();
      if (ownBucket && config.s3) await dropBucket(config.s3).catch(() => {});
      // A notice the app sends after answering (an inquiry's note to support) may still be writing to the outbox:
      // rm retries a folder that filled again while it emptied it (CI saw ENOTEMPTY on the outbox).
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}

/**
 * Two instances of the app on one database with one JWT secret, as two servers of a deployment behind a load
 * balancer (what each instance keeps must follow what the other changes). `also` starts one more on the same.
 */
export async function startTwoInstances(): Promise<{
  a: TestServer;
  b: TestServer;
  also(options?: Omit<StartOptions, 'database' | 'env'>): Promise<TestServer>;
  close(): Promise<void>;
}> {
  const env = { JWT_SECRET: randomBytes(32).toString('hex') };
  const a = await startTestServer({ seed: false, env });
  const b = await startTestServer({ database: a.database, seed: false, env });
  return {
    a,
    b,
    also: (options = {}) => startTestServer({ seed: false, ...options, database: a.database, env }),
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

/** Just enough of RFC 5322/2045 for nodemailer's text messages: headers, QP or base64 body. */
export function parseEml(raw: string): Omit<Mail, 'file'> {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const bodyRaw = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  let text = bodyRaw;
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      bodyRaw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    text = Buffer.from(bodyRaw.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const to = header('To').replace(/^.*<(.+)>$/, '$1');
  return { to, subject: header('Subject'), text, link: /https?:\/\/\S+/.exec(text)?.[0] ?? null };
}

/** uid and token from a verify or reset link. */
export function linkParts(link: string | null): { uid: string; token: string; path: string } {
  const u = new URL(link ?? 'http://invalid/');
  return { uid: u.searchParams.get('uid') ?? '', token: u.searchParams.get('token') ?? '', path: u.pathname };
}

export const PASSWORD = 'Passw0rdOk';

let counter = 0;
export const uniqueEmail = (prefix = 'parent') => `${prefix}${Date.now()}x${++counter}@example.com`;

/** Sign-up, verification through the e-mailed link, and login: a parent's token pair. */
export async function signupVerified(
  s: TestServer,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<{ email: string; access: string; refresh: string }> {
  const signup = await s.request('/api/signup/', { json: { email, password, confirm_password: password, accept_terms: true } });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const { uid, token } = linkParts((await s.waitForMail(email)).link);
  const verified = await s.request(`/api/verify-email/${uid}/${token}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const login = await s.request('/api/login/', { json: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { email, access: login.body.access, refresh: login.body.refresh };
}

export const TOKYO = '東京都 (Tokyo)';

export function profileForm(username: string, extra: Record<string, string | Blob> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string | Blob> = {
    address: TOKYO,
    username,
    first_name: `Real ${username}`,
    date_of_birth: '2018-05-01',
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** Registers a profile and logs in as it: the profile and its child token pair. */
export async function childSession(
  s: TestServer,
  parentToken: string,
  username: string,
): Promise<{ id: number; access: string; refresh: string }> {
  const created = await s.request('/api/register-profile/', { token: parentToken, form: profileForm(username) });
  if (created.status !== 201) throw new Error(`register-profile failed: ${JSON.stringify(created.body)}`);
  const login = await s.request('/api/profile/login/', { token: parentToken, json: { username } });
  if (login.status !== 200) throw new Error(`profile login failed: ${JSON.stringify(login.body)}`);
  return { id: created.body.id, access: login.body.access, refresh: login.body.refresh };
}

/**
 * A figure for CI's closing line (scripts/ci-summary.mjs): written to reports/checks/, one file per check and
 * database, so the summary can say what the generated tests covered.
 */
export function recordCheck(name: string, summary: string): void {
  const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const dir = join(process.cwd(), 'reports', 'checks');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name.replace(/\W+/g, '-')}-${database}.json`), JSON.stringify({ name: `${name} (${database})`, summary }));
}

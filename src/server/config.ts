/**
 * The only reader of process.env (lint rule `no-restricted-properties`). Everything else receives a
 * Config, so tests build their own with loadConfig({...}).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

import webpush from 'web-push';
import { z } from 'zod';

/** HS256 keys shorter than the hash output weaken the MAC (RFC 7518 §3.2). */
const MIN_SECRET_BYTES = 32;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(1).optional(),
  DEMO: z.string().optional(),
  MAIL_FROM: z.string().min(1).default('Little Museum <no-reply@littlemuseum.local>'),
  /** Where the contact form's inquiries are mailed (with a reply-to of their sender). */
  SUPPORT_EMAIL: z.email().default('support@littlemuseum.local'),
  /** '1' when a reverse proxy sets X-Forwarded-For; otherwise the socket address is the client. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  DIST_DIR: z.string().min(1).default('./dist'),
  /** Card payments through Stripe; set, the page's policy also allows Stripe.js (middleware/csp.ts). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`): required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints): both or neither; unset, one is made once and kept in DATA_DIR. */
  PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key')
    .optional(),
  PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key')
    .optional(),
  /** Who the push services may contact about this server's pushes (a mailto: or https: URL); default mailto:SUPPORT_EMAIL. */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
    .optional(),
  /**
   * Hosts (host or host:port, comma-separated) allowed as push endpoints beside the browsers' push services, over http
   * too: a local push service in tests. A subscription's endpoint is where the server sends requests, so it is never
   * an arbitrary address.
   */
  PUSH_EXTRA_HOSTS: z
    .string()
    .regex(/^[\w.:-]+(,[\w.:-]+)*$/, 'host[:port],...')
    .optional(),
  NODE_ENV: z.string().optional(),
  /** '0': no log line per request (the test harness); errors and start-up lines are logged all the same. */
  LOG_REQUESTS: z.enum(['0', '1']).default('1'),
  /** Names this server in its log lines (several behind a load balancer); default host:pid. */
  INSTANCE_ID: z.stringFormat('instance id', /^[\w.:@-]{1,64}$/).optional(),
  /** On SIGTERM, how long the requests under way may take to finish before they are cut off. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Set, media live in this S3 bucket instead of DATA_DIR/media (adapters/storage-s3.ts). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')
    .optional(),
  /** An S3-compatible server (MinIO, R2, s3rver...): addressed path-style. Unset: AWS's own endpoint for the region. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Set, /media/<key> redirects to <S3_PUBLIC_URL>/<key> (a CDN or the bucket's public address) instead of streaming. */
  S3_PUBLIC_URL: z.url().optional(),
  /** The SDK's usual variables; unset, the SDK's default chain (profile, instance role...) is used. */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
});

/** Where media live when S3_BUCKET is set. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Without a trailing slash. */
  publicUrl: string | undefined;
  /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when both are set; otherwise the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  jwtSecret: Uint8Array;
  demo: boolean;
  mailFrom: string;
  supportEmail: string;
  trustProxy: boolean;
  distDir: string;
  stripeSecretKey: string | undefined;
  /** Set whenever stripeSecretKey is (loadConfig refuses one without the other). */
  stripeWebhookSecret: string | undefined;
  /**
   * The local test provider signs its webhook-style events with this, as Stripe signs with its endpoint's secret.
   * Derived from the JWT secret, so every instance of one deployment agrees without another setting.
   */
  localWebhookSecret: string;
  /** Every answer is checked against the endpoint table's schema (development and tests; not production). */
  validateResponses: boolean;
  /** package.json's version (the OpenAPI document's). */
  appVersion: string;
  logRequests: boolean;
  instanceId: string;
  shutdownGraceMs: number;
  /** Media in an S3 bucket (S3_BUCKET), or undefined: on the disk under DATA_DIR/media. */
  s3: S3Config | undefined;
  /** Web Push (issue 32): the VAPID keys and subject, and the extra endpoint hosts allowed (tests). */
  push: { publicKey: string; privateKey: string; subject: string; extraHosts: string[] };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "unset", not "set to nothing".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  // Without the webhook's secret, Stripe's events could not be verified: payments would never be confirmed.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not');
  }
  if (!e.PUSH_VAPID_PUBLIC_KEY !== !e.PUSH_VAPID_PRIVATE_KEY) {
    throw new Error('Invalid configuration: PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY go together');
  }
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = e.JWT_SECRET ? secretFromEnv(e.JWT_SECRET) : persistedSecret(dataDir);
  const vapid =
    e.PUSH_VAPID_PUBLIC_KEY && e.PUSH_VAPID_PRIVATE_KEY
      ? { publicKey: e.PUSH_VAPID_PUBLIC_KEY, privateKey: e.PUSH_VAPID_PRIVATE_KEY }
      : persistedVapidKeys(dataDir);
  return {
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    jwtSecret,
    demo: e.DEMO !== '0',
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    trustProxy: e.TRUST_PROXY === '1',
    distDir: resolve(e.DIST_DIR),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    localWebhookSecret: `whsec_local_${createHmac('sha256', jwtSecret).update('little-museum:local-payments-webhook').digest('base64url')}`,
    validateResponses: e.NODE_ENV !== 'production',
    appVersion: (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
    logRequests: e.LOG_REQUESTS === '1',
    instanceId: e.INSTANCE_ID ?? `${hostname()}:${process.pid}`,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, sessionToken: e.AWS_SESSION_TOKEN }
              : undefined,
        }
      : undefined,
    push: {
      ...vapid,
      subject: e.PUSH_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      extraHosts: e.PUSH_EXTRA_HOSTS ? e.PUSH_EXTRA_HOSTS.split(',').map((h) => h.toLowerCase()) : [],
    },
  };
}

function secretFromEnv(value: string): Uint8Array {
  const bytes = new TextEncoder().encode(value);
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes (256 bits)`);
  }
  return bytes;
}

/** Generated once and kept in DATA_DIR as the JWT secret is: a new pair would orphan every device's subscription. */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  }
  const fresh = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(fresh), { mode: 0o600 });
  return fresh;
}

/** Generated once and kept in DATA_DIR, so a restart does not log everybody out. */
function persistedSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (stored.length >= MIN_SECRET_BYTES) return new Uint8Array(stored);
  }
  const fresh = randomBytes(MIN_SECRET_BYTES);
  writeFileSync(file, fresh.toString('base64url'), { mode: 0o600 });
  return new Uint8Array(fresh);
}

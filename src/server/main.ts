/**
 * Entry point: config -> database (migrate, seed) -> app -> listen.
 * Production runs it compiled (`npm run build:server` -> out/server/main.js, vite.server.config.ts; `npm start`);
 * `npm run dev` runs it with tsx. It logs JSON lines (log.ts) and drains its requests on SIGTERM (drain.ts).
 */
import type { Server } from 'node:http';
import { join } from 'node:path';

import { serve } from '@hono/node-server';

import { createMailAdapter } from './adapters/mail';
import type { PaymentProvider } from './adapters/payments';
import { createPaymentProvider } from './adapters/payments-factory';
import { createStorage } from './adapters/storage';
import { createApp, nodeFetch } from './app';
import { loadConfig } from './config';
import { DEMO_FAMILY, DEMO_PASSWORD, DEMO_STAFF, ENGLISH_FAMILY, GALLERY_FAMILY } from './db/demo-content';
import { openFromConfig } from './db/open';
import { backgroundWork, drainable } from './drain';
import { seedDemo } from './db/seed';
import type { AppDeps } from './deps';
import { sweepBulkMails } from './domain/bulk-mail';
import { sweepCircleDigests } from './domain/circle-digest';
import { sweepFileDeletions } from './domain/file-deletions';
import { sweepInquiryNotices } from './domain/inquiries';
import { purgeIdempotencyKeys } from './domain/idempotency';
import { sweepLocalPayments } from './domain/local-payments';
import { purgeLoginThrottles } from './domain/login-throttle';
import { purgeOldWindows } from './domain/rate-limit';
import { settled } from './domain/push';
import { purgeEndedSessions } from './domain/sessions';
import { handleWebhook } from './domain/webhooks';
import { lingerOnEarlyClose } from './linger';
import { errorFields, log, setLogInstance } from './log';

async function main(): Promise<void> {
  const config = loadConfig();
  setLogInstance(config.instanceId);
  const database = openFromConfig(config);
  await database.migrate();

  const storage = await createStorage(config);
  if (config.demo && (await seedDemo(database.db, storage))) {
    const families = [DEMO_FAMILY, GALLERY_FAMILY, ENGLISH_FAMILY].map((f) => f.email).join(', ');
    const staff = `${DEMO_STAFF.sakura.email} and ${DEMO_STAFF.aozora.email} (staff), ${DEMO_STAFF.admin.email} (super admin)`;
    log('info', `demo data created: ${families}; ${staff}; password ${DEMO_PASSWORD}`);
  }

  const deps: AppDeps = {
    config,
    db: database.db,
    storage,
    mail: createMailAdapter({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      // The outbox's note of each e-mail (with its link, for development) as a log line like the others.
      log: (line) => log('info', line),
    }),
    payments: undefined as unknown as PaymentProvider,
    clock: () => new Date(),
  };
  // The local provider delivers its events to the webhook's own handler, in-process (Stripe's come over HTTP).
  deps.payments = createPaymentProvider(config, deps.db, deps.clock, (raw, signature) => handleWebhook(deps, raw, signature));
  if (deps.payments.name === 'stripe') log('info', 'payments: Stripe');
  else log('warn', 'payments: the local test provider: test cards, no money is taken (set STRIPE_SECRET_KEY to sell)');
  const app = createApp(deps);

  const purge = () =>
    Promise.all([
      purgeOldWindows(database.db, new Date()),
      purgeLoginThrottles(database.db, new Date()),
      purgeIdempotencyKeys(database.db, new Date()),
      purgeEndedSessions(database.db, new Date()),
    ]).catch((err: unknown) =>
      log('error', 'purge of rate-limit windows, login throttles, idempotency keys or ended sessions failed', errorFields(err)),
    );
  await purge();
  // The timers' work, which a shutdown stops and waits for before the database closes.
  const background = backgroundWork();
  background.every(60 * 60 * 1000, purge);
  // Files whose rows are gone but whose delete failed (or was cut short by a crash) are retried.
  // So are contact-form notices to support that could not be sent, and console e-mails an instance left unfinished.
  const sweep = () =>
    Promise.all([
      sweepFileDeletions(deps).catch((err: unknown) => log('error', 'file deletion sweep failed', errorFields(err))),
      sweepInquiryNotices(deps).catch((err: unknown) => log('error', 'inquiry notice sweep failed', errorFields(err))),
      sweepBulkMails(deps).catch((err: unknown) => log('error', 'bulk e-mail sweep failed', errorFields(err))),
      // The local provider's renewals and period ends, which Stripe runs on its side.
      sweepLocalPayments(deps).catch((err: unknown) => log('error', 'local subscription sweep failed', errorFields(err))),
      // The family circle's weekly e-mail, for fans whom no push reaches.
      sweepCircleDigests(deps).catch((err: unknown) => log('error', 'weekly circle e-mail sweep failed', errorFields(err))),
    ]);
  background.run(sweep);
  background.every(5 * 60 * 1000, sweep);
  const server = serve({ fetch: nodeFetch(app, deps), port: config.port }, ({ port }) => {
    const where = `${database.engine}, ${storage.kind} storage; public URL ${config.publicUrl}`;
    log('info', `Little Museum listening on http://localhost:${port} (${where})`);
  }) as Server;
  server.prependListener('request', lingerOnEarlyClose);
  const drain = drainable(server);

  // SIGTERM (an orchestrator, `npm start` passing it on) or SIGINT (Ctrl-C): no new connections; the requests under
  // way finish within SHUTDOWN_GRACE_MS, then the timers' work, then the database closes. A second signal changes nothing.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceMs;
    const started = Date.now();
    log('info', `${signal}: draining ${drain.inFlight()} request(s), at most ${graceMs} ms`);
    const [{ cut }] = await Promise.all([drain.close(graceMs), background.stop(graceMs)]);
    // The notices the last requests started (each push times out within 10 s).
    await settled();
    if (cut > 0) log('warn', `grace period over: ${cut} request(s) cut off`);
    await database.close().catch((err: unknown) => log('error', 'closing the database failed', errorFields(err)));
    log('info', `stopped after ${Date.now() - started} ms`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  log('error', 'failed to start', errorFields(err));
  process.exit(1);
});

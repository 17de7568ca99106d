/**
 * Entry point: config -> database (migrate, seed) -> app -> listen.
 * Run with `npx tsx src/server/main.ts` from the repository root.
 */
import { join } from 'node:path';

import { serve } from '@hono/node-server';

import { createMailAdapter } from './adapters/mail';
import type { PaymentProvider } from './adapters/payments';
import { createPaymentProvider } from './adapters/payments-factory';
import { createDiskStorage } from './adapters/storage';
import { createApp } from './app';
import { loadConfig } from './config';
import { DEMO_FAMILY, DEMO_PASSWORD, DEMO_STAFF, ENGLISH_FAMILY, GALLERY_FAMILY } from './db/demo-content';
import { openFromConfig } from './db/open';
import { seedDemo } from './db/seed';
import type { AppDeps } from './deps';
import { sweepBulkMails } from './domain/bulk-mail';
import { sweepFileDeletions } from './domain/file-deletions';
import { sweepInquiryNotices } from './domain/inquiries';
import { purgeIdempotencyKeys } from './domain/idempotency';
import { sweepLocalPayments } from './domain/local-payments';
import { purgeOldWindows } from './domain/rate-limit';
import { purgeEndedSessions } from './domain/sessions';
import { handleWebhook } from './domain/webhooks';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openFromConfig(config);
  await database.migrate();

  const storage = createDiskStorage(join(config.dataDir, 'media'));
  if (config.demo && (await seedDemo(database.db, storage))) {
    const families = [DEMO_FAMILY, GALLERY_FAMILY, ENGLISH_FAMILY].map((f) => f.email).join(', ');
    const staff = `${DEMO_STAFF.sakura.email} and ${DEMO_STAFF.aozora.email} (staff), ${DEMO_STAFF.admin.email} (super admin)`;
    console.log(`[seed] demo data created: ${families}; ${staff}; password ${DEMO_PASSWORD}`);
  }

  const deps: AppDeps = {
    config,
    db: database.db,
    storage,
    mail: createMailAdapter({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox') }),
    payments: undefined as unknown as PaymentProvider,
    clock: () => new Date(),
  };
  // The local provider delivers its events to the webhook's own handler, in-process (Stripe's come over HTTP).
  deps.payments = createPaymentProvider(config, deps.db, deps.clock, (raw, signature) => handleWebhook(deps, raw, signature));
  if (deps.payments.name === 'stripe') console.log('[api] payments: Stripe');
  else console.warn('[api] payments: the local test provider: test cards, no money is taken (set STRIPE_SECRET_KEY to sell)');
  const app = createApp(deps);

  const purge = () =>
    Promise.all([
      purgeOldWindows(database.db, new Date()),
      purgeIdempotencyKeys(database.db, new Date()),
      purgeEndedSessions(database.db, new Date()),
    ]).catch((err: unknown) => console.error('[api] purge of rate-limit windows, idempotency keys or ended sessions failed', err));
  await purge();
  setInterval(() => void purge(), 60 * 60 * 1000).unref();
  // Files whose rows are gone but whose delete failed (or was cut short by a crash) are retried.
  // So are contact-form notices to support that could not be sent, and console e-mails an instance left unfinished.
  const sweep = () =>
    Promise.all([
      sweepFileDeletions(deps).catch((err: unknown) => console.error('[files] sweep failed', err)),
      sweepInquiryNotices(deps).catch((err: unknown) => console.error('[mail] inquiry sweep failed', err)),
      sweepBulkMails(deps).catch((err: unknown) => console.error('[mail] bulk e-mail sweep failed', err)),
      // The local provider's renewals and period ends, which Stripe runs on its side.
      sweepLocalPayments(deps).catch((err: unknown) => console.error('[payments] local subscription sweep failed', err)),
    ]);
  void sweep();
  setInterval(() => void sweep(), 5 * 60 * 1000).unref();
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`[api] Little Museum listening on http://localhost:${info.port} (${database.engine}; public URL ${config.publicUrl})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[api] ${signal}: shutting down`);
    const closeDb = () =>
      database.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    server.close(() => void closeDb());
    // Idle keep-alive sockets would hold close() open; busy ones get 5 s to finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => void closeDb(), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('[api] failed to start', err);
  process.exit(1);
});

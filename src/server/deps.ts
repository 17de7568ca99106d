/** What the app is built from. Tests build the same object around an in-memory database. */
import type { MailAdapter } from './adapters/mail';
import type { PaymentProvider } from './adapters/payments';
import type { StorageAdapter } from './adapters/storage';
import type { Config } from './config';
import type { Db } from './db/open';

export interface AppDeps {
  config: Config;
  db: Db;
  mail: MailAdapter;
  storage: StorageAdapter;
  /** Stripe, or the local test provider (adapters/payments-factory.ts). */
  payments: PaymentProvider;
  /** Injectable so expiry can be tested without waiting. */
  clock: () => Date;
}

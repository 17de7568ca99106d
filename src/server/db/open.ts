/**
 * Opens the database: PGlite (embedded, in DATA_DIR/pglite or in memory for tests) unless a
 * DATABASE_URL points at PostgreSQL. Both run the same drizzle migrations.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import * as schema from './schema';

export type Schema = typeof schema;
/** The engine-neutral drizzle handle the domain code works with. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions = { url: string } | { pgliteDir: string } | { memory: true };

export function openDatabase(options: OpenOptions): Database {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20 });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      engine: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = 'memory' in options ? new PGlite() : new PGlite(options.pgliteDir);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** The production choice: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openFromConfig(config: { databaseUrl: string | undefined; dataDir: string }): Database {
  return config.databaseUrl ? openDatabase({ url: config.databaseUrl }) : openDatabase({ pgliteDir: join(config.dataDir, 'pglite') });
}

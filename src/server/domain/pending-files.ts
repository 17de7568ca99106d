/**
 * Writing files that rows will name, without ever leaving one behind (issue 14, "Crash safety").
 *
 * A writer records the keys in pending_files, committed, before it puts any file (putPending); the transaction that
 * inserts the rows naming them deletes those records (adoptPending); a writer whose rows are not written moves them
 * to file_deletions (discardPending). So every file in storage is named by a row, a pending record or a scheduled
 * deletion, whatever point a crash cuts the writer at.
 *
 * Each record carries the id of the process that writes it (INSTANCE_ID, random per process). The sweep
 * (claimAbandonedFiles, run by sweepFileDeletions at start and every few minutes) moves the records of writers that are
 * gone to file_deletions, whose sweeper deletes the files. A writer is alive while it holds a session advisory lock on
 * its id: on PostgreSQL each process takes that lock on one dedicated connection before its first pending record, and
 * a killed process's connection drops with it; the sweep asks pg_try_advisory_xact_lock, which a live holder refuses.
 * On PGlite there is one process, so every id but this process's is dead (its one session takes any lock).
 * Records older than a day are claimed whatever their writer (a writer's lost connection, a bug).
 *
 * Liveness is only about not disturbing uploads in flight; correctness does not rest on it: adoptPending and the sweep
 * both DELETE the same records, so row locks make exactly one of them win. A writer that finds a record gone (a sweep
 * took it for a deletion) fails its transaction, and no row ever names a file that is being deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

import { eq, inArray, lt, ne, sql } from 'drizzle-orm';
import pg from 'pg';

import type { StorageAdapter } from '../adapters/storage';
import type { Db, Executor } from '../db/open';
import { pendingFiles } from '../db/schema';
import { errorFields, log } from '../log';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions';

/** This process's writer id: random, so a restarted process (same host, same pid) is another writer. */
export const INSTANCE_ID = randomBytes(12).toString('hex');

/** Pending records older than this are claimed whatever their writer. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The first key of the two-key advisory locks (their space does not overlap the one-key locks'); "LMpf". */
const LOCK_SPACE = 0x4c4d7066;

/** The second key: 32 bits of the id's hash (a clash only makes a dead writer look alive until the day is over). */
export function lockKeyOf(instanceId: string): number {
  return createHash('sha256').update(instanceId).digest().readInt32BE(0);
}

interface FileDeps {
  db: Db;
  storage: StorageAdapter;
  clock: () => Date;
}

/** The node-postgres pool behind a drizzle handle, or null for PGlite. */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Per pool: the dedicated connection holding this process's lock (reopened after it drops). */
const holders = new WeakMap<pg.Pool, Promise<void>>();

/** On PostgreSQL, makes sure this process holds its liveness lock before it records anything as its own. */
async function holdLiveness(db: Db): Promise<void> {
  const pool = poolOf(db);
  if (!pool) return;
  let held = holders.get(pool);
  if (!held) {
    held = (async () => {
      const client = new pg.Client(pool.options);
      const forget = () => {
        if (holders.get(pool) === held) holders.delete(pool);
      };
      client.on('error', forget);
      client.on('end', forget);
      await client.connect();
      await client.query('select pg_advisory_lock($1, $2)', [LOCK_SPACE, lockKeyOf(INSTANCE_ID)]);
      // The connection must not keep a process (a test run) alive that has nothing else to do.
      (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    })();
    holders.set(pool, held);
    held.catch(() => {
      if (holders.get(pool) === held) holders.delete(pool);
    });
  }
  await held;
}

/** Whether the writer `instanceId` is gone. Call inside a transaction: a true answer holds its lock until the end. */
async function writerGone(tx: Executor, instanceId: string): Promise<boolean> {
  if (instanceId === INSTANCE_ID) return false;
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}::int, ${lockKeyOf(instanceId)}::int) as free`);
  const rows = (result as unknown as { rows: { free: boolean }[] }).rows;
  return rows[0]?.free === true;
}

export interface FileToPut {
  key: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Records the keys as this process's pending files (committed), then puts the files. If a put fails, the files
 * are discarded and the error thrown. The caller then adopts the keys in the transaction that writes its rows, or
 * discards them.
 */
export async function putPending(deps: FileDeps, files: readonly FileToPut[]): Promise<string[]> {
  const keys = files.map((f) => f.key);
  if (keys.length === 0) return keys;
  await holdLiveness(deps.db);
  await deps.db.insert(pendingFiles).values(keys.map((key) => ({ key, instanceId: INSTANCE_ID, createdAt: deps.clock() })));
  try {
    for (const file of files) await deps.storage.put(file.key, file.bytes, file.contentType);
  } catch (err) {
    await discardPending(deps, keys);
    throw err;
  }
  return keys;
}

/** A pending record was taken by a sweep before the rows naming it were written: the write fails (500). */
export class PendingFileLost extends Error {}

/**
 * In the transaction that inserts the rows naming `keys`: their pending records go with that commit. Throws (so the
 * transaction rolls back) if one is gone, i.e. a sweep took it and its file is being deleted.
 */
export async function adoptPending(tx: Executor, keys: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (wanted.length === 0) return;
  const gone = await tx.delete(pendingFiles).where(inArray(pendingFiles.key, wanted)).returning({ key: pendingFiles.key });
  if (gone.length !== wanted.length) throw new PendingFileLost(`pending file records lost: ${wanted.length - gone.length}`);
}

/**
 * For files no row will name (the transaction failed, or answered a replay): their records still pending become
 * scheduled deletions, and the files are deleted now (a failed delete is retried by the sweeper). Keys already
 * adopted are left alone. Never throws: what it cannot do, the sweep does later.
 */
export async function discardPending(deps: FileDeps, keys: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (wanted.length === 0) return;
  try {
    const scheduled = await deps.db.transaction(async (tx) => {
      const mine = await tx.delete(pendingFiles).where(inArray(pendingFiles.key, wanted)).returning({ key: pendingFiles.key });
      return scheduleFileDeletions(
        tx,
        mine.map((m) => m.key),
      );
    });
    await deleteScheduledFiles(deps, scheduled);
  } catch (err) {
    log('error', 'files: could not discard pending files; the sweep will', { keys: wanted, ...errorFields(err) });
  }
}

/** Moves the records of writers that are gone, and of any writer after a day, to file_deletions; returns how many. */
export async function claimAbandonedFiles(deps: FileDeps): Promise<number> {
  let claimed = 0;
  const writers = await deps.db
    .selectDistinct({ id: pendingFiles.instanceId })
    .from(pendingFiles)
    .where(ne(pendingFiles.instanceId, INSTANCE_ID));
  for (const { id } of writers) {
    claimed += await deps.db.transaction(async (tx) => {
      if (!(await writerGone(tx, id))) return 0;
      const keys = await tx.delete(pendingFiles).where(eq(pendingFiles.instanceId, id)).returning({ key: pendingFiles.key });
      return (
        await scheduleFileDeletions(
          tx,
          keys.map((k) => k.key),
        )
      ).length;
    });
  }
  const dayAgo = new Date(deps.clock().getTime() - PENDING_MAX_AGE_MS);
  claimed += await deps.db.transaction(async (tx) => {
    const keys = await tx.delete(pendingFiles).where(lt(pendingFiles.createdAt, dayAgo)).returning({ key: pendingFiles.key });
    return (
      await scheduleFileDeletions(
        tx,
        keys.map((k) => k.key),
      )
    ).length;
  });
  if (claimed > 0) log('warn', 'pending files of writers that are gone: scheduled for deletion', { files: claimed });
  return claimed;
}

/** The folder of this process's upload temp files (middleware/multipart.ts): DATA_DIR/tmp/<instance id>. */
export const uploadTempDir = (dataDir: string): string => join(dataDir, 'tmp', INSTANCE_ID);

/** Removes the upload temp folders of writers that are gone (a crash leaves its temp files behind). */
export async function removeAbandonedTempDirs(db: Db, dataDir: string): Promise<number> {
  const root = join(dataDir, 'tmp');
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!/^[0-9a-f]{24}$/.test(name) || name === INSTANCE_ID) continue;
    // Inside a transaction so that the lock, when taken, is held while the folder goes.
    const gone = await db.transaction(async (tx) => {
      if (!(await writerGone(tx, name))) return false;
      await rm(join(root, name), { recursive: true, force: true });
      return true;
    });
    if (gone) removed += 1;
  }
  return removed;
}

/**
 * This process's upload temp folder, created (0700) after its liveness lock is held, so that no sweep takes the
 * folder of a live process for a dead one's.
 */
export async function openUploadTempDir(db: Db, dataDir: string): Promise<string> {
  await holdLiveness(db);
  const dir = uploadTempDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

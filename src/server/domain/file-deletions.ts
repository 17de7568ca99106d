/**
 * Deleting files that rows owned (a work's images, an avatar) without ever forgetting one. The keys are
 * written to file_deletions in the same transaction that deletes the rows, so they are recorded exactly
 * when the rows are gone; after the commit the files are deleted and their entries removed. A delete that
 * fails (storage down, a crash between commit and delete) stays in the table and is retried with backoff
 * by the sweeper that main.ts runs at start and every few minutes, on whichever instance gets there. Files being
 * written are recorded before they are put (domain/pending-files.ts); the sweep turns a crashed writer's into entries here.
 */
import { asc, inArray, lte, sql } from 'drizzle-orm';

import type { StorageAdapter } from '../adapters/storage';
import type { Db, Executor } from '../db/open';
import { fileDeletions } from '../db/schema';
import { log } from '../log';
import { claimAbandonedFiles, removeAbandonedTempDirs } from './pending-files';

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;

/** Records files to delete; call inside the transaction that removes their rows. */
export async function scheduleFileDeletions(tx: Executor, keys: readonly (string | null | undefined)[]): Promise<string[]> {
  const unique = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (unique.length > 0)
    await tx
      .insert(fileDeletions)
      .values(unique.map((key) => ({ key })))
      .onConflictDoNothing();
  return unique;
}

interface FileDeps {
  db: Db;
  storage: StorageAdapter;
  clock: () => Date;
  /** With it, the sweep also removes the upload temp folders of processes that are gone (DATA_DIR/tmp). */
  config?: { dataDir: string };
}

/** Deletes the given scheduled files now (after the commit); a failure is left for the sweeper. */
export async function deleteScheduledFiles(deps: FileDeps, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const done: string[] = [];
  const failed: { key: string; error: string }[] = [];
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).then(
        () => done.push(key),
        (err: unknown) => failed.push({ key, error: err instanceof Error ? err.message : String(err) }),
      ),
    ),
  );
  if (done.length > 0) await deps.db.delete(fileDeletions).where(inArray(fileDeletions.key, done));
  const now = deps.clock().getTime();
  for (const { key, error } of failed) {
    log('warn', 'files: could not delete, will retry', { key, error });
    // attempts + 1 and a doubling delay: 1 min, 2 min, ... up to 6 h.
    await deps.db
      .update(fileDeletions)
      .set({
        attempts: sql`${fileDeletions.attempts} + 1`,
        lastError: error.slice(0, 500),
        nextAttemptAt: sql`${new Date(now).toISOString()}::timestamptz + least(${MAX_BACKOFF_MS}, 60000 * power(2, ${fileDeletions.attempts})) * interval '1 millisecond'`,
      })
      .where(inArray(fileDeletions.key, [key]));
  }
}

/**
 * First claims what crashed writers left (pending files whose writer is gone, or a day old: domain/pending-files.ts,
 * and their upload temp folders), then retries every scheduled deletion that is due; returns how many files are still
 * waiting. main.ts runs it at start, so a restart removes what a crash left, and every few minutes.
 */
export async function sweepFileDeletions(deps: FileDeps): Promise<number> {
  await claimAbandonedFiles(deps);
  if (deps.config) await removeAbandonedTempDirs(deps.db, deps.config.dataDir);
  const now = deps.clock();
  for (;;) {
    const due = await deps.db
      .select({ key: fileDeletions.key })
      .from(fileDeletions)
      .where(lte(fileDeletions.nextAttemptAt, now))
      .orderBy(asc(fileDeletions.nextAttemptAt))
      .limit(SWEEP_BATCH);
    if (due.length === 0) break;
    await deleteScheduledFiles(
      deps,
      due.map((d) => d.key),
    );
    if (due.length < SWEEP_BATCH) break;
  }
  const [left] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(fileDeletions);
  return left?.n ?? 0;
}

/**
 * Uploads in flight per account (issue 9, finding 6). Each upload may hold a 76 MB body and then
 * its decoding, so an account has UPLOADS_PER_ACCOUNT uploads read and decoded at a time. A few
 * more wait their turn with their body unread (the client's TCP window holds it, not our memory):
 * a family's phones, or a retry of an upload still in flight, which must then be answered as a
 * replay. Beyond those, or after waiting WAIT_MS, the answer is 429 (the PWA's queue retries it).
 *
 * The count lives in this process on purpose, unlike the rate limits: what it protects is this
 * process's memory and threads (another instance has its own), and a crash frees it together
 * with the uploads it counted, so no stale place can outlive them.
 */
import { availableParallelism } from 'node:os';

import { M } from '@contract/messages';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { Places } from '../places';

export const UPLOADS_PER_ACCOUNT = 2;
export const UPLOADS_WAITING_PER_ACCOUNT = 8;
const WAIT_MS = 30_000;

/** Per app (tests run several apps, on databases whose user ids overlap, in one process). */
const accounts = new WeakMap<AppDeps, Map<number, Places>>();

/**
 * Takes one of the account's places, waiting for one if need be: the function that gives it
 * back, or null when the account already has its uploads running and waiting, or the wait ran out.
 */
export async function claimUpload(deps: AppDeps, userId: number): Promise<(() => void) | null> {
  let byUser = accounts.get(deps);
  if (!byUser) accounts.set(deps, (byUser = new Map()));
  let places = byUser.get(userId);
  if (!places) byUser.set(userId, (places = new Places(UPLOADS_PER_ACCOUNT)));
  const mine = places;
  if (mine.busy && mine.waiting >= UPLOADS_WAITING_PER_ACCOUNT) return null;
  const release = await mine.take(WAIT_MS);
  if (!release) return null;
  return () => {
    release();
    if (!mine.busy && byUser.get(userId) === mine) byUser.delete(userId);
  };
}

/**
 * Uploads worked at once per instance, from their decoding to their commit (issue 30's mixed load): one decoding
 * (images.ts lets IMAGE_JOBS decode at a time, one on a 2-core machine) while another is stored and committed. The
 * rest wait here with their files on disk, holding neither a database connection nor the CPU. Unbounded, every
 * account's two uploads went on at once: sampled, 10-11 of the pool's 20 connections were upload transactions idle
 * between statements (waiting for the event loop) and 3-5 waited on another upload's account lock, so the pool was
 * often full when a page asked for a connection (page p50 37 ms, p99 302-330 ms, 10,000 works on PostgreSQL, 30 s).
 * Bounded: p50 11-15 ms, p99 138-185 ms. The price is the uploads': 5-10 % fewer done and their p99 about half a
 * second worse (full bench runs: 3.67-4.32 s against 2.88-3.68 s), because their stages overlap less.
 */
export const UPLOADS_WORKED_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2)) + 1;
/**
 * How long an upload waits for one of the instance's places before it is answered 503 with Retry-After (the PWA's queue
 * sends it again later, and a load balancer may send it to another instance): its files wait on disk meanwhile, and a
 * flood of uploads must not make every one of them wait without end. Far above a busy instance's wait (upload p99
 * 3.7-4.3 s under issue 30's mixed load).
 */
export const UPLOAD_WORK_WAIT_MS = 30_000;
const worked = new WeakMap<AppDeps, Places>();

/**
 * Runs an upload's work (decode, store, commit) when one of the instance's places is free, first come first served;
 * 503 when none was free within `waitMs`.
 */
export async function workUpload<T>(deps: AppDeps, job: () => Promise<T>, waitMs = UPLOAD_WORK_WAIT_MS): Promise<T> {
  let places = worked.get(deps);
  if (!places) worked.set(deps, (places = new Places(UPLOADS_WORKED_AT_ONCE)));
  const release = await places.take(waitMs);
  if (!release) throw new ApiError(503, M.serviceUnavailable, undefined, { 'Retry-After': '10' });
  try {
    return await job();
  } finally {
    release();
  }
}

/**
 * The upload queue's answer handling (./queue-sync.ts): which answers end an item, which keep it for a later
 * attempt and which mark it failed, and how long it waits before that later attempt.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { attemptOutcome, retryDelay } from './queue-sync';

describe('attemptOutcome', () => {
  it('a 2xx means the work was created: done', () => {
    for (const status of [200, 201, 204, 299]) expect(attemptOutcome(status), String(status)).toBe('done');
  });

  it('no answer at all (status 0) waits for a later attempt', () => {
    expect(attemptOutcome(0)).toBe('retry');
  });

  it('a server failure waits for a later attempt', () => {
    for (const status of [500, 502, 503, 504, 599]) expect(attemptOutcome(status), String(status)).toBe('retry');
  });

  it('"busy" answers wait: 429 (other uploads of the family still being received) and 409', () => {
    expect(attemptOutcome(429)).toBe('retry');
    expect(attemptOutcome(408), 'a proxy timed out a slow upload').toBe('retry');
    expect(attemptOutcome(409)).toBe('retry');
  });

  it('a 401 that the token refresh could not cure waits (for the child to log in again)', () => {
    expect(attemptOutcome(401)).toBe('retry');
  });

  it('any other 4xx will not change by sending the same again: failed', () => {
    // 400 invalid fields or the free plan's limit, 403 not allowed, 404, 413 too large, 422 idempotency key reused with other content.
    for (const status of [400, 403, 404, 413, 422]) expect(attemptOutcome(status), String(status)).toBe('failed');
  });
});

describe('retryDelay', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The delay with the jitter at its lowest and at its highest. */
  function bounds(attempts: number): [number, number] {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    const low = retryDelay(attempts);
    random.mockReturnValue(1 - Number.EPSILON);
    const high = retryDelay(attempts);
    random.mockRestore();
    return [low, high];
  }

  it('starts at about a second and doubles with each attempt', () => {
    expect(bounds(1)).toEqual([500, expect.closeTo(1000, 6)]);
    expect(bounds(2)).toEqual([1000, expect.closeTo(2000, 6)]);
    expect(bounds(3)).toEqual([2000, expect.closeTo(4000, 6)]);
    expect(bounds(6)).toEqual([16_000, expect.closeTo(32_000, 6)]);
  });

  it('never waits more than a minute, however many attempts failed', () => {
    expect(bounds(7)).toEqual([30_000, expect.closeTo(60_000, 6)]);
    for (const attempts of [8, 20, 100, 5000]) {
      const [low, high] = bounds(attempts);
      expect(low, String(attempts)).toBe(30_000);
      expect(high, String(attempts)).toBeLessThanOrEqual(60_000);
      expect(Number.isFinite(high)).toBe(true);
    }
  });

  it('an item never tried yet (0 attempts) waits as after the first', () => {
    expect(bounds(0)).toEqual(bounds(1));
  });

  it('is spread between half and all of the step, so that devices that failed together do not retry together', () => {
    const samples = Array.from({ length: 200 }, () => retryDelay(3));
    for (const delay of samples) {
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
    expect(new Set(samples).size).toBeGreaterThan(100);
  });
});

/**
 * Uploads do not starve requests (issue 30): libvips' worker threads, which do the pixel work of an upload, run at a
 * lower priority than the threads that answer requests (adapters/images.ts, Linux only).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IMAGE_NICE } from '../adapters/images';
import { startTestServer, type TestServer } from './harness';
import { family, made } from './works-helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

/** The priority of each thread of this process with that name. */
function priorities(name: string): number[] {
  const found: number[] = [];
  for (const task of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === name) found.push(getPriority(Number(task)));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('image work priority', () => {
  it("after uploads, every libvips worker thread runs below the requests' priority, and the main thread does not", async () => {
    const [kid] = (await family(s, 1)).kids;
    for (let i = 0; i < 3; i++) await made(s, kid!, { title: `work ${i}` });
    // The last check runs a moment after the last job (GLib starts a pool's threads late).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const vips = priorities('libvips worker');
    expect(vips.length).toBeGreaterThan(0);
    expect(vips.every((p) => p >= IMAGE_NICE)).toBe(true);
    expect(getPriority(process.pid)).toBe(0);
    expect(IMAGE_NICE).toBeGreaterThan(0);
  });
});

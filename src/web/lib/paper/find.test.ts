import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// eslint-disable-next-line no-restricted-imports -- the image set's generator is Node code in scripts/, shared with the bench.
import { paperImage, type PaperImage } from '../../../../scripts/paper-fixtures';
import { areaAverage, DETECT_EDGE, detectionCopy, findPaperIn } from './find';
import { cornerErrors } from './homography';
import type { Raster } from './types';

async function decode(jpeg: Buffer): Promise<Raster> {
  const { data, info } = await sharp(jpeg).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('the detection copy', () => {
  /** Checks each pixel of the copy against the mean of its window, summed here one byte at a time. */
  function expectWindowMeans(data: Uint8Array, width: number, height: number, copy: Raster): void {
    const fx = width / copy.width;
    const fy = height / copy.height;
    for (let y = 0; y < copy.height; y++) {
      const y0 = Math.floor(y * fy);
      const y1 = y === copy.height - 1 ? height : Math.floor((y + 1) * fy);
      for (let x = 0; x < copy.width; x++) {
        const x0 = Math.floor(x * fx);
        const x1 = x === copy.width - 1 ? width : Math.floor((x + 1) * fx);
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += data[(yy * width + xx) * 4 + c]!;
          expect(copy.data[(y * copy.width + x) * 4 + c]).toBe(Uint8ClampedArray.of(sum / ((x1 - x0) * (y1 - y0)))[0]);
        }
      }
    }
  }

  /** Bytes from a fixed seed, each at least `floor`. */
  function noise(n: number, floor: number): Uint8Array {
    const data = new Uint8Array(n);
    let seed = 3;
    for (let i = 0; i < n; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      data[i] = Math.max(floor, seed >>> 24);
    }
    return data;
  }

  it('is the plain mean of each window, also from bytes not on a 4-byte boundary and at an uneven ratio', () => {
    const width = 1531;
    const height = 7;
    const backing = new Uint8Array(width * height * 4 + 3);
    const data = backing.subarray(3);
    data.set(noise(data.length, 0));
    const copy = areaAverage({ data, width, height }, 1024);
    expect([copy.width, copy.height]).toEqual([1024, 5]);
    expectWindowMeans(data, width, height, copy);
  });

  it('is the exact mean of bright windows of every size, up to the largest summed two channels at a time and past it', () => {
    // Windows of 256 (16 × 16), 257 and 258 pixels of nearly white bytes: red and blue summed in one integer
    // must not carry into each other, and larger windows are summed apart.
    for (const [width, height, edge, pixels] of [
      [592, 592, 37, 256],
      [1028, 1, 4, 257],
      [1032, 1, 4, 258],
      [2064, 2, 4, 1032],
    ] as const) {
      const data = noise(width * height * 4, 250);
      const copy = areaAverage({ data, width, height }, edge);
      expect((width / copy.width) * (height / copy.height)).toBe(pixels);
      expectWindowMeans(data, width, height, copy);
    }
  });

  it('averages each block of the photo', () => {
    // 2048 x 4 → 1024 x 2: each output pixel is the mean of a 2 x 2 block.
    const width = 2048;
    const height = 4;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        data[i] = x % 2 ? 100 : 50; // 75 on average
        data[i + 1] = y % 2 ? 10 : 0; // 5
        data[i + 2] = (x >> 1) % 256; // the block's own number
        data[i + 3] = 255;
      }
    }
    const copy = detectionCopy({ data, width, height });
    expect([copy.width, copy.height]).toEqual([DETECT_EDGE, 2]);
    expect(Array.from(copy.data.subarray(0, 8))).toEqual([75, 5, 0, 255, 75, 5, 1, 255]);
    const last = (2 * DETECT_EDGE - 1) * 4;
    expect(Array.from(copy.data.subarray(last, last + 4))).toEqual([75, 5, 255, 255]);
  });

  it('keeps the aspect and leaves a small photo as it is', () => {
    const big = { data: new Uint8ClampedArray(4000 * 3000 * 4), width: 4000, height: 3000 };
    const copy = detectionCopy(big);
    expect([copy.width, copy.height]).toEqual([1024, 768]);
    const small = { data: new Uint8ClampedArray(800 * 600 * 4), width: 800, height: 600 };
    expect(detectionCopy(small)).toBe(small);
  });
});

describe('the same engine in the CLI and the worker', () => {
  let dir = '';
  let photo: PaperImage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'find-paper-'));
    photo = await paperImage(29_001, 'perspective', { longEdge: 3000 });
    await writeFile(join(dir, 'photo.jpg'), photo.jpeg);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('npm run detect-paper prints the corners the worker finds on the same pixels', async () => {
    // The worker (paper.worker.ts) hands its full-size pixels to findPaperIn; so does the CLI.
    const worker = findPaperIn(await decode(photo.jpeg));
    expect(worker.found).toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/detect-paper.ts', join(dir, 'photo.jpg')]);
    const cli = JSON.parse(stdout) as { corners: [number, number][] };
    const round = (v: number) => Math.round(v * 10) / 10;
    expect(cli.corners).toEqual(worker.corners.map(([x, y]) => [round(x), round(y)]));
    // And they are the sheet's corners.
    const worst = Math.max(...cornerErrors(worker.corners, photo.corners)) / Math.hypot(photo.width, photo.height);
    expect(worst).toBeLessThan(0.01);
  }, 60_000);
});

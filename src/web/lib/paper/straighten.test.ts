import { describe, expect, it } from 'vitest';

import { apply, homography } from './homography';
import { evenLight, lightStats, outputSize, straighten, warp } from './straighten';
import type { Corners, Point, Raster } from './types';

const RED: [number, number, number] = [210, 40, 40];
const BLUE: [number, number, number] = [40, 60, 200];
const GREEN: [number, number, number] = [40, 170, 60];

/** A sheet 300 x 420: white, a red top-left quarter, a blue top-right one, a green bottom-left one. */
function sheetColour(u: number, v: number): [number, number, number] {
  const left = u < 150;
  const top = v < 210;
  if (top && left) return RED;
  if (top) return BLUE;
  if (left) return GREEN;
  return [245, 245, 245];
}

/** The sheet put by a homography onto a dark table, 800 x 600. */
function photo(corners: Corners): Raster {
  const width = 800;
  const height = 600;
  const inv = homography(corners, [
    [0, 0],
    [300, 0],
    [300, 420],
    [0, 420],
  ])!;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = apply(inv, x + 0.5, y + 0.5);
      const c: [number, number, number] = u >= 0 && v >= 0 && u < 300 && v < 420 ? sheetColour(u, v) : [60, 45, 35];
      data.set([...c, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

function pixel(r: Raster, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * r.width + Math.round(x)) * 4;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
}

function hue([r, g, b]: [number, number, number]): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min || 1;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('straighten', () => {
  const corners: Corners = [
    [250, 60],
    [520, 90],
    [560, 560],
    [200, 530],
  ];

  it('warps the quad to the sheet: its quarters come out where they were drawn', () => {
    const out = straighten(photo(corners), corners, { evenLight: false });
    // Portrait, as the sheet is.
    expect(out.height).toBeGreaterThan(out.width);
    const at = (u: number, v: number) => pixel(out, (u / 300) * out.width, (v / 420) * out.height);
    const close = (a: number[], b: number[]) => a.every((c, i) => Math.abs(c - b[i]!) <= 12);
    expect(close(at(75, 105), RED)).toBe(true);
    expect(close(at(225, 105), BLUE)).toBe(true);
    expect(close(at(75, 315), GREEN)).toBe(true);
    expect(close(at(225, 315), [245, 245, 245])).toBe(true);
    // Cropped to the sheet: no table at the corners.
    for (const [x, y] of [
      [2, 2],
      [out.width - 3, out.height - 3],
    ] as Point[]) {
      expect(Math.min(...pixel(out, x, y))).toBeGreaterThan(30);
      expect(close(pixel(out, x, y), [60, 45, 35])).toBe(false);
    }
  });

  it('keeps the long edge within the limit', () => {
    const out = straighten(photo(corners), corners, { maxEdge: 200 });
    expect(Math.max(out.width, out.height)).toBe(200);
  });
});

describe('evenLight', () => {
  /** A white sheet under a strong gradient and a shadow band, with a red stroke across it. */
  function shaded(): { raster: Raster; stroke: (y: number) => boolean } {
    const width = 600;
    const height = 800;
    const data = new Uint8ClampedArray(width * height * 4);
    const stroke = (y: number) => y >= 390 && y < 410;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let light = 0.55 + 0.45 * (x / width);
        if (y > 600) light *= 0.8;
        const c = stroke(y) ? RED : ([240, 236, 228] as const);
        data.set([c[0] * light, c[1] * light, c[2] * light, 255], (y * width + x) * 4);
      }
    }
    return { raster: { data, width, height }, stroke };
  }

  it('makes a shaded white sheet near-white and keeps a coloured stroke hue', () => {
    const { raster } = shaded();
    const before = pixel(raster, 30, 400);
    evenLight(raster);
    for (const [x, y] of [
      [20, 20],
      [300, 300],
      [580, 100],
      [20, 700],
      [580, 780],
      [300, 650],
    ] as Point[]) {
      const c = pixel(raster, x, y);
      expect(Math.min(...c), `${x},${y}: ${c.join(',')}`).toBeGreaterThanOrEqual(235);
    }
    for (const x of [30, 300, 570]) {
      const c = pixel(raster, x, 400);
      expect(Math.abs(hue(c) - hue(RED) + (hue(c) > 180 ? -360 : 0)), c.join(',')).toBeLessThan(12);
      // Still a strong red, not washed out.
      expect(c[0] - Math.max(c[1], c[2])).toBeGreaterThan(120);
    }
    // The dark stroke in the shade got brighter, as the paper did.
    expect(pixel(raster, 30, 400)[0]).toBeGreaterThan(before[0]);
  });
});

/** Noise bytes (opaque), so that every weight and every byte of a sample matters. */
function noise(data: Uint8Array | Uint8ClampedArray, seed: number): void {
  for (let i = 0; i < data.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    data[i] = i % 4 === 3 ? 255 : seed >>> 24;
  }
}

/**
 * How far the straightened picture's colours are from the exact bilinear blend of the photo at each output pixel's
 * centre (a sample past the photo clamped to its nearest edge), and how many output pixels sample past it.
 */
function bilinearError(photo: Raster, quad: Corners, out: Raster): { worst: number; clamped: number } {
  const { data, width, height } = photo;
  const h = homography(
    [
      [0, 0],
      [out.width, 0],
      [out.width, out.height],
      [0, out.height],
    ],
    quad,
  )!;
  const at = (x: number, y: number, c: number) => data[(y * width + x) * 4 + c]!;
  let worst = 0;
  let clamped = 0;
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const [u, v] = apply(h, x + 0.5, y + 0.5);
      if (u < 0.5 || v < 0.5 || u > width - 0.5 || v > height - 0.5) clamped++;
      const fx = Math.min(width - 1, Math.max(0, u - 0.5));
      const fy = Math.min(height - 1, Math.max(0, v - 0.5));
      const x0 = Math.min(width - 2, Math.floor(fx));
      const y0 = Math.min(height - 2, Math.floor(fy));
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) + (at(x0 + 1, y0, c) - at(x0, y0, c)) * (fx - x0);
        const bottom = at(x0, y0 + 1, c) + (at(x0 + 1, y0 + 1, c) - at(x0, y0 + 1, c)) * (fx - x0);
        const exact = top + (bottom - top) * (fy - y0);
        worst = Math.max(worst, Math.abs(out.data[(y * out.width + x) * 4 + c]! - exact));
      }
    }
  }
  return { worst, clamped };
}

describe('the warp', () => {
  it('samples within two levels of the exact bilinear blend on pure noise, from a raster not on a 4-byte boundary', () => {
    // Noise; a Node-like buffer that starts at an odd offset.
    const width = 97;
    const height = 61;
    const backing = new Uint8Array(width * height * 4 + 1);
    const data = backing.subarray(1);
    noise(data, 7);
    const raster: Raster = { data, width, height };
    const quad: Corners = [
      [10.3, 5.7],
      [88.1, 12.2],
      [80.6, 58.9],
      [3.2, 50.4],
    ];
    const out = straighten(raster, quad, { evenLight: false, maxEdge: 64 });
    for (let k = 3; k < out.data.length; k += 4) expect(out.data[k]).toBe(255);
    expect(bilinearError(raster, quad, out).worst).toBeLessThan(2);
  });
});

describe('the warp at the photo’s edges', () => {
  it('clamps a quad that reaches past the photo to its nearest edge, within two levels of the exact clamped blend', () => {
    // Noise again; the quad's corners outside the photo on every side, so that both the interior's fast path and
    // the clamped one are taken, and the last column and row are sampled.
    const width = 53;
    const height = 41;
    const data = new Uint8ClampedArray(width * height * 4);
    noise(data, 99);
    const raster: Raster = { data, width, height };
    const quad: Corners = [
      [-6.4, -3.1],
      [58.7, 2.2],
      [61.3, 47.9],
      [-2.5, 44.6],
    ];
    const out = straighten(raster, quad, { evenLight: false, maxEdge: 90 });
    const { worst, clamped } = bilinearError(raster, quad, out);
    // A good share of the output comes from beyond the photo.
    expect(clamped).toBeGreaterThan(out.width * out.height * 0.1);
    expect(worst).toBeLessThan(2);
  });
});

describe('evenLight on a long raster', () => {
  it('whitens evenly-lit paper and keeps a stroke dark, with blocks of the largest size', () => {
    // 12816 x 267: blocks of 256 pixels at most, each holding 65 536 pixels of one level (a channel's sum just below
    // 2^24 at 250). Blocks of 267 pixels (12816 / 48), all of that size, would pass it.
    const width = 12816;
    const height = 267;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let k = 0; k < width * height; k++) {
      const stroke = k % width >= 6000 && k % width < 6012;
      data.set(stroke ? [30, 30, 120, 255] : [250, 240, 230, 255], k * 4);
    }
    const raster = evenLight({ data, width, height });
    for (const x of [10, 3000, 9000, 12800]) {
      const c = pixel(raster, x, 150);
      expect(Math.min(...c), `${x}: ${c.join(',')}`).toBeGreaterThanOrEqual(250);
    }
    // The stroke scaled as its paper was (each channel by 255 · 1.04 over the paper's), not washed out.
    const stroke = pixel(raster, 6006, 150);
    expect(stroke[0]).toBeGreaterThanOrEqual(30);
    expect(stroke[0]).toBeLessThan(36);
    expect(stroke[2]).toBeGreaterThan(130);
    expect(stroke[2]).toBeLessThan(145);
  });
});

describe('the light gathered by the warp', () => {
  it('gives the same picture as evenLight reading the warped pixels itself; statistics not gathered are ignored', () => {
    // A shaded sheet with strokes, so that every block has its own light and brightest tenth.
    const width = 700;
    const height = 500;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const light = 0.5 + 0.5 * (x / width) * (1 - y / (2 * height));
        const c = (x + 2 * y) % 37 < 3 ? BLUE : (x * 7 + y) % 53 < 2 ? RED : ([236, 230, 222] as const);
        data.set([c[0] * light, c[1] * light, c[2] * light, 255], (y * width + x) * 4);
      }
    }
    const quad: Corners = [
      [40.5, 30.2],
      [650.3, 12.8],
      [680.1, 470.6],
      [20.7, 455.4],
    ];
    const raster = { data, width, height };
    const fused = straighten(raster, quad);
    const { width: w, height: h } = outputSize(quad, 2048);
    const alone = evenLight(warp(raster, quad, w, h));
    expect(fused.width).toBe(w);
    expect(Buffer.from(fused.data).equals(Buffer.from(alone.data))).toBe(true);
    // Statistics never filled: evenLight gathers its own.
    const other = warp(raster, quad, w, h);
    expect(Buffer.from(evenLight(other, lightStats(w, h)).data).equals(Buffer.from(alone.data))).toBe(true);
  });
});

/**
 * The project's image set for the paper detector (issue 15): photographed drawings with known corners. A synthetic
 * drawing (coloured strokes on a white sheet of A4 or letter proportions) is put by a random homography
 * (perspective and rotation) onto a table (wood, light low-contrast, dark), under a light gradient, with a soft
 * shadow, a glare spot, sensor noise and JPEG. Deterministic from the seed; nothing is stored in the repository.
 */
import sharp from 'sharp';

import { apply, homography, orderCorners } from '../src/web/lib/paper/homography';
import type { Corners, Point } from '../src/web/lib/paper/types';

export type PaperKind = 'perspective' | 'rotation' | 'low-contrast' | 'glare' | 'dark' | 'wood';
export const PAPER_KINDS: PaperKind[] = ['perspective', 'rotation', 'low-contrast', 'glare', 'dark', 'wood'];

export interface PaperImage {
  jpeg: Buffer;
  corners: Corners;
  width: number;
  height: number;
  kind: PaperKind;
}

export interface PaperOptions {
  /** The photo's long edge (default 1280). */
  longEdge?: number;
  /** The kinds to cycle through (default all). */
  kinds?: PaperKind[];
  /** No sheet at all: a table only (corners are then the whole image). */
  noPaper?: boolean;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise in [0, 1] on a lattice of `cell` pixels. */
function valueNoise(rand: () => number, cell: number) {
  const size = 64;
  const grid = new Float32Array(size * size).map(() => rand());
  return (x: number, y: number) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const g = (i: number, j: number) => grid[(((j % size) + size) % size) * size + (((i % size) + size) % size)]!;
    const a = g(x0, y0) + (g(x0 + 1, y0) - g(x0, y0)) * sx;
    const b = g(x0, y0 + 1) + (g(x0 + 1, y0 + 1) - g(x0, y0 + 1)) * sx;
    return a + (b - a) * sy;
  };
}

const CRAYONS: [number, number, number][] = [
  [220, 40, 40],
  [30, 80, 200],
  [40, 160, 60],
  [250, 200, 30],
  [140, 50, 160],
  [250, 120, 20],
  [30, 30, 30],
  [240, 100, 160],
];

/** The drawing: strokes and a filled shape on a white sheet, `sw` x `sh` pixels, RGB floats. */
function drawing(rand: () => number, sw: number, sh: number): Float32Array {
  const px = new Float32Array(sw * sh * 3);
  const paper = [246 + rand() * 6, 244 + rand() * 6, 238 + rand() * 8];
  for (let i = 0; i < sw * sh; i++) {
    px[i * 3] = paper[0]!;
    px[i * 3 + 1] = paper[1]!;
    px[i * 3 + 2] = paper[2]!;
  }
  const dot = (cx: number, cy: number, r: number, c: [number, number, number], alpha: number) => {
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(sh - 1, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(sw - 1, Math.ceil(cx + r)); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        const i = (y * sw + x) * 3;
        for (let k = 0; k < 3; k++) px[i + k] = px[i + k]! * (1 - alpha) + c[k]! * alpha;
      }
    }
  };
  // Some children draw to the very edge.
  const margin = rand() < 0.3 ? 0.005 : 0.08;
  const strokes = 5 + Math.floor(rand() * 8);
  for (let s = 0; s < strokes; s++) {
    const c = CRAYONS[Math.floor(rand() * CRAYONS.length)]!;
    const r = 2 + rand() * 6;
    let x = sw * (margin + rand() * (1 - 2 * margin));
    let y = sh * (margin + rand() * (1 - 2 * margin));
    let a = rand() * Math.PI * 2;
    const steps = 60 + Math.floor(rand() * 200);
    for (let k = 0; k < steps; k++) {
      a += (rand() - 0.5) * 0.5;
      x = Math.min(sw * (1 - margin), Math.max(sw * margin, x + Math.cos(a) * 2));
      y = Math.min(sh * (1 - margin), Math.max(sh * margin, y + Math.sin(a) * 2));
      dot(x, y, r, c, 0.85);
    }
  }
  // A filled sun or house.
  const c = CRAYONS[Math.floor(rand() * 6)]!;
  dot(sw * (0.25 + rand() * 0.5), sh * (0.2 + rand() * 0.5), sw * (0.06 + rand() * 0.1), c, 0.8);
  return px;
}

function tableColour(kind: PaperKind, rand: () => number, w: number, h: number) {
  const style =
    kind === 'low-contrast'
      ? 'light'
      : kind === 'dark'
        ? 'dark'
        : kind === 'wood'
          ? 'wood'
          : (['wood', 'dark', 'mid', 'wood'] as const)[Math.floor(rand() * 4)]!;
  const n1 = valueNoise(rand, 40 + rand() * 80);
  const n2 = valueNoise(rand, 6 + rand() * 10);
  const angle = rand() * Math.PI;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const freq = (2 * Math.PI) / (8 + rand() * 14);
  const scale = Math.max(w, h) / 1280;
  if (style === 'wood') {
    const base = [120 + rand() * 70, 75 + rand() * 45, 40 + rand() * 30];
    return (x: number, y: number): [number, number, number] => {
      const u = (x * ca + y * sa) / scale;
      const v = (-x * sa + y * ca) / scale;
      const grain = 0.5 + 0.5 * Math.sin(v * freq + 6 * n1(u * 0.2, v));
      const f = 0.78 + 0.22 * grain + 0.08 * (n2(u, v) - 0.5);
      return [base[0]! * f, base[1]! * f, base[2]! * f];
    };
  }
  const base =
    style === 'light'
      ? [205 + rand() * 28, 200 + rand() * 28, 190 + rand() * 28]
      : style === 'dark'
        ? [35 + rand() * 35, 35 + rand() * 30, 40 + rand() * 30]
        : [110 + rand() * 60, 120 + rand() * 50, 115 + rand() * 40];
  return (x: number, y: number): [number, number, number] => {
    const f = 1 + 0.05 * (n1(x / scale, y / scale) - 0.5) + 0.04 * (n2(x / scale, y / scale) - 0.5);
    return [base[0]! * f, base[1]! * f, base[2]! * f];
  };
}

/** One photographed drawing. */
export async function paperImage(seed: number, kind: PaperKind, options: PaperOptions = {}): Promise<PaperImage> {
  const rand = mulberry32(seed * 7919 + 17);
  const long = options.longEdge ?? 1280;
  const portrait = rand() < 0.5;
  const width = portrait ? Math.round((long * 3) / 4) : long;
  const height = portrait ? long : Math.round((long * 3) / 4);
  const ratio = rand() < 0.6 ? Math.SQRT2 : 11 / 8.5;
  const sheetPortrait = rand() < 0.7 ? portrait : !portrait;
  const sw = sheetPortrait ? 600 : Math.round(600 * ratio);
  const sh = sheetPortrait ? Math.round(600 * ratio) : 600;
  const sheet = drawing(rand, sw, sh);

  // Where the sheet lands: a rectangle filling 45-80 % of the frame, rotated, then tilted.
  const fill = 0.5 + rand() * 0.3;
  const k = (Math.min(width / sw, height / sh) * fill) / 1;
  const maxRot = kind === 'rotation' ? 0.6 : 0.12;
  const rot = (rand() * 2 - 1) * maxRot;
  const cx = width / 2 + (rand() - 0.5) * width * 0.12;
  const cy = height / 2 + (rand() - 0.5) * height * 0.12;
  const tilt = kind === 'perspective' ? 0.25 + rand() * 0.2 : rand() * 0.2;
  const tiltDir = rand() * Math.PI * 2;
  const rect: Point[] = [
    [-sw / 2, -sh / 2],
    [sw / 2, -sh / 2],
    [sw / 2, sh / 2],
    [-sw / 2, sh / 2],
  ];
  const quad = rect.map(([x, y]) => {
    const xr = (x * Math.cos(rot) - y * Math.sin(rot)) * k;
    const yr = (x * Math.sin(rot) + y * Math.cos(rot)) * k;
    // A camera tilt: the far side shrinks.
    const d = (xr * Math.cos(tiltDir) + yr * Math.sin(tiltDir)) / Math.max(width, height);
    const w = 1 + tilt * d;
    return [cx + xr / w, cy + yr / w] as Point;
  });
  // Keep the sheet in the frame (shrink toward the centre if a corner falls out).
  let shrink = 1;
  for (const [x, y] of quad) {
    shrink = Math.min(shrink, (width * 0.49) / Math.abs(x - width / 2 + 1e-9), (height * 0.49) / Math.abs(y - height / 2 + 1e-9));
  }
  const dst = quad.map(([x, y]) => [width / 2 + (x - width / 2) * shrink, height / 2 + (y - height / 2) * shrink] as Point);
  const src: Point[] = [
    [0, 0],
    [sw, 0],
    [sw, sh],
    [0, sh],
  ];
  const inv = homography(dst, src)!;
  const table = tableColour(kind, rand, width, height);

  // Light: a gradient, a vignette, a warm or cool cast, a soft shadow, a glare spot.
  const gAngle = rand() * Math.PI * 2;
  const gStrength = 0.15 + rand() * 0.2;
  const diag = Math.hypot(width, height);
  const cast = [1, 0.97 + rand() * 0.03, 0.9 + rand() * 0.1];
  const exposure = 0.9 + rand() * 0.12;
  const hasShadow = kind !== 'low-contrast' ? rand() < 0.6 : rand() < 0.3;
  const sAngle = rand() * Math.PI * 2;
  const sOffset = (0.15 + rand() * 0.2) * diag;
  const sSoft = (0.01 + rand() * 0.03) * diag;
  const sDepth = 0.25 + rand() * 0.25;
  const hasGlare = kind === 'glare' || rand() < 0.2;
  const [gx, gy] = apply(homography(src, dst)!, sw * (0.2 + rand() * 0.6), sh * (0.2 + rand() * 0.6));
  const gSigma = (0.04 + rand() * 0.06) * diag;
  const gAmount = kind === 'glare' ? 0.6 + rand() * 0.35 : 0.3 + rand() * 0.3;
  const noiseAmp = 3 + rand() * 5;
  const blur = 0.5 + rand() * 0.8;
  // The sheet's own shadow on the table (it never lies quite flat), toward a side.
  const dropAngle = rand() * Math.PI * 2;
  const dropLen = (0.002 + rand() * 0.006) * diag;
  const dropDepth = 0.1 + rand() * 0.2;
  const dropX = Math.cos(dropAngle) * dropLen;
  const dropY = Math.sin(dropAngle) * dropLen;
  const unitsPerPixel = 1 / (k * shrink);
  // A crayon on the table, sometimes over the sheet's edge.
  const hasCrayon = rand() < 0.35;
  const crayonColour = CRAYONS[Math.floor(rand() * CRAYONS.length)]!;
  const crayonAngle = rand() * Math.PI;
  const crayonLen = (0.12 + rand() * 0.1) * diag;
  const crayonHalf = (0.006 + rand() * 0.004) * diag;
  const side = Math.floor(rand() * 4);
  const ca0 = dst[side]!;
  const ca1 = dst[(side + 1) % 4]!;
  const along = 0.2 + rand() * 0.6;
  const crayonX = ca0[0] + (ca1[0] - ca0[0]) * along + (rand() - 0.5) * crayonLen * 0.5;
  const crayonY = ca0[1] + (ca1[1] - ca0[1]) * along + (rand() - 0.5) * crayonLen * 0.5;

  const out = Buffer.alloc(width * height * 3);
  const nrand = mulberry32(seed + 99);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = apply(inv, x + 0.5, y + 0.5);
      let c: [number, number, number];
      if (!options.noPaper && u >= 0 && v >= 0 && u < sw - 1 && v < sh - 1) {
        const iu = Math.floor(u);
        const iv = Math.floor(v);
        const fu = u - iu;
        const fv = v - iv;
        const i00 = (iv * sw + iu) * 3;
        const i10 = i00 + 3;
        const i01 = i00 + sw * 3;
        const i11 = i01 + 3;
        c = [0, 0, 0];
        for (let ch = 0; ch < 3; ch++) {
          const a = sheet[i00 + ch]! + (sheet[i10 + ch]! - sheet[i00 + ch]!) * fu;
          const b = sheet[i01 + ch]! + (sheet[i11 + ch]! - sheet[i01 + ch]!) * fu;
          c[ch] = a + (b - a) * fv;
        }
      } else {
        c = table(x, y);
        const [du, dv] = apply(inv, x + 0.5 - dropX, y + 0.5 - dropY);
        const outside = Math.max(0, -du, du - sw, -dv, dv - sh) / unitsPerPixel;
        const drop = options.noPaper ? 0 : dropDepth * Math.exp(-outside / Math.max(1, dropLen * 0.6));
        c = [c[0] * (1 - drop), c[1] * (1 - drop), c[2] * (1 - drop)];
      }
      if (hasCrayon) {
        const ux = x - crayonX;
        const uy = y - crayonY;
        const t = ux * Math.cos(crayonAngle) + uy * Math.sin(crayonAngle);
        const d = -ux * Math.sin(crayonAngle) + uy * Math.cos(crayonAngle);
        if (Math.abs(t) < crayonLen / 2 && Math.abs(d) < crayonHalf) {
          const shade = 0.75 + 0.25 * Math.cos((d / crayonHalf) * 1.4);
          c = [crayonColour[0] * shade, crayonColour[1] * shade, crayonColour[2] * shade];
        }
      }
      const dx = (x - width / 2) / diag;
      const dy = (y - height / 2) / diag;
      let light = exposure * (1 + gStrength * (dx * Math.cos(gAngle) + dy * Math.sin(gAngle)) * 2) * (1 - 0.35 * (dx * dx + dy * dy));
      if (hasShadow) {
        const s = (x - width / 2) * Math.cos(sAngle) + (y - height / 2) * Math.sin(sAngle) - sOffset;
        light *= 1 - sDepth / (1 + Math.exp(-s / sSoft));
      }
      let glare = 0;
      if (hasGlare) glare = gAmount * Math.exp(-((x - gx) ** 2 + (y - gy) ** 2) / (2 * gSigma * gSigma));
      const o = (y * width + x) * 3;
      const n = (nrand() + nrand() + nrand() - 1.5) * noiseAmp;
      for (let ch = 0; ch < 3; ch++) {
        const lit = c[ch]! * light * cast[ch]!;
        out[o + ch] = Math.max(0, Math.min(255, Math.round(lit + (255 - lit) * glare + n)));
      }
    }
  }
  const jpeg = await sharp(out, { raw: { width, height, channels: 3 } })
    .blur(blur)
    .jpeg({ quality: 85 })
    .toBuffer();
  const corners: Corners = options.noPaper
    ? [
        [0, 0],
        [width, 0],
        [width, height],
        [0, height],
      ]
    : orderCorners(dst);
  return { jpeg, corners, width, height, kind };
}

/** `n` photographed drawings, cycling through the kinds, deterministic from `seed`. */
export async function paperSet(n: number, seed: number, options: PaperOptions = {}): Promise<PaperImage[]> {
  const kinds = options.kinds ?? PAPER_KINDS;
  const out: PaperImage[] = [];
  for (let i = 0; i < n; i++) out.push(await paperImage(seed * 1000 + i, kinds[i % kinds.length]!, options));
  return out;
}

/**
 * The hand labels of the real-photo sets (issue 29): the development set fixtures/paper-real/labels.json, and with
 * `--dir fixtures/paper-validation` the validation set (never tuned on). Every command takes `--dir DIR` (default
 * fixtures/paper-real).
 *
 *   node --import tsx scripts/label-paper.ts add <source image> <NN-short-description.jpg>
 *       Stores a photo in the set: EXIF-rotated, every bit of metadata dropped, long side at most 2000 px, JPEG q85.
 *   node --import tsx scripts/label-paper.ts show <NN-….jpg> [x,y x,y x,y x,y]
 *       Draws the corners (given, or else the label's) on the photo: /tmp/label-paper/<name>.png, the whole photo with
 *       the quad on the left and 3× crops around each corner, with a fine grid and the point marked, on the right.
 *       Look at it, move the points, show again, until each corner sits on the sheet's corner.
 *   node --import tsx scripts/label-paper.ts set <NN-….jpg> x,y x,y x,y x,y [--classes a,b] [--note "…"]
 *       Writes the corners (top-left, top-right, bottom-right, bottom-left, in the stored file's pixels) into labels.json.
 *   node --import tsx scripts/label-paper.ts --check
 *       Verifies labels.json against the files (see checkLabels): of the --dir given, or else of every set in SETS.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as prettier from 'prettier';
import sharp from 'sharp';

export const SET_DIR = fileURLToPath(new URL('../fixtures/paper-real/', import.meta.url));
/** The validation set: labelled the same way, measured on, never tuned on (its README says how it was chosen). */
export const VALIDATION_DIR = fileURLToPath(new URL('../fixtures/paper-validation/', import.meta.url));
/** The sets `--check` (and scripts/label-paper.test.ts) verifies when no --dir is given. */
export const SETS = [SET_DIR, VALIDATION_DIR];
/** The set the commands work on: SET_DIR unless `--dir` says otherwise. */
let setDir = SET_DIR;
const labelsFile = (dir = setDir) => join(dir, 'labels.json');
const OUT_DIR = '/tmp/label-paper';
/** The stored photos' long side, at most. */
const MAX_EDGE = 2000;
/** The classes a photo may carry (README.md says what each means). */
export const CLASSES = ['fold', 'shadow', 'curl', 'hand', 'white-on-light', 'wood', 'dark', 'concrete', 'busy', 'plain'] as const;

type Pt = [number, number];
export interface Label {
  file: string;
  width: number;
  height: number;
  corners: [Pt, Pt, Pt, Pt];
  classes: string[];
  note: string;
}
export interface Labels {
  version: 1;
  photos: Label[];
}

export function readLabels(file = labelsFile()): Labels {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Labels;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, photos: [] };
    throw e;
  }
}

async function writeLabels(labels: Labels): Promise<void> {
  labels.photos.sort((a, b) => a.file.localeCompare(b.file));
  // Formatted as `npm run lint` (prettier --check) wants it.
  const file = labelsFile();
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(labels), { ...options, filepath: file }));
}

/** The signed area (shoelace) of a polygon, positive when it runs clockwise on screen (y down). */
function signedArea(q: Pt[]): number {
  let a = 0;
  for (let i = 0; i < q.length; i++) {
    const [x0, y0] = q[i]!;
    const [x1, y1] = q[(i + 1) % q.length]!;
    a += x0 * y1 - x1 * y0;
  }
  return a / 2;
}

/**
 * Everything wrong with one label, given the stored file's size (null: no such file): the corners are four points
 * inside the image, in the order top-left, top-right, bottom-right, bottom-left (clockwise on screen), forming a convex
 * quad of some size; the size recorded matches the file; the classes are known ones.
 */
export function labelProblems(label: Label, size: { width: number; height: number } | null): string[] {
  const problems: string[] = [];
  const f = label.file;
  if (!/^\d\d-[a-z0-9-]+\.jpg$/.test(f)) problems.push(`${f}: the name is not NN-short-description.jpg`);
  if (!size) return [...problems, `${f}: no such file in the set`];
  if (size.width !== label.width || size.height !== label.height)
    problems.push(`${f}: labelled as ${label.width}×${label.height} but the file is ${size.width}×${size.height}`);
  const q = label.corners;
  if (!Array.isArray(q) || q.length !== 4 || q.some((p) => !Array.isArray(p) || p.length !== 2 || !p.every(Number.isFinite)))
    return [...problems, `${f}: corners are not four [x, y] points`];
  for (const [x, y] of q)
    if (x < 0 || y < 0 || x > size.width || y > size.height) problems.push(`${f}: corner ${x},${y} is outside the image`);
  // Convex and clockwise: every turn the same way (y down, clockwise means positive cross products).
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = q[i]!;
    const [bx, by] = q[(i + 1) % 4]!;
    const [cx, cy] = q[(i + 2) % 4]!;
    const cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (cross <= 0) problems.push(`${f}: not a convex quad in the order top-left, top-right, bottom-right, bottom-left`);
  }
  if (signedArea(q) < 0.02 * size.width * size.height) problems.push(`${f}: the quad covers under 2 % of the image`);
  // The first corner is the top-left one as the detector orders them (homography.ts orderCorners): least x + y.
  const sums = q.map(([x, y]) => x + y);
  if (sums[0]! > Math.min(...sums)) problems.push(`${f}: the first corner is not the top-left one (least x + y)`);
  for (const c of label.classes) if (!(CLASSES as readonly string[]).includes(c)) problems.push(`${f}: unknown class ${c}`);
  if (label.classes.length === 0) problems.push(`${f}: no class`);
  return problems;
}

type Box = { left: number; top: number; width: number; height: number };

/**
 * Close-ups made from a labelled photo (a page that fills the frame): the box inside the sheet's corners, 3 % of the
 * diagonal in from each side, so that it holds paper only; then its top half, its bottom half, and its middle 80 %.
 * Boxes under 250 px either way are left out; none when the whole box is.
 */
export function closeUpBoxes(label: { width: number; height: number; corners: readonly Pt[] }): Box[] {
  const [tl, tr, br, bl] = label.corners as [Pt, Pt, Pt, Pt];
  const m = 0.03 * Math.hypot(label.width, label.height);
  const left = Math.ceil(Math.max(tl[0], bl[0]) + m);
  const top = Math.ceil(Math.max(tl[1], tr[1]) + m);
  const width = Math.floor(Math.min(tr[0], br[0]) - m) - left;
  const height = Math.floor(Math.min(bl[1], br[1]) - m) - top;
  const half = Math.floor(height / 2);
  const boxes = [
    { left, top, width, height },
    { left, top, width, height: half },
    { left, top: top + half, width, height: half },
    {
      left: left + Math.floor(width * 0.1),
      top: top + Math.floor(height * 0.1),
      width: Math.floor(width * 0.8),
      height: Math.floor(height * 0.8),
    },
  ];
  return width >= 250 && height >= 250 ? boxes.filter((b) => b.width >= 250 && b.height >= 250) : [];
}

/** The width and height of a JPEG from its SOF marker (no decoding). */
export function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    const len = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return null;
}

/** Every problem of the whole set: each label's, a photo without a label, a file labelled twice. */
export function checkLabels(dir = SET_DIR): string[] {
  const labels = readLabels(join(dir, 'labels.json'));
  const problems: string[] = [];
  if (labels.version !== 1) problems.push('labels.json: version is not 1');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
  const seen = new Set<string>();
  for (const label of labels.photos) {
    if (seen.has(label.file)) problems.push(`${label.file}: labelled twice`);
    seen.add(label.file);
    const size = files.includes(label.file) ? jpegSize(readFileSync(join(dir, label.file))) : null;
    problems.push(...labelProblems(label, size));
  }
  for (const f of files) if (!seen.has(f)) problems.push(`${f}: no label`);
  return problems;
}

function parsePoints(args: string[]): [Pt, Pt, Pt, Pt] {
  const pts = args.map((a) => a.split(',').map(Number) as Pt);
  if (pts.length !== 4 || pts.some((p) => p.length !== 2 || !p.every(Number.isFinite)))
    throw new Error('give four corners as x,y x,y x,y x,y (top-left, top-right, bottom-right, bottom-left)');
  return pts as [Pt, Pt, Pt, Pt];
}

async function add(source: string, name: string): Promise<void> {
  if (!/^\d\d-[a-z0-9-]+\.jpg$/.test(name)) throw new Error('name it NN-short-description.jpg');
  // sharp keeps no metadata unless asked (.keepMetadata/.withMetadata), so EXIF, GPS, XMP and ICC are all dropped.
  const info = await sharp(source)
    .rotate()
    .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toFile(join(setDir, name));
  console.log(`${name}: ${info.width}×${info.height}, ${Math.round(info.size / 1024)} KB`);
}

const CROP = 160;
const ZOOM = 3;
const OVERVIEW = 900;

async function show(name: string, given: string[]): Promise<void> {
  const file = join(setDir, name);
  const label = readLabels().photos.find((p) => p.file === name);
  const q = given.length ? parsePoints(given) : label?.corners;
  if (!q) throw new Error(`${name} has no label yet: give the corners`);
  const meta = await sharp(file).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const s = OVERVIEW / Math.max(W, H);
  const ow = Math.round(W * s);
  const oh = Math.round(H * s);
  const colours = ['#ff2d2d', '#2dff2d', '#2d9bff', '#ffd52d'];
  const poly = q.map(([x, y]) => `${x * s},${y * s}`).join(' ');
  // A faint line every 100 px of the photo, labelled, to read first guesses off the overview.
  const lines: string[] = [];
  for (let v = 100; v < Math.max(W, H); v += 100) {
    const o = v % 500 === 0 ? 0.7 : 0.3;
    if (v < W) lines.push(`<line x1="${v * s}" y1="0" x2="${v * s}" y2="${oh}" stroke-opacity="${o}"/>`);
    if (v < H) lines.push(`<line x1="0" y1="${v * s}" x2="${ow}" y2="${v * s}" stroke-opacity="${o}"/>`);
    if (v % 500 === 0 && v < W) lines.push(`<text x="${v * s + 2}" y="12" stroke="none" fill="#ff0">${v}</text>`);
    if (v % 500 === 0 && v < H) lines.push(`<text x="2" y="${v * s - 2}" stroke="none" fill="#ff0">${v}</text>`);
  }
  const overlay = `<svg width="${ow}" height="${oh}" xmlns="http://www.w3.org/2000/svg">
    <g stroke="#00ffff" stroke-width="1" font-size="12" font-family="sans-serif">${lines.join('')}</g>
    <polygon points="${poly}" fill="none" stroke="#ff00ff" stroke-width="2"/>
    ${q.map(([x, y], i) => `<circle cx="${x * s}" cy="${y * s}" r="6" fill="none" stroke="${colours[i]}" stroke-width="2"/>`).join('')}
  </svg>`;
  const overview = await sharp(file)
    .resize(ow, oh)
    .composite([{ input: Buffer.from(overlay) }])
    .png()
    .toBuffer();
  const Z = CROP * ZOOM;
  const crops: Buffer[] = [];
  // sharp extracts before it extends within one pipeline, so the grey margin is made first.
  const padded = await sharp(file)
    .extend({ top: CROP, bottom: CROP, left: CROP, right: CROP, background: '#808080' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  for (const [i, [x, y]] of q.entries()) {
    const left = Math.round(x) - CROP / 2;
    const top = Math.round(y) - CROP / 2;
    // The crop may run off the image: extend with grey first, then cut.
    const region = await sharp(padded)
      .extract({ left: left + CROP, top: top + CROP, width: CROP, height: CROP })
      .resize(Z, Z, { kernel: 'nearest' })
      .png()
      .toBuffer();
    const px = (x - left) * ZOOM;
    const py = (y - top) * ZOOM;
    // A line every 10 source pixels; the neighbouring corners' directions as faint lines through the point.
    const grid = Array.from({ length: CROP / 10 + 1 }, (_, k) => k * 10 * ZOOM)
      .map((v) => `<line x1="${v}" y1="0" x2="${v}" y2="${Z}"/><line x1="0" y1="${v}" x2="${Z}" y2="${v}"/>`)
      .join('');
    const prev = q[(i + 3) % 4]!;
    const next = q[(i + 1) % 4]!;
    const toward = ([tx, ty]: Pt) => {
      const d = Math.hypot(tx - x, ty - y) || 1;
      return `<line x1="${px}" y1="${py}" x2="${px + ((tx - x) / d) * Z}" y2="${py + ((ty - y) / d) * Z}" stroke="#ff00ff" stroke-width="1"/>`;
    };
    const svg = `<svg width="${Z}" height="${Z}" xmlns="http://www.w3.org/2000/svg">
      <g stroke="#00ffff" stroke-opacity="0.35" stroke-width="1">${grid}</g>
      ${toward(prev)}${toward(next)}
      <circle cx="${px}" cy="${py}" r="7" fill="none" stroke="${colours[i]}" stroke-width="2"/>
      <line x1="${px - 3}" y1="${py}" x2="${px + 3}" y2="${py}" stroke="${colours[i]}"/><line x1="${px}" y1="${py - 3}" x2="${px}" y2="${py + 3}" stroke="${colours[i]}"/>
      <rect x="0" y="0" width="${Z}" height="22" fill="#000" fill-opacity="0.6"/>
      <text x="4" y="16" font-size="15" fill="#fff" font-family="sans-serif">${['TL', 'TR', 'BR', 'BL'][i]} ${Math.round(x)},${Math.round(y)} (grid 10 px)</text>
    </svg>`;
    crops.push(
      await sharp(region)
        .composite([{ input: Buffer.from(svg) }])
        .png()
        .toBuffer(),
    );
  }
  const width = ow + 2 * Z + 8;
  const height = Math.max(oh, 2 * Z + 4);
  mkdirSync(OUT_DIR, { recursive: true });
  const out = join(OUT_DIR, `${basename(name, '.jpg')}.png`);
  await sharp({ create: { width, height, channels: 3, background: '#222' } })
    .composite([
      { input: overview, left: 0, top: 0 },
      { input: crops[0]!, left: ow + 4, top: 0 },
      { input: crops[1]!, left: ow + 8 + Z - 4, top: 0 },
      { input: crops[3]!, left: ow + 4, top: Z + 4 },
      { input: crops[2]!, left: ow + 8 + Z - 4, top: Z + 4 },
    ])
    .png({ compressionLevel: 3 })
    .toFile(out);
  console.log(out);
}

async function set(name: string, args: string[]): Promise<void> {
  const opt = (flag: string) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const classes = opt('--classes');
  const note = opt('--note');
  const corners = parsePoints(args);
  const size = jpegSize(readFileSync(join(setDir, name)));
  if (!size) throw new Error(`${name} is not a JPEG`);
  const labels = readLabels();
  const old = labels.photos.find((p) => p.file === name);
  const label: Label = {
    file: name,
    width: size.width,
    height: size.height,
    corners: corners.map(([x, y]) => [Math.round(x), Math.round(y)]) as Label['corners'],
    classes: classes ? classes.split(',') : (old?.classes ?? []),
    note: note ?? old?.note ?? '',
  };
  labels.photos = [...labels.photos.filter((p) => p.file !== name), label];
  await writeLabels(labels);
  const problems = labelProblems(label, size);
  console.log(problems.length ? problems.join('\n') : `${name}: labelled`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const d = args.indexOf('--dir');
  const dirGiven = d >= 0 ? args.splice(d, 2)[1] : undefined;
  if (d >= 0 && !dirGiven) throw new Error('--dir needs a folder');
  if (dirGiven) setDir = resolve(dirGiven);
  const [cmd, ...rest] = args;
  if (cmd === '--check') {
    let failed = false;
    for (const dir of dirGiven ? [setDir] : SETS) {
      const problems = checkLabels(dir);
      const n = readLabels(labelsFile(dir)).photos.length;
      console.log(problems.length ? problems.join('\n') : `${relative(process.cwd(), labelsFile(dir))}: ${n} photos, all well`);
      failed ||= problems.length > 0;
    }
    return failed ? 1 : 0;
  }
  if (cmd === 'add' && rest.length === 2) await add(rest[0]!, rest[1]!);
  else if (cmd === 'show' && rest.length >= 1) await show(rest[0]!, rest.slice(1));
  else if (cmd === 'set' && rest.length >= 5) await set(rest[0]!, rest.slice(1));
  else {
    console.error(
      'usage: label-paper.ts [--dir DIR] add <source> <NN-name.jpg> | show <NN-name.jpg> [x,y ×4] | set <NN-name.jpg> x,y ×4 [--classes a,b] [--note …] | --check',
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();

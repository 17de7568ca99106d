/**
 * `node --import tsx scripts/paper-eval.ts [--dir fixtures/paper-real] [--draw /tmp/out] [--only NAME] [--module PATH]`
 * (issue 29): the paper detector on the hand-labelled real photos (labels.json beside them). Each photo is decoded
 * with sharp (EXIF-rotated, RGBA) and given to detectPaperScored (or detectPaper); prints per photo the corner error
 * (the mean of the four corner distances, matched as homography.ts's cornerErrors matches them, over the photo's
 * diagonal, in %), whether the answer was sure, and a summary table for all photos, each class and the held-out
 * part (a quarter of the photos by a hash of the file name, not looked at while tuning). An unsure answer or "no sheet" counts as
 * the photo's own corners (what `npm run detect-paper` prints then). `--draw` writes each photo with the label
 * (green) and the answer (red, dashed when unsure).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import sharp from 'sharp';

import { cornerErrors } from '../src/web/lib/paper/homography.ts';
import { paperSet } from './paper-fixtures.ts';
import { type Corners, wholeImage } from '../src/web/lib/paper/types.ts';

interface Label {
  file: string;
  width: number;
  height: number;
  corners: Corners;
  classes: string[];
}

interface Row {
  file: string;
  classes: string[];
  heldOut: boolean;
  errorPct: number;
  sure: boolean;
  found: boolean;
  score: number | null;
  ms: number;
}

type Scored = { corners: Corners; score: number; sure: boolean } | null;

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'fixtures/paper-real' },
    draw: { type: 'string' },
    only: { type: 'string' },
    module: { type: 'string', default: '../src/web/lib/paper/detect.ts' },
    json: { type: 'boolean', default: false },
    generated: { type: 'string' },
    debug: { type: 'boolean', default: false },
    edge: { type: 'string' },
    seed: { type: 'string', default: '3' },
  },
});

const mod = (await import(values.module!.startsWith('.') ? values.module! : resolve(values.module!))) as {
  detectPaper: (r: { data: Uint8Array; width: number; height: number }) => Corners | null;
  detectPaperScored?: (r: { data: Uint8Array; width: number; height: number }) => Scored;
};
if (values.debug && 'debug' in mod) (mod as { debug: { on: boolean } }).debug.on = true;
const detect = (r: { data: Uint8Array; width: number; height: number }): Scored => {
  if (mod.detectPaperScored) return mod.detectPaperScored(r);
  const c = mod.detectPaper(r);
  return c ? { corners: c, score: 1, sure: true } : null;
};

const dir = values.dir!;
// --generated N: the project's generated set (scripts/paper-fixtures.ts) instead, N photos at 960 px as the unit tests.
const generated = values.generated ? await paperSet(Number(values.generated), Number(values.seed), { longEdge: 960 }) : null;
const labels: (Label & { jpeg?: Buffer })[] = generated
  ? generated.map((g, i) => ({
      file: `gen-${String(i).padStart(2, '0')}-${g.kind}`,
      width: g.width,
      height: g.height,
      corners: g.corners,
      classes: [g.kind],
      jpeg: g.jpeg,
    }))
  : (JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as { photos: Label[] }).photos
      .filter((p) => existsSync(join(dir, p.file)))
      .sort((a, b) => a.file.localeCompare(b.file));
// A quarter of the photos, by a hash of the file name (stable as the set grows).
const hash = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const heldOut = new Set(labels.filter((p) => hash(p.file) % 4 === 0).map((p) => p.file));

function quantile(v: number[], q: number): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

const rows: Row[] = [];
for (const label of labels) {
  if (values.only && !label.file.includes(values.only)) continue;
  const { data, info } = await sharp(label.jpeg ?? join(dir, label.file))
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== label.width || info.height !== label.height) {
    console.warn(`${label.file}: decoded ${info.width}×${info.height}, labelled ${label.width}×${label.height}`);
  }
  // --edge N: the photo scaled to a long edge of N first (the PWA's worker detects on a 1024 px copy).
  const k = values.edge ? Math.min(1, Number(values.edge) / Math.max(info.width, info.height)) : 1;
  const copy =
    k < 1
      ? await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
          .resize(Math.round(info.width * k), Math.round(info.height * k), { fit: 'fill' })
          .raw()
          .toBuffer({ resolveWithObject: true })
      : { data, info };
  const t = performance.now();
  const scaled = detect({ data: copy.data, width: copy.info.width, height: copy.info.height });
  const ms = performance.now() - t;
  const back = (c: Corners) => c.map(([x, y]) => [(x * info.width) / copy.info.width, (y * info.height) / copy.info.height]) as Corners;
  const found = scaled && { ...scaled, corners: back(scaled.corners) };
  const answer = found?.sure ? found.corners : wholeImage(info.width, info.height);
  const diag = Math.hypot(info.width, info.height);
  const errs = cornerErrors(answer, label.corners);
  const errorPct = (errs.reduce((s, e) => s + e, 0) / 4 / diag) * 100;
  const row: Row = {
    file: label.file,
    classes: label.classes,
    heldOut: heldOut.has(label.file),
    errorPct,
    sure: !!found?.sure,
    found: !!found,
    score: found ? found.score : null,
    ms,
  };
  rows.push(row);
  // The error of the quad even when unsure, to see what the threshold throws away.
  const rawPct = found ? (cornerErrors(found.corners, label.corners).reduce((s, e) => s + e, 0) / 4 / diag) * 100 : NaN;
  console.log(
    `${row.heldOut ? 'H' : ' '} ${label.file.padEnd(44)} ${errorPct.toFixed(2).padStart(6)} %  ${row.sure ? 'sure  ' : found ? 'unsure' : 'none  '}` +
      ` score ${row.score === null ? '  -  ' : row.score.toFixed(2)}  quad ${Number.isNaN(rawPct) ? '   -' : rawPct.toFixed(2).padStart(6)} %  ${ms.toFixed(0).padStart(4)} ms  ${label.classes.join(',')}`,
  );
  if (values.draw) {
    mkdirSync(values.draw, { recursive: true });
    const poly = (c: Corners, colour: string, dash: boolean) =>
      `<polygon points="${c.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${colour}" stroke-width="${Math.max(3, diag / 300)}"${dash ? ` stroke-dasharray="${diag / 60}"` : ''}/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${info.width}" height="${info.height}">${poly(label.corners, '#0c0', false)}${found ? poly(found.corners, '#f00', !found.sure) : ''}</svg>`;
    await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer()
      .then((b) =>
        sharp(b)
          .resize({ width: 800, height: 800, fit: 'inside' })
          .jpeg()
          .toFile(join(values.draw!, label.file.replace(/\.\w+$/, '') + '.jpg')),
      );
  }
}

function summary(name: string, set: Row[]) {
  const e = set.map((r) => r.errorPct);
  return {
    set: name,
    photos: set.length,
    median: quantile(e, 0.5).toFixed(2),
    p90: quantile(e, 0.9).toFixed(2),
    within1: set.filter((r) => r.errorPct <= 1).length,
    within3: set.filter((r) => r.errorPct <= 3).length,
    notSure: set.filter((r) => !r.sure).length,
    sureWrong: set.filter((r) => r.sure && r.errorPct > 3).length,
    msMedian: Math.round(
      quantile(
        set.map((r) => r.ms),
        0.5,
      ),
    ),
  };
}

const classes = [...new Set(rows.flatMap((r) => r.classes))].sort();
const table = [
  summary('all', rows),
  summary(
    'tuned on',
    rows.filter((r) => !r.heldOut),
  ),
  summary(
    'held out',
    rows.filter((r) => r.heldOut),
  ),
  ...classes.map((c) =>
    summary(
      c,
      rows.filter((r) => r.classes.includes(c)),
    ),
  ),
];
console.log('\n| set | photos | median % | p90 % | ≤ 1 % | ≤ 3 % | not sure | sure but > 3 % |');
console.log('|---|---|---|---|---|---|---|---|');
for (const s of table) {
  console.log(`| ${s.set} | ${s.photos} | ${s.median} | ${s.p90} | ${s.within1} | ${s.within3} | ${s.notSure} | ${s.sureWrong} |`);
}
if (values.json) console.log(JSON.stringify({ rows, table }));

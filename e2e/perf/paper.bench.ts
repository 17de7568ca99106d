/**
 * `npm run bench` — the paper figures (issues 15 and 29):
 * 1. accuracy of the detector on two sets of photos, run as `npm run detect-paper` and the PWA's worker run it
 *    (src/web/lib/paper/find.ts: full-size pixels, one 1024 px area-average copy, detect.ts on the copy):
 *    - our real set: hand-labelled phone photos, `fixtures/paper-real/labels.json` (skipped, with a message, when
 *      absent; PAPER_REAL_SET=<labels.json> reads another copy);
 *    - the validation set: real photos labelled the same way but never tuned on, `fixtures/paper-validation/`
 *      (PAPER_VALIDATION_SET=<labels.json>), checked against the held-back set's targets as shares of its size;
 *    - the generated set (scripts/paper-fixtures.ts: perspective, rotation, low-contrast, glare, dark and wood tables);
 *    and each class of the real set. Beside ours, on the same 1024 px copy, two OpenCV detectors (OpenCV.js,
 *    @techstark/opencv-js, a devDependency of this bench only): jscanify 1.4.3's own algorithm (findPaperContour +
 *    getCornerPoints, ported line by line) and the classic recipe (blur, Canny, dilate, the largest 4-point
 *    approxPolyDP contour). The error of a corner is its distance to the label in % of the photo's diagonal
 *    (cornerErrors, homography.ts); median and p90 are over all four corners of all photos; "within 1 %/3 %" counts
 *    photos whose worst corner is within; a null answer ("no sheet, or not sure") is scored as the whole photo's
 *    corners and counted under "no sheet / not sure"; "confident wrong" counts non-null answers whose worst corner
 *    is off by more than 3 %; and close-ups made from both real sets (a page that fills the frame, no sheet's edge in
 *    it: the right answer is "not sure"), counted where ours is sure;
 * 2. time per 12 MP photo in headless Chromium for findPaper and straightenPhoto, run by the built worker chunk
 *    (a production build, served statically), phase by phase, beside a native canvas encode of the same photo in the
 *    same run; and whether the worker's corners are the CLI's (the same engine everywhere);
 * 3. the bytes the paper code adds to the precache: the worker chunk and the client module, raw and gzipped, and
 *    their growth against issue 29's start.
 * Prints PASS/FAIL against issue 29's targets and writes reports/paper-bench.json. PAPER_BENCH_DIST=<dir> reuses a
 * build instead of making one.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { build, minify, transformWithOxc } from 'vite';

import { closeUpBoxes } from '../../scripts/label-paper';
import { paperImage, paperSet } from '../../scripts/paper-fixtures';
import { detectionCopy, findPaperIn } from '../../src/web/lib/paper/find';
import { cornerErrors } from '../../src/web/lib/paper/homography';
import type { Corners, Raster } from '../../src/web/lib/paper/types';
import { wholeImage } from '../../src/web/lib/paper/types';
import { opencvDetectors } from './paper-opencv';
import { median } from './support';

const SET_SIZE = 48;
const SET_SEED = 11;
const ROUNDS = 3;
/** The precache's paper bytes (worker chunk + client module, gzipped) at issue 29's start (commit 481f7c0). */
const PRECACHE_GZIP_BEFORE = 7236;
const TARGETS = {
  real: { medianPct: 0.7, p90Pct: 3, confidentWrong: 0 },
  generated: { medianPct: 0.04, p90Pct: 0.06 },
  findMs: 250,
  straightenToNative: 2,
  precacheGrowthGzip: 15 * 1024,
};

function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}
const round2 = (v: number) => Math.round(v * 100) / 100;

async function decode(bytes: Buffer): Promise<Raster> {
  const { data, info } = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

// 1. Accuracy.
interface Labelled {
  name: string;
  width: number;
  height: number;
  corners: Corners;
  classes: string[];
  pixels: () => Promise<Raster>;
}
/** One detector's answer on one photo: its worst corner's error in %, its four, and whether it answered at all. */
interface Answer {
  errors: number[];
  worst: number;
  found: boolean;
}
const DETECTORS = ['ours', 'jscanify', 'classic'] as const;
type Detector = (typeof DETECTORS)[number];
const DETECTOR_NAMES: Record<Detector, string> = {
  ours: 'ours (detect-paper, the worker)',
  jscanify: 'jscanify 1.4.3 algorithm (OpenCV.js 4.12)',
  classic: 'classic OpenCV recipe',
};

function realSet(path: string): { set: Labelled[]; source: string } | { set: null; reason: string } {
  const file = resolve(path);
  if (!existsSync(file)) return { set: null, reason: `${file} is absent` };
  const labels = JSON.parse(readFileSync(file, 'utf8')) as {
    version: number;
    photos: { file: string; width: number; height: number; corners: Corners; classes?: string[] }[];
  };
  if (labels.version !== 1 || !Array.isArray(labels.photos)) return { set: null, reason: `${file}: not version 1 labels` };
  const set = labels.photos
    .filter((p) => existsSync(join(dirname(file), p.file)))
    .map((p) => ({
      name: p.file,
      width: p.width,
      height: p.height,
      corners: p.corners,
      classes: p.classes ?? [],
      pixels: async () => {
        const raster = await decode(readFileSync(join(dirname(file), p.file)));
        if (raster.width !== p.width || raster.height !== p.height) {
          throw new Error(`${p.file}: decoded ${raster.width}x${raster.height}, labelled ${p.width}x${p.height}`);
        }
        return raster;
      },
    }));
  if (!set.length) return { set: null, reason: `${file} lists no photo that is there` };
  return { set, source: file };
}

const cv = await opencvDetectors();
const nodeDetectMs: number[] = [];

async function score(photos: Labelled[]): Promise<{ name: string; classes: string[]; answers: Record<Detector, Answer> }[]> {
  const out = [];
  for (const photo of photos) {
    const pixels = await photo.pixels();
    const diag = Math.hypot(photo.width, photo.height);
    const t = performance.now();
    const ours = findPaperIn(pixels);
    nodeDetectMs.push(performance.now() - t);
    // The OpenCV detectors on the copy ours sees, their corners scaled back.
    const copy = detectionCopy(pixels);
    const back = (c: Corners | null) =>
      c && (c.map(([x, y]) => [(x * photo.width) / copy.width, (y * photo.height) / copy.height]) as Corners);
    const found: Record<Detector, Corners | null> = {
      ours: ours.found ? ours.corners : null,
      jscanify: back(cv.jscanify(copy)),
      classic: back(cv.classic(copy)),
    };
    const answers = Object.fromEntries(
      DETECTORS.map((d) => {
        const errors = cornerErrors(found[d] ?? wholeImage(photo.width, photo.height), photo.corners).map((px) => (px / diag) * 100);
        return [d, { errors, worst: Math.max(...errors), found: found[d] !== null }];
      }),
    ) as Record<Detector, Answer>;
    out.push({ name: photo.name, classes: photo.classes, answers });
  }
  return out;
}

interface Row {
  photos: number;
  medianPct: number;
  p90Pct: number;
  within1: number;
  within3: number;
  noSheetOrNotSure: number;
  confidentWrong: number;
}
function row(answers: Answer[]): Row {
  const corners = answers.flatMap((a) => a.errors);
  return {
    photos: answers.length,
    medianPct: round2(quantile(corners, 0.5)),
    p90Pct: round2(quantile(corners, 0.9)),
    within1: answers.filter((a) => a.worst <= 1).length,
    within3: answers.filter((a) => a.worst <= 3).length,
    noSheetOrNotSure: answers.filter((a) => !a.found).length,
    confidentWrong: answers.filter((a) => a.found && a.worst > 3).length,
  };
}
type Scored = Awaited<ReturnType<typeof score>>;
function tableOf(scored: Scored) {
  const rows = Object.fromEntries(DETECTORS.map((d) => [d, row(scored.map((s) => s.answers[d]))])) as Record<Detector, Row>;
  const best = {
    within1: scored.filter((s) => DETECTORS.some((d) => s.answers[d].worst <= 1)).length,
    within3: scored.filter((s) => DETECTORS.some((d) => s.answers[d].worst <= 3)).length,
  };
  return { ...rows, bestOfThree: best };
}
function printTable(title: string, table: ReturnType<typeof tableOf>): void {
  console.log(`\n${title}`);
  console.log('| detector | photos | median | p90 | within 1 % | within 3 % | no sheet / not sure | confident wrong |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const d of DETECTORS) {
    const r = table[d];
    console.log(
      `| ${DETECTOR_NAMES[d]} | ${r.photos} | ${r.medianPct} % | ${r.p90Pct} % | ${r.within1} | ${r.within3} | ${r.noSheetOrNotSure} | ${r.confidentWrong} |`,
    );
  }
  console.log(
    `| the best of the three, per photo (an upper bound) | | | | ${table.bestOfThree.within1} | ${table.bestOfThree.within3} | | |`,
  );
}

/** One labelled set of real photos: the table for all of it and for each class, and each photo's answer. */
async function realReportOf(real: ReturnType<typeof realSet>, title: string, byClasses: boolean): Promise<Record<string, unknown> | null> {
  if (!real.set) {
    console.log(`paper: SKIP ${title}: ${real.reason}`);
    return null;
  }
  console.log(`paper: ${title}, ${real.set.length} photos from ${real.source}…`);
  const scored = await score(real.set);
  const classes = [...new Set(scored.flatMap((s) => s.classes))].sort();
  const all = tableOf(scored);
  printTable(`paper accuracy, ${title} (${scored.length} photos):`, all);
  const byClass = Object.fromEntries(classes.map((c) => [c, tableOf(scored.filter((s) => s.classes.includes(c)))]));
  if (byClasses) for (const c of classes) printTable(`paper accuracy, ${title}, class "${c}":`, byClass[c]!);
  return {
    source: real.source,
    all,
    byClass,
    photos: scored.map((s) => ({
      file: s.name,
      classes: s.classes,
      ...Object.fromEntries(DETECTORS.map((d) => [d, { found: s.answers[d].found, worstPct: round2(s.answers[d].worst) }])),
    })),
  };
}

const real = realSet(process.env.PAPER_REAL_SET ?? 'fixtures/paper-real/labels.json');
const realReport = await realReportOf(real, 'our real set', true);
// The validation set (fixtures/paper-validation/): real photos labelled the same way, never tuned on; the closest we
// have to the issue's held-back set, so its targets are checked here too.
const validation = realSet(process.env.PAPER_VALIDATION_SET ?? 'fixtures/paper-validation/labels.json');
const validationReport = await realReportOf(validation, 'the validation set (never tuned on)', false);

/**
 * Close-ups: a page that fills the frame (closeUpBoxes: the part of each labelled sheet inside its corners, its
 * halves and its middle). There is no sheet's edge in them, so the right answer is "not sure"; a sure answer crops
 * the drawing. Ours only.
 */
async function closeUpReport(sets: ReturnType<typeof realSet>[]): Promise<{ count: number; sure: number; sureOn: string[] }> {
  const sureOn: string[] = [];
  let count = 0;
  for (const one of sets) {
    if (!one.set) continue;
    for (const photo of one.set) {
      const boxes = closeUpBoxes(photo);
      if (!boxes.length) continue;
      const raster = await photo.pixels();
      for (const [i, box] of boxes.entries()) {
        const { data, info } = await sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: 4 } })
          .extract(box)
          .raw()
          .toBuffer({ resolveWithObject: true });
        count++;
        if (findPaperIn({ data, width: info.width, height: info.height }).found) sureOn.push(`${photo.name}#${i}`);
      }
    }
  }
  return { count, sure: sureOn.length, sureOn };
}
const closeUps = await closeUpReport([real, validation]);
console.log(
  `\npaper close-ups (a page filling the frame, from both real sets; right answer: not sure): ${closeUps.count} close-ups, sure on ${closeUps.sure}${closeUps.sure ? ` (${closeUps.sureOn.join(', ')})` : ''}`,
);

console.log(`\npaper: generating ${SET_SIZE} photographed drawings…`);
const generated = await paperSet(SET_SIZE, SET_SEED);
const generatedScored = await score(
  generated.map((g, i) => ({
    name: `generated-${i}`,
    width: g.width,
    height: g.height,
    corners: g.corners,
    classes: [g.kind],
    pixels: () => decode(g.jpeg),
  })),
);
const generatedTable = tableOf(generatedScored);
printTable(`paper accuracy, the generated set (${generated.length} photos):`, generatedTable);
const generatedKinds = [...new Set(generated.map((g) => g.kind))];
const accuracy = {
  errorDefinition:
    'corner distance to the label in % of the diagonal; median/p90 over all corners; within/confident wrong by each photo’s worst corner; null scored as the whole photo',
  real: realReport ?? { skipped: real.set ? null : real.reason },
  validation: validationReport ?? { skipped: validation.set ? null : validation.reason },
  generated: {
    images: generated.length,
    all: generatedTable,
    kinds: Object.fromEntries(
      generatedKinds.map((k) => [k, row(generatedScored.filter((s) => s.classes.includes(k)).map((s) => s.answers.ours))]),
    ),
  },
  closeUps,
  targets: { real: TARGETS.real, generated: TARGETS.generated },
  nodeDetectMsMedian: Math.round(median(nodeDetectMs)),
};
console.log('paper generated set, ours by kind:', JSON.stringify(accuracy.generated.kinds));

// 3. The precache: a production build.
let dist = process.env.PAPER_BENCH_DIST;
if (!dist) {
  dist = `/tmp/paper-bench-dist-${process.pid}`;
  rmSync(dist, { recursive: true, force: true });
  console.log('paper: building the PWA into', dist, '…');
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
}
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const precached = [...sw.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((m) => m[1]!);
const workerFile = precached.find((u) => /paper\.worker-[^/]*\.js$/.test(u));
if (!workerFile) throw new Error('the paper worker is not in the precache (sw.js)');
// The chunk holding the client: the one that spawns the worker.
const clientChunk = precached.find(
  (u) => u.endsWith('.js') && u !== workerFile && readFileSync(join(dist!, u), 'utf8').includes(workerFile.split('/').pop()!),
);
const sizes = (file: string) => {
  const bytes = readFileSync(join(dist!, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const clientTs = await transformWithOxc(readFileSync('src/web/lib/paper/client.ts', 'utf8'), 'client.ts', { lang: 'ts' });
const clientAlone = await minify('client.js', clientTs.code, {});
const precache = {
  worker: sizes(workerFile),
  clientChunk: clientChunk ? { ...sizes(clientChunk), note: 'the capture review chunk: the client plus the corner-handles UI' } : null,
  clientModuleMinified: { raw: clientAlone.code.length, gzip: gzipSync(clientAlone.code, { level: 9 }).length },
  addedRaw: 0,
  addedGzip: 0,
  gzipBeforeIssue29: PRECACHE_GZIP_BEFORE,
  growthGzip: 0,
};
precache.addedRaw = precache.worker.raw + precache.clientModuleMinified.raw;
precache.addedGzip = precache.worker.gzip + precache.clientModuleMinified.gzip;
precache.growthGzip = precache.addedGzip - PRECACHE_GZIP_BEFORE;
console.log('paper precache:', JSON.stringify(precache));

// 2. Time per 12 MP photo in Chromium, through the built worker.
console.log('paper: generating two 12 MP photos…');
const photos = [
  await paperImage(SET_SEED * 1000 + 900, 'perspective', { longEdge: 4000 }),
  await paperImage(SET_SEED * 1000 + 901, 'glare', { longEdge: 4000 }),
];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path === '/paper-bench.html') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>paper bench</title>');
    return;
  }
  const photo = /^\/photo-(\d)\.jpg$/.exec(path);
  if (photo) {
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photos[Number(photo[1])]!.jpeg);
    return;
  }
  const file = normalize(join(dist!, path));
  if (!file.startsWith(dist!) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto(`${origin}/paper-bench.html`);
await page.evaluate('globalThis.__name = (fn) => fn');
interface Timing {
  find: number[];
  straighten: number[];
  native: number[];
  straightenCold: number[];
  findPhases: Record<string, number>[];
  /** A fresh worker's first find (its module loaded and its code run for the first time), without and with warm-up. */
  firstFindCold: number[];
  firstFindWarmed: number[];
  firstFindPhases: Record<string, number>[];
  warmRuns: number[];
  straightenPhases: Record<string, number>[];
  corners: Corners[];
  found: boolean[];
  outputs: { type: string; width: number; height: number; size: number }[];
}
const timing: Timing = await page.evaluate(
  async ({ worker, count, rounds }) => {
    let w = new Worker(worker, { type: 'module' });
    let id = 0;
    const call = (message: Record<string, unknown>) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const mine = ++id;
        const listen = (e: MessageEvent<Record<string, unknown>>) => {
          if (e.data.id !== mine) return;
          w.removeEventListener('message', listen);
          resolve(e.data);
        };
        w.addEventListener('message', listen);
        w.postMessage({ ...message, id: mine });
      });
    const out: Timing = {
      find: [],
      straighten: [],
      straightenCold: [],
      native: [],
      findPhases: [],
      firstFindCold: [],
      firstFindWarmed: [],
      firstFindPhases: [],
      warmRuns: [],
      straightenPhases: [],
      corners: [],
      found: [],
      outputs: [],
    };
    // A fresh worker's first find, cold and after the capture page's warm-up (client.ts warmPaper), on each photo.
    for (let p = 0; p < count; p++) {
      const photo = await (await fetch(`/photo-${p}.jpg`)).blob();
      for (const warmed of [false, true]) {
        w.terminate();
        w = new Worker(worker, { type: 'module' });
        if (warmed) out.warmRuns.push((await call({ op: 'warm' })).runs as number);
        const t = performance.now();
        const first = await call({ op: 'find', photo });
        if (!first.ok) throw new Error(String(first.error));
        (warmed ? out.firstFindWarmed : out.firstFindCold).push(performance.now() - t);
        out.firstFindPhases.push(first.ms as Record<string, number>);
      }
    }
    // The rounds below on the last worker: warmed up, as the capture page's is.
    for (let p = 0; p < count; p++) {
      const photo = await (await fetch(`/photo-${p}.jpg`)).blob();
      for (let r = 0; r < rounds; r++) {
        let t = performance.now();
        // With a key per photo, as the capture page's client sends it: straightening reuses the pixels finding read.
        const found = (await call({ op: 'find', photo, key: p + 1 })) as {
          ok: boolean;
          found: { corners: Corners; found: boolean };
          ms: Record<string, number>;
          error?: string;
        };
        if (!found.ok) throw new Error(String(found.error));
        out.find.push(performance.now() - t);
        out.findPhases.push(found.ms);
        t = performance.now();
        const straight = (await call({ op: 'straighten', photo, corners: found.found.corners, key: p + 1 })) as {
          ok: boolean;
          blob: Blob;
          ms: Record<string, number>;
          error?: string;
        };
        if (!straight.ok) throw new Error(String(straight.error));
        out.straighten.push(performance.now() - t);
        out.straightenPhases.push(straight.ms);
        // Straightening alone (no finding before it: the photo decoded again).
        t = performance.now();
        const cold = (await call({ op: 'straighten', photo, corners: found.found.corners })) as { ok: boolean; error?: string };
        if (!cold.ok) throw new Error(String(cold.error));
        out.straightenCold.push(performance.now() - t);
        // The native reference: decode and encode the same 12 MP photo once, on the page's thread.
        t = performance.now();
        const bitmap = await createImageBitmap(photo);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
        bitmap.close();
        await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.88 });
        out.native.push(performance.now() - t);
        if (r === 0) {
          out.corners.push(found.found.corners);
          out.found.push(found.found.found);
          const b = await createImageBitmap(straight.blob);
          out.outputs.push({ type: straight.blob.type, width: b.width, height: b.height, size: straight.blob.size });
          b.close();
        }
      }
    }
    w.terminate();
    return out;
  },
  { worker: `/${workerFile}`, count: photos.length, rounds: ROUNDS },
);
await browser.close();
server.close();

/** The median of each phase, over the rounds. */
function phaseMedians(list: Record<string, number>[]): Record<string, number> {
  const names = [...new Set(list.flatMap((m) => Object.keys(m)))];
  return Object.fromEntries(names.map((n) => [n, Math.round(median(list.map((m) => m[n] ?? 0)))]));
}
// The same engine everywhere: the CLI's corners (sharp's decode, find.ts) against the worker's (Chromium's decode).
const cliVsWorkerPct = await Promise.all(
  photos.map(async (p, i) => {
    const cli = findPaperIn(await decode(p.jpeg));
    if (!cli.found || !timing.found[i]) return cli.found === timing.found[i] ? 0 : null;
    return round2((Math.max(...cornerErrors(timing.corners[i]!, cli.corners)) / Math.hypot(p.width, p.height)) * 100);
  }),
);
const speed = {
  photo: '4000 x 3000 JPEG (12 MP)',
  photos: photos.length,
  rounds: ROUNDS,
  findPaperMsMedian: Math.round(median(timing.find)),
  findPhasesMsMedian: phaseMedians(timing.findPhases),
  firstFindColdMs: timing.firstFindCold.map(Math.round),
  firstFindWarmedMs: timing.firstFindWarmed.map(Math.round),
  warmRuns: timing.warmRuns,
  /** Each photo's cold, then warmed first find, phase by phase. */
  firstFindPhases: timing.firstFindPhases,
  straightenPhotoMsMedian: Math.round(median(timing.straighten)),
  straightenPhasesMsMedian: phaseMedians(timing.straightenPhases),
  straightenAloneMsMedian: Math.round(median(timing.straightenCold)),
  totalMsMedian: Math.round(median(timing.find) + median(timing.straighten)),
  nativeEncodeMsMedian: Math.round(median(timing.native)),
  straightenToNative: round2(median(timing.straighten) / median(timing.native)),
  ratioToNativeEncode: round2((median(timing.find) + median(timing.straighten)) / median(timing.native)),
  browserCornerErrorPct: photos.map((p, i) =>
    timing.found[i] ? round2((Math.max(...cornerErrors(timing.corners[i]!, p.corners)) / Math.hypot(p.width, p.height)) * 100) : null,
  ),
  cliVsWorkerPct,
  outputs: timing.outputs,
};
console.log('paper speed:', JSON.stringify(speed));

// PASS/FAIL against issue 29's targets.
const checks: { name: string; pass: boolean | null; detail: string }[] = [];
const realAll = realReport ? (realReport.all as ReturnType<typeof tableOf>).ours : null;
checks.push({
  name: 'real set: median ≤ 0.7 %, p90 ≤ 3 %, every confident answer within 3 %',
  pass: realAll
    ? realAll.medianPct <= TARGETS.real.medianPct &&
      realAll.p90Pct <= TARGETS.real.p90Pct &&
      realAll.confidentWrong <= TARGETS.real.confidentWrong
    : null,
  detail: realAll
    ? `median ${realAll.medianPct} %, p90 ${realAll.p90Pct} %, confident wrong ${realAll.confidentWrong} of ${realAll.photos}`
    : 'no real set',
});
const valAll = validationReport ? (validationReport.all as ReturnType<typeof tableOf>).ours : null;
// The held-back set's targets (58 of 64 within 3 %, at most 2 "no sheet" and 1 confident wrong), as shares.
checks.push({
  name: 'validation set, the held-back targets: ≥ 58/64 within 3 %, median ≤ 0.7 %, ≤ 2/64 no sheet, ≤ 1/64 confident wrong',
  pass: valAll
    ? valAll.within3 >= (58 / 64) * valAll.photos &&
      valAll.medianPct <= TARGETS.real.medianPct &&
      valAll.noSheetOrNotSure <= (2 / 64) * valAll.photos &&
      valAll.confidentWrong <= (1 / 64) * valAll.photos
    : null,
  detail: valAll
    ? `within 3 % ${valAll.within3} of ${valAll.photos}, median ${valAll.medianPct} %, p90 ${valAll.p90Pct} %, no sheet / not sure ${valAll.noSheetOrNotSure}, confident wrong ${valAll.confidentWrong}`
    : 'no validation set',
});
const gen = generatedTable.ours;
checks.push({
  name: 'generated set: median ≤ 0.04 %, p90 ≤ 0.06 % (no worse than before issue 29)',
  pass: gen.medianPct <= TARGETS.generated.medianPct && gen.p90Pct <= TARGETS.generated.p90Pct,
  detail: `median ${gen.medianPct} %, p90 ${gen.p90Pct} %, no sheet ${gen.noSheetOrNotSure}, confident wrong ${gen.confidentWrong}`,
});
checks.push({
  name: 'finding a 12 MP photo in Chromium’s worker ≤ 250 ms',
  pass: speed.findPaperMsMedian <= TARGETS.findMs,
  detail: `${speed.findPaperMsMedian} ms`,
});
checks.push({
  name: 'straightening a 12 MP photo ≤ 2× a native 12 MP canvas encode',
  pass: speed.straightenToNative <= TARGETS.straightenToNative,
  detail: `${speed.straightenPhotoMsMedian} ms against ${speed.nativeEncodeMsMedian} ms: ${speed.straightenToNative}×`,
});
checks.push({
  name: 'precache growth ≤ 15 KB gzipped',
  pass: precache.growthGzip <= TARGETS.precacheGrowthGzip,
  detail: `${precache.addedGzip} B gzipped, ${precache.growthGzip >= 0 ? '+' : ''}${precache.growthGzip} B against issue 29's start`,
});
console.log('');
for (const c of checks) console.log(`paper: ${c.pass === null ? 'SKIP' : c.pass ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`);

mkdirSync('reports', { recursive: true });
const report = { generatedAt: new Date().toISOString(), accuracy, speed, precache, checks };
writeFileSync('reports/paper-bench.json', `${JSON.stringify(report, null, 2)}\n`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;

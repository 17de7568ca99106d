/**
 * `npm run bench`, second part — the PWA's browser figures (issue 4), each beside a baseline measured in the same run:
 * a bare Vite + React page (e2e/perf/baseline/) built with the PWA's React plugin and build options and served by
 * the same production server (src/server/main.ts with DIST_DIR pointing at it), so the transport is identical.
 *
 * - Lighthouse 12, default config (mobile form factor, simulated throttling), on `/`, `/public-gallery` and
 *   `/login` of the production build with demo data, and on the baseline page: the four category scores, LCP,
 *   TBT and the bytes transferred (total-byte-weight). Each page 5 times (BENCH_ROUNDS), interleaved; the median of each figure.
 * - The initial JavaScript of `/`: every JS response a 390×844 page fetches until the network is idle, each body
 *   gzipped here (zlib level 9, as Vite's report), summed; the bytes on the wire are reported beside it.
 * - Offline cold start: in a persistent context, log in as the demo family's child, open /family-gallery, reload
 *   so the service worker controls the page and caches the thumbnails; then, several times, relaunch the browser
 *   offline and time from navigation start to the first family-gallery thumbnail decoded on screen.
 *
 * Targets: Performance ≥ 95; Accessibility, Best Practices, SEO = 100; initial JS ≤ 110 KB gzipped (1 KB = 1000 B);
 * LCP ≤ 1.5× the baseline's; offline start to first thumbnail ≤ 1 s. Each is printed PASS or FAIL; the exit
 * code is 0 whenever the measurements ran.
 *
 * Needs a build: `npm run build && npm run bench` on a clean clone. dist/ is used when it is newer than its
 * inputs; otherwise (or with BENCH_BUILD=1) the PWA is built into a temporary folder. BENCH_DIST_DIR uses a given
 * build. Ports: BENCH_PORT (default 3320) for the app, the next one for the baseline. Chromium at /usr/bin/chromium.
 * Writes reports/bench-pwa.json and the last round's Lighthouse reports under reports/lighthouse/.
 */
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium, type BrowserContext, type Response } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, loadConfigFromFile, type Plugin, type PluginOption } from 'vite';

import { isStale, WEB_INPUTS } from '../../scripts/lib.mjs';
import { precompressDir } from '../../scripts/vite-precompress';
import { openAs } from '../support/family';
import { median, startApiServer, type ApiServer } from './support';

const CHROMIUM = '/usr/bin/chromium';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OFFLINE_RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const PAGES = ['/', '/public-gallery', '/login'] as const;
/** BENCH_ONLY=lighthouse,js,offline (any of them) runs a part of the benchmark, for investigating. */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'lighthouse,js,offline').split(','));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DEMO = { email: 'demo@example.com', password: 'Demo1234', child: 'sora' };
/** The family gallery's wall (language set to English below) and the picture inside each card's link. */
const THUMBNAIL = 'ul[aria-label="Family works"] li a img';

const load0 = loadavg();
const started = Date.now();

// ---------------------------------------------------------------------------------------------------------------
// The two builds

function pwaBuild(): string {
  if (process.env.BENCH_DIST_DIR) return resolve(process.env.BENCH_DIST_DIR);
  const index = 'dist/index.html';
  if (process.env.BENCH_BUILD !== '1' && existsSync(index)) {
    if (!isStale(index, WEB_INPUTS)) return resolve('dist');
    console.log('dist/ is older than its sources: building the PWA into a temporary folder');
  }
  const out = mkdtempSync(join(tmpdir(), 'lm-bench-pwa-'));
  execFileSync('npx', ['lingui', 'compile', '--typescript'], { stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  return out;
}

/** The baseline page, built with the React plugin(s) and `build` options of the project's vite.config.ts. */
async function baselineBuild(): Promise<string> {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, 'vite.config.ts');
  if (!loaded) throw new Error('vite.config.ts not found');
  const plugins = ((loaded.config.plugins ?? []) as PluginOption[])
    .flat(Infinity as 1)
    .filter((p): p is Plugin => typeof p === 'object' && p !== null && 'name' in p && p.name.startsWith('vite:react'));
  if (!plugins.length) throw new Error('no React plugin in vite.config.ts');
  const out = mkdtempSync(join(tmpdir(), 'lm-bench-baseline-'));
  const { outDir: _outDir, ...buildOptions } = loaded.config.build ?? {};
  await build({
    configFile: false,
    root: resolve('e2e/perf/baseline'),
    publicDir: false,
    logLevel: 'warn',
    plugins,
    build: { ...buildOptions, outDir: out, emptyOutDir: true },
  });
  // Sent like the app's files: from their Brotli and gzip copies.
  await precompressDir(out);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

type Category = (typeof CATEGORIES)[number];
interface LighthouseRun {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  totalBytes: number;
  /** Audits that lost points outside Performance, and Performance's opportunities with savings. */
  failing: string[];
}

async function lighthouseRun(url: string, reportPath: string | null): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportPath) writeFileSync(reportPath, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<
      Category,
      number
    >;
    const failing: string[] = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9) continue;
        if (c === 'performance' && ref.weight === 0 && audit.scoreDisplayMode !== 'metricSavings') continue;
        failing.push(`${c}/${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      scores,
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      totalBytes: num('total-byte-weight'),
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): run it again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`  retrying: ${String(err).split('\n')[0]}`);
    }
  }
}

interface LighthouseFigures {
  url: string;
  scores: Record<Category, number>;
  lcp_ms: number;
  tbt_ms: number;
  total_bytes: number;
  runs: LighthouseRun[];
}

function summarise(url: string, runs: LighthouseRun[]): LighthouseFigures {
  return {
    url,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number>,
    lcp_ms: Math.round(median(runs.map((r) => r.lcpMs))),
    tbt_ms: Math.round(median(runs.map((r) => r.tbtMs))),
    total_bytes: Math.round(median(runs.map((r) => r.totalBytes))),
    runs,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Initial JavaScript

interface JsFigures {
  files: number;
  gzip_bytes: number;
  raw_bytes: number;
  wire_bytes: number;
  scripts: { url: string; raw: number; gzip: number; wire: number; encoding: string | null }[];
}

async function initialJs(url: string): Promise<JsFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const pending: Promise<JsFigures['scripts'][number] | null>[] = [];
    const measure = async (res: Response) => {
      if (!/javascript|ecmascript/.test(res.headers()['content-type'] ?? '') || !res.ok()) return null;
      const body = await res.body();
      const sizes = await res.request().sizes();
      return {
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        wire: sizes.responseBodySize,
        encoding: res.headers()['content-encoding'] ?? null,
      };
    };
    page.on('response', (res) => pending.push(measure(res).catch(() => null)));
    await page.goto(url, { waitUntil: 'networkidle' });
    const scripts = (await Promise.all(pending)).filter((s): s is NonNullable<typeof s> => s !== null);
    const sum = (k: 'raw' | 'gzip' | 'wire') => scripts.reduce((a, s) => a + s[k], 0);
    return { files: scripts.length, gzip_bytes: sum('gzip'), raw_bytes: sum('raw'), wire_bytes: sum('wire'), scripts };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Offline cold start to the first family-gallery thumbnail

interface OfflineFigures {
  median_ms: number | null;
  runs_ms: (number | null)[];
  errors: string[];
}

async function api<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const persistent = (dir: string) =>
  chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });

/**
 * Polls every frame from the document's start and records when a thumbnail is decoded: performance.now(), i.e.
 * milliseconds since navigation start. A string, because tsx would wrap a named inner function in __name().
 */
const watchThumbnails = `(() => {
  const tick = () => {
    const img = Array.from(document.querySelectorAll(${JSON.stringify(THUMBNAIL)})).find((i) => i.complete && i.naturalWidth > 0);
    if (img) window.__firstThumbnail = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

async function waitForThumbnail(context: BrowserContext, timeout: number): Promise<number> {
  const page = context.pages()[0] ?? (await context.newPage());
  const handle = await page.waitForFunction(() => (window as unknown as { __firstThumbnail?: number }).__firstThumbnail, undefined, {
    timeout,
  });
  return (await handle.jsonValue()) as number;
}

async function offlineStart(appUrl: string): Promise<OfflineFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'lm-bench-profile-'));
  const errors: string[] = [];
  const runs: (number | null)[] = [];
  try {
    const parent = await api<{ access: string; refresh: string }>(`${appUrl}/api/login/`, { email: DEMO.email, password: DEMO.password });
    const child = await api<{ access: string; refresh: string }>(`${appUrl}/api/profile/login/`, { username: DEMO.child }, parent.access);

    // Online: log in, open the gallery, reload so the service worker controls the page and caches the thumbnails.
    let context = await persistent(dir);
    await context.addInitScript({ content: watchThumbnails });
    const page = context.pages()[0] ?? (await context.newPage());
    await openAs(page, { parent, child }, '/family-gallery', appUrl);
    await waitForThumbnail(context, 20_000);
    // The first visit installs the worker; once it is active, a reload puts the page under its control.
    const active = await page
      .waitForFunction(() => navigator.serviceWorker?.ready.then((r) => Boolean(r.active)), undefined, { timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    if (!active) errors.push('online: no active service worker after the first visit');
    let controlled = false;
    for (let i = 0; i < 3 && active && !controlled; i += 1) {
      await page.reload();
      await waitForThumbnail(context, 20_000);
      controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    }
    if (!controlled) errors.push('online: the page is not controlled by a service worker after a reload');
    // Give the worker's runtime cache and the persisted query cache (throttled writes) a moment to settle.
    for (let i = 0; i < 20; i += 1) {
      const cachedMedia = await page.evaluate(async () => {
        if (!('caches' in self)) return 0;
        let n = 0;
        for (const name of await caches.keys())
          n += (await (await caches.open(name)).keys()).filter((r) => r.url.includes('/media/')).length;
        return n;
      });
      if (cachedMedia > 0) break;
      if (i === 19) errors.push('online: no /media/ response in Cache Storage');
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(1500);
    await context.close();

    // Offline cold starts.
    for (let run = 0; run < OFFLINE_RUNS; run += 1) {
      context = await persistent(dir);
      try {
        await context.setOffline(true);
        await context.addInitScript({ content: watchThumbnails });
        const p = context.pages()[0] ?? (await context.newPage());
        await p.goto(`${appUrl}/family-gallery`, { timeout: 10_000 });
        runs.push(Math.round(await waitForThumbnail(context, 10_000)));
      } catch (err) {
        runs.push(null);
        const p = context.pages()[0];
        const text = p ? await p.evaluate(() => document.body?.innerText.slice(0, 160).replace(/\s+/g, ' ')).catch(() => '') : '';
        errors.push(`offline run ${run + 1}: ${String(err).split('\n')[0]}${text ? ` — page shows: "${text}"` : ''}`);
      } finally {
        await context.close();
      }
    }
  } catch (err) {
    errors.push(`online preparation: ${String(err).split('\n')[0]}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ok = runs.filter((r): r is number => r !== null);
  return { median_ms: ok.length === runs.length && ok.length ? median(ok) : null, runs_ms: runs, errors };
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const distDir = pwaBuild();
const builtHere = distDir.startsWith(tmpdir());
const baselineDir = await baselineBuild();
console.log(`PWA build: ${distDir}\nbaseline build: ${baselineDir}`);

let app: ApiServer | null = null;
let base: ApiServer | null = null;
const lhRuns = new Map<string, LighthouseRun[]>();
let js: { app: JsFigures; baseline: JsFigures };
let offline: OfflineFigures;
try {
  [app, base] = await Promise.all([startApiServer(PORT, { demo: true, distDir }), startApiServer(PORT + 1, { distDir: baselineDir })]);
  const targets = [{ key: 'baseline', url: `${base.url}/` }, ...PAGES.map((p) => ({ key: p, url: `${app!.url}${p}` }))];
  mkdirSync('reports/lighthouse', { recursive: true });
  for (let round = 0; round < (ONLY.has('lighthouse') ? ROUNDS : 0); round += 1) {
    for (const t of targets) {
      const name = t.key === '/' ? 'home' : t.key.replace(/^\//, '');
      const run = await withRetries(() => lighthouseRun(t.url, round === ROUNDS - 1 ? `reports/lighthouse/${name}.json` : null));
      lhRuns.set(t.key, [...(lhRuns.get(t.key) ?? []), run]);
      console.log(
        `lighthouse ${round + 1}/${ROUNDS} ${t.key}: ${CATEGORIES.map((c) => run.scores[c]).join('/')} LCP ${Math.round(run.lcpMs)} ms`,
      );
    }
  }
  const noJs: JsFigures = { files: 0, gzip_bytes: Number.NaN, raw_bytes: Number.NaN, wire_bytes: Number.NaN, scripts: [] };
  js = ONLY.has('js') ? { app: await initialJs(`${app.url}/`), baseline: await initialJs(`${base.url}/`) } : { app: noJs, baseline: noJs };
  offline = ONLY.has('offline') ? await offlineStart(app.url) : { median_ms: null, runs_ms: [], errors: ['not run (BENCH_ONLY)'] };
} finally {
  await Promise.all([app?.stop(), base?.stop()]);
  rmSync(baselineDir, { recursive: true, force: true });
  if (builtHere && !process.env.BENCH_DIST_DIR) rmSync(distDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const lh = Object.fromEntries([...lhRuns].map(([k, runs]) => [k, summarise(k, runs)]));
const kb = (b: number) => `${(b / 1000).toFixed(1)} KB`;
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

interface Row {
  figure: string;
  ours: string;
  baseline: string;
  target: string;
  result: string;
}
const rows: Row[] = [];
const checks: { target: string; ok: boolean }[] = [];
function row(figure: string, ours: string, baselineValue: string, target = '', ok?: boolean) {
  rows.push({ figure, ours, baseline: baselineValue, target, result: ok === undefined ? '' : pass(ok) });
  if (ok !== undefined) checks.push({ target: `${figure} ${target}`, ok });
}
for (const p of lhRuns.size ? PAGES : []) {
  const f = lh[p]!;
  const baseline = lh.baseline!;
  row(`${p} performance`, String(f.scores.performance), String(baseline.scores.performance), '≥ 95', f.scores.performance >= 95);
  row(`${p} accessibility`, String(f.scores.accessibility), String(baseline.scores.accessibility), '= 100', f.scores.accessibility === 100);
  row(
    `${p} best practices`,
    String(f.scores['best-practices']),
    String(baseline.scores['best-practices']),
    '= 100',
    f.scores['best-practices'] === 100,
  );
  row(`${p} SEO`, String(f.scores.seo), String(baseline.scores.seo), '= 100', f.scores.seo === 100);
  const ratio = f.lcp_ms / baseline.lcp_ms;
  row(`${p} LCP (ms)`, `${f.lcp_ms} (${ratio.toFixed(2)}×)`, String(baseline.lcp_ms), '≤ 1.5× baseline', ratio <= 1.5);
  row(`${p} TBT (ms)`, String(f.tbt_ms), String(baseline.tbt_ms));
  row(`${p} bytes transferred`, kb(f.total_bytes), kb(baseline.total_bytes));
}
row(
  'initial JS of / (gzip)',
  `${kb(js.app.gzip_bytes)} in ${js.app.files} files`,
  `${kb(js.baseline.gzip_bytes)} in ${js.baseline.files}`,
  '≤ 110 KB',
  js.app.gzip_bytes <= 110_000,
);
row('initial JS of / (on the wire)', kb(js.app.wire_bytes), kb(js.baseline.wire_bytes));
row(
  'offline start → first thumbnail (median ms)',
  offline.median_ms === null
    ? `failed (${offline.runs_ms.map((r) => r ?? '✗').join(', ')})`
    : `${offline.median_ms} (${offline.runs_ms.join(', ')})`,
  'n/a',
  '≤ 1000 ms',
  offline.median_ms !== null && offline.median_ms <= 1000,
);

const load1 = loadavg();
const report = {
  date: new Date().toISOString(),
  duration_s: Math.round((Date.now() - started) / 1000),
  machine: {
    cpus: cpus().length,
    loadavg_start: load0.map((l) => Number(l.toFixed(2))),
    loadavg_end: load1.map((l) => Number(l.toFixed(2))),
  },
  rounds: ROUNDS,
  lighthouse: lh,
  initial_js: js,
  offline_start: { ...offline, child_profile: DEMO.child },
  targets: checks,
};
mkdirSync('reports', { recursive: true });
writeFileSync('reports/bench-pwa.json', `${JSON.stringify(report, null, 2)}\n`);

console.log(
  `\nPWA benchmark (Lighthouse: median of ${lhRuns.size ? ROUNDS : 0} runs per page; load average ${load0[0]!.toFixed(2)} → ${load1[0]!.toFixed(2)} on ${cpus().length} cores)`,
);
console.table(rows);
for (const p of lhRuns.size ? ['baseline', ...PAGES] : []) {
  const failing = [...new Set(lh[p]!.runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`${p}: audits below 0.9 in some run: ${failing.join(', ')}`);
}
if (process.env.BENCH_VERBOSE) for (const s of js.app.scripts) console.log(`  ${s.url} ${s.gzip} B gzip`);
for (const e of offline.errors) console.log(e);
console.log(`${checks.filter((c) => c.ok).length}/${checks.length} targets pass; written to reports/bench-pwa.json`);

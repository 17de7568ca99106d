/**
 * `npm run budget` (after `npm run build`; it builds nothing): the initial JavaScript of the first pages, gzipped,
 * against its budget, and a preload entry for every route. Exit 1 when a page is over budget or a route has none.
 *
 * "Initial JavaScript" of a path is what its first load fetches before the page renders, read from the same data
 * the server uses (src/server/middleware/preload.ts): the entry script of index.html and its static imports
 * (Vite's manifest, dist/.vite/manifest.json), the files the preload table lists for that path (its page chunk
 * and imports), and the Japanese catalog (the larger one; the language the app falls back to), the part a first load of that page
 * needs (scripts/split-catalogs.ts). Each file is
 * gzipped here at level 9 (node:zlib, as Vite's report and e2e/perf/pwa.bench.ts), and 1 KB = 1000 B. What
 * the page loads later on its own (the service worker's registration once it is idle, the login form's logic
 * after first paint) is not counted; the bench's "initial JS of /" counts every script until the network is
 * idle, so it also has workbox-window (about 2.2 KB), and the English catalog of its headless browser.
 *
 * Usage: node --import tsx scripts/budget.ts [--dist DIR] [--no-report]. Writes reports/budget.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

import { PRELOAD_TABLE_FILE, preloadsOf, type PreloadTable } from '../src/contract/preload.ts';
import { LAZY_ON_PURPOSE, ROUTES, routePattern } from '../src/web/app/route-table.ts';

/** Bytes of gzipped JavaScript a first load may fetch: the routes with a budget (src/web/app/route-table.ts). */
const BUDGETS = Object.fromEntries(ROUTES.filter((r) => r.budget !== undefined).map((r) => [r.path, r.budget!]));
/** The catalog counted in every first load. */
const LANGUAGE = 'ja';

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

const args = process.argv.slice(2);
const dist = resolve(args.includes('--dist') ? args[args.indexOf('--dist') + 1]! : 'dist');
const writeReport = !args.includes('--no-report');

function readJson<T>(file: string): T {
  const path = join(dist, file);
  if (!existsSync(path)) {
    console.error(`budget: ${path} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

const manifest = readJson<Manifest>('.vite/manifest.json');
const table = readJson<PreloadTable>(PRELOAD_TABLE_FILE);

/** index.html's entry and every chunk it imports statically, as URL paths. */
function entryFiles(): string[] {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk('index.html');
  return [...files];
}

/** The table's entry for a path, as the server picks it: the first pattern that matches. */
function tableEntry(path: string): PreloadTable['p'][number] | undefined {
  return table.p.find(([pattern]) => new RegExp(pattern, 'i').test(path));
}

const gzipped = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

// Every route has its own entry in the preload table, with its page's files.
const tableProblems: string[] = [];
const entry = entryFiles();
if (!entry.length) tableProblems.push("Vite's manifest has no entry for index.html");
for (const language of ['en', 'ja']) {
  if (!table.c[language]?.length) tableProblems.push(`the preload table has no catalog for ${language}`);
  if (!table.r?.[language]?.length) tableProblems.push(`the preload table has no rest of the catalog for ${language}`);
}
for (const route of ROUTES) {
  const found = tableEntry(route.path.replace(/:[^/]+/g, '1'));
  if (!found || found[0] !== routePattern(route.path)) tableProblems.push(`route ${route.path} has no entry in the preload table`);
  else if (!found[1].length) tableProblems.push(`route ${route.path} has an empty preload entry (is its page in the entry bundle?)`);
}
const problems = [...tableProblems];

interface Row {
  path: string;
  files: number;
  bytes: number;
  budget: number;
  headroom: number;
}
const rows: Row[] = [];
const details: Record<string, { file: string; gzip: number }[]> = {};
for (const [path, budget] of Object.entries(BUDGETS)) {
  const files = [...new Set([...entry, ...preloadsOf(table, LANGUAGE, tableEntry(path)).map((i) => table.f[i]!)])].filter((f) =>
    f.endsWith('.js'),
  );
  details[path] = files.map((file) => ({ file, gzip: gzipBytes(file) }));
  const bytes = details[path].reduce((sum, f) => sum + f.gzip, 0);
  rows.push({ path, files: files.length, bytes, budget, headroom: budget - bytes });
  if (bytes > budget)
    problems.push(`${path}: ${bytes} B of initial JavaScript (gzip -9) is over its budget of ${budget} B by ${bytes - budget} B`);
}

// What each module loaded on purpose on demand keeps out of `/`'s first load: the JavaScript it and its static
// imports add beyond that load. None may be part of a budgeted page's first load.
const asFile = (path: string) => path.replace(/^\//, '');
const firstLoads = new Set(Object.values(details).flatMap((files) => files.map((f) => asFile(f.file))));
const loadOf = (path: string) => new Set((details[path] ?? []).map((f) => asFile(f.file)));
const lazyRows: { module: string; page: string; file: string; kept_out: number; when: string }[] = [];
const keptOutOfHome = new Set<string>();
for (const { module, page = '/', when } of LAZY_ON_PURPOSE) {
  const chunk = manifest[module];
  if (!chunk) {
    problems.push(`${module} (LAZY_ON_PURPOSE) is not a chunk of its own in the build: is it still loaded with import()?`);
    continue;
  }
  if (firstLoads.has(chunk.file)) problems.push(`${module} (LAZY_ON_PURPOSE) is part of a budgeted page's first load`);
  const closure = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c || closure.has(c.file)) return;
    closure.add(c.file);
    for (const dep of c.imports ?? []) walk(dep);
  };
  walk(module);
  const load = loadOf(page);
  const keptOut = [...closure].filter((f) => f.endsWith('.js') && !load.has(f));
  for (const f of closure) if (f.endsWith('.js') && !loadOf('/').has(f)) keptOutOfHome.add(f);
  lazyRows.push({ module, page, file: chunk.file, kept_out: keptOut.reduce((sum, f) => sum + gzipBytes(f), 0), when });
}
const keptOutTotal = [...keptOutOfHome].reduce((sum, f) => sum + gzipBytes(f), 0);

const kb = (b: number) => `${(b / 1000).toFixed(1)} KB`;
console.log(`Initial JavaScript per first page, gzip -9 (${dist}):`);
console.table(
  rows.map((r) => ({ path: r.path, files: r.files, bytes: r.bytes, budget: r.budget, headroom: `${r.headroom} B (${kb(r.headroom)})` })),
);
if (args.includes('--verbose'))
  for (const [path, files] of Object.entries(details)) for (const f of files) console.log(`  ${path} ${f.file} ${f.gzip} B`);
console.log('Loaded on demand on purpose (LAZY_ON_PURPOSE, src/web/app/route-table.ts): gzipped bytes each keeps out of a first load');
console.table(lazyRows.map((r) => ({ module: r.module.replace(/^(src\/web|node_modules)\//, ''), page: r.page, 'kept out': r.kept_out })));
console.log(`Together they keep ${keptOutTotal} B (${kb(keptOutTotal)}) out of /'s first load.`);
console.log(`${ROUTES.length} routes checked against the preload table.`);

if (writeReport) {
  // `checks` is what scripts/ci-summary.mjs counts: one per page budget, and one for the routes' preload entries.
  const checks = [
    ...rows.map((r) => ({ name: `initial JS of ${r.path} ≤ ${r.budget} B`, ok: r.bytes <= r.budget })),
    { name: `every route (${ROUTES.length}) has a preload entry`, ok: tableProblems.length === 0 },
    {
      name: `${LAZY_ON_PURPOSE.length} modules loaded on demand stay out of the first loads`,
      ok: !problems.some((p) => p.includes('LAZY_ON_PURPOSE')),
    },
  ];
  const report = {
    date: new Date().toISOString(),
    dist,
    gzip: 'zlib level 9',
    language: LANGUAGE,
    pages: rows,
    files: details,
    lazyOnPurpose: { modules: lazyRows, keptOutOfHome: keptOutTotal },
    checks,
    problems,
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/budget.json', `${JSON.stringify(report, null, 2)}\n`);
}
if (problems.length) {
  console.error(`budget failed (${problems.length}):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('budget: every page within its budget, every route preloaded.');

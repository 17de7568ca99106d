/**
 * The build's part in the first load (issue 10): the routes' page chunks, how the first pages are split, and the
 * preloads for the page being opened. Everything comes from the route table (src/web/app/route-table.ts), the
 * module graph and Vite's manifest, never from source text or file names. vite.config.ts uses all three.
 */
import { execFileSync } from 'node:child_process';
import { basename, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Plugin, Rolldown } from 'vite';

import { LANGUAGES, pickLanguage } from '../src/contract/limits.ts';
import {
  addPreloads,
  LANGUAGE_COOKIE,
  PRELOAD_SCRIPT_ATTRIBUTE,
  PRELOAD_TABLE_FILE,
  preloadsOf,
  type PreloadTable,
} from '../src/contract/preload.ts';
import { ROUTES, routePattern } from '../src/web/app/route-table.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const ROUTE_PAGES = 'virtual:route-pages';

/**
 * `virtual:route-pages` (src/web/app/route-pages.d.ts): the route table (src/web/app/route-table.ts) as
 * src/web/app/routes.tsx renders it, each route with an `import()` of its page module, so each page is a chunk
 * of its own. A page the table names that does not exist fails the build. Generated rather than found with
 * import.meta.glob, whose object keyed by source path puts every page's path in the first load a second time
 * (about 450 B gzipped, measured); here the first load has each path, guard and chunk name once.
 */
export function routePages(): Plugin {
  return {
    name: 'little-museum:route-pages',
    resolveId: (id) => (id === ROUTE_PAGES ? `\0${ROUTE_PAGES}` : undefined),
    load(id) {
      if (id !== `\0${ROUTE_PAGES}`) return;
      const routes = ROUTES.map(({ path, guard, page, budget }) => {
        const load = `import(${JSON.stringify(`/${page.module}`)})${page.name ? `.then((m) => ({ default: m.${page.name} }))` : ''}`;
        return `  { path: ${JSON.stringify(path)}, guard: ${JSON.stringify(guard)}, ${budget !== undefined ? 'first: true, ' : ''}load: () => ${load} },`;
      });
      return `export default [\n${routes.join('\n')}\n];\n`;
    },
  };
}

/** Vite's build manifest (build.manifest): each chunk by its source, e.g. `src/web/features/…/login-page.tsx`. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
const MANIFEST_FILE = '.vite/manifest.json';

/**
 * index.html asks for the language catalog and the page chunk of the path being opened at once, beside the
 * main bundle, instead of after it has run (main.tsx awaits both before the first render). The files come
 * from Vite's manifest: for each route of the route table (src/web/app/route-table.ts) its page module's file,
 * the files it imports and their styles, and the same for each language's catalog, less what index.html loads
 * anyway. The table goes to the server (src/server/middleware/preload.ts), which writes these links into
 * index.html itself and leaves out the script; the script is addPreloads (src/contract/preload.ts) with
 * pickLanguage (src/contract/limits.ts), both inlined from their source, for any other host.
 */
export function preloadFirstPage(): Plugin {
  let base = '/';
  return {
    name: 'little-museum:preload-first-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // After Vite has written the manifest (its own generateBundle) and index.html.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const manifestAsset = bundle[MANIFEST_FILE];
        const html = bundle['index.html'];
        if (manifestAsset?.type !== 'asset' || html?.type !== 'asset') {
          return this.error(`preload-first-page needs build.manifest (${MANIFEST_FILE}) and index.html`);
        }
        const manifest = JSON.parse(String(manifestAsset.source)) as Manifest;
        const walk = (key: string, into: Set<string>) => {
          const chunk = manifest[key];
          if (!chunk || into.has(chunk.file)) return;
          into.add(chunk.file);
          for (const css of chunk.css ?? []) into.add(css);
          for (const dep of chunk.imports ?? []) walk(dep, into);
        };
        const loaded = new Set<string>();
        walk('index.html', loaded);
        const filesOf = (key: string, what: string) => {
          if (!manifest[key]) return this.error(`preload-first-page: ${what} (${key}) is not in Vite's manifest`);
          const files = new Set<string>();
          walk(key, files);
          return [...files].filter((f) => !loaded.has(f)).map((f) => `${base}${f}`);
        };
        // Each file once, then lists of indexes into it: the table stays small in index.html.
        const files: string[] = [];
        const ids = (list: string[]) => list.map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1));
        const table: PreloadTable = {
          f: files,
          c: Object.fromEntries(LANGUAGES.map((l) => [l, ids(filesOf(`locales/${l}.first.ts`, `the first part of the ${l} catalog`))])),
          r: Object.fromEntries(LANGUAGES.map((l) => [l, ids(filesOf(`locales/${l}.rest.ts`, `the rest of the ${l} catalog`))])),
          p: ROUTES.map((r): PreloadTable['p'][number] => {
            const files = ids(filesOf(r.page.module, `the page of ${r.path}`));
            // A page beyond the first loads waits for the rest of the catalog (src/web/app/routes.tsx).
            return r.budget === undefined ? [routePattern(r.path), files, 1] : [routePattern(r.path), files];
          }),
        };
        const data = JSON.stringify(table);
        this.emitFile({ type: 'asset', fileName: PRELOAD_TABLE_FILE, source: data });
        const script = `(${addPreloads.toString()})(${data},${JSON.stringify(LANGUAGE_COOKIE)},${pickLanguage.toString()},{document:document,navigator:navigator,location:location})`;
        checkPreloadScript(script, table);
        const source = String(html.source);
        if (!source.includes('</head>')) return this.error('preload-first-page: index.html has no </head>');
        html.source = source.replace('</head>', `<script ${PRELOAD_SCRIPT_ATTRIBUTE}>${script}</script></head>`);
      },
    },
  };
}

/**
 * Runs the inlined script as a browser would, on stand-ins for its globals: a function whose source refers to
 * anything outside it (or that the config's compiler rewrote) fails the build here, not in a visitor's browser.
 */
function checkPreloadScript(script: string, table: PreloadTable): void {
  for (const [pathname, cookie, languages] of [
    ['/', '', ['en-US']],
    ['/login', `${LANGUAGE_COOKIE}=en`, ['ja']],
    ['/my-work', '', ['ja-JP']],
    ['/nowhere', '', []],
  ] as const) {
    const added: string[] = [];
    const document = { cookie, head: { appendChild: (l: { href: string }) => added.push(l.href) }, createElement: () => ({}) };
    new Function('document', 'navigator', 'location', script)(document, { languages, language: languages[0] }, { pathname });
    const language = pickLanguage(/=(\w+)/.exec(cookie)?.[1], languages[0]);
    const route = table.p.find(([p]) => new RegExp(p, 'i').test(pathname));
    const expected = preloadsOf(table, language, route).map((i) => table.f[i]);
    if (added.join() !== expected.join()) {
      throw new Error(`preload-first-page: the inlined script added [${added.join()}] for ${pathname}, expected [${expected.join()}]`);
    }
  }
}

/**
 * The first views (FIRST_VIEWS_FILE in src/contract/preload.ts): once the build is written, scripts/prerender.ts
 * renders each page with a first-load budget in each language into it, in a process of its own (the page's modules
 * need browser globals). A failure fails the build.
 */
export function prerenderFirstViews(): Plugin {
  let outDir = '';
  return {
    name: 'little-museum:prerender-first-views',
    apply: 'build',
    configResolved(config) {
      outDir = resolvePath(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      handler() {
        execFileSync(process.execPath, ['--import', 'tsx', resolvePath(ROOT, 'scripts/prerender.ts'), outDir], {
          cwd: ROOT,
          stdio: 'inherit',
        });
      },
    },
  };
}

/**
 * The pages with a first-load budget (the route table's `budget`: `/`, `/public-gallery`, `/login`, the ones
 * Lighthouse measures) get what they share with other pages in one chunk beside their own, instead of a chunk per
 * shared module. Without it /public-gallery needs 11 scripts and 6 stylesheets instead of 3 and 1 (and 1,959 B
 * gzipped more; /login 4 and 2 instead of 2 and 1, 467 B more), and Lighthouse's mobile model pays a round trip
 * for each file: its LCP went from about 1.8 s to 2.29 s, 1.68x the baseline page's. Found from the module graph
 * (what the page imports, not through the entry's own modules, that another lazily loaded module imports too), so
 * a rename changes nothing. Another page that needs one of these modules imports that chunk.
 */
export function firstPageGroups(): Rolldown.CodeSplittingGroup {
  const pages = ROUTES.filter((r) => r.budget !== undefined).map((r) => resolvePath(ROOT, r.page.module));
  const byPass = new WeakMap<object, Map<string, string>>();
  type Info = (id: string) => Rolldown.ModuleInfo | null;
  /** The modules `from` imports, directly or not, without going through `stop`; with dynamic imports, every module. */
  const reach = (from: string, info: Info, stop: Set<string>, dynamic = false) => {
    const seen = new Set<string>();
    const queue = [from];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      const m = info(id);
      queue.push(...(m?.importedIds ?? []), ...(dynamic ? (m?.dynamicallyImportedIds ?? []) : []));
    }
    return seen;
  };
  const groupsOf = (info: Info, index: string) => {
    const initial = reach(index, info, new Set());
    const lazy = [...reach(index, info, new Set(), true)].filter((id) => info(id)?.dynamicImporters.length);
    const users = new Map<string, number>();
    for (const entry of lazy) for (const id of reach(entry, info, initial)) users.set(id, (users.get(id) ?? 0) + 1);
    const groups = new Map<string, string>();
    for (const page of pages) {
      for (const id of reach(page, info, initial)) {
        if (id !== page && (users.get(id) ?? 0) > 1 && !groups.has(id)) groups.set(id, `${basename(page, '.tsx')}-shared`);
      }
    }
    return groups;
  };
  return {
    debugName: 'first-page-shared',
    name: (id, ctx) => {
      const info: Info = (m) => ctx.getModuleInfo(m);
      const index = info(resolvePath(ROOT, 'index.html'));
      if (!index) return null;
      let groups = byPass.get(index);
      if (!groups) byPass.set(index, (groups = groupsOf(info, index.id)));
      return groups.get(id) ?? null;
    },
    includeDependenciesRecursively: false,
  };
}

/**
 * The first-load preload hints that the build, the page and the server share (not part of the REST API).
 * The build (build/first-load.ts, preloadFirstPage) reads Vite's manifest for the files each route's page and each
 * language catalog needs, and writes them as a table; index.html carries it in a small script (addPreloads
 * below) that adds the links in the browser, and a server that knows the table (src/server/middleware/preload.ts)
 * writes the same links into the HTML instead.
 */
/** The table's file in the build output. */
export const PRELOAD_TABLE_FILE = 'preload-table.json';
/** The attribute that marks index.html's preload script, which the server replaces with the links. */
export const PRELOAD_SCRIPT_ATTRIBUTE = 'data-preload';

/** The chosen language ('en' | 'ja'), mirrored from the page's stored choice for the preloads (see pickLanguage in ./limits). */
export const LANGUAGE_COOKIE = 'lm-lang';

/**
 * Set ('1') while the page holds a login, so that a server sends a family no first view (below): the pages that
 * have one show a visitor's header, and `/` and `/login` send a family on. Only a hint: it carries no token.
 */
export const SESSION_COOKIE = 'lm-session';

/**
 * The first views (scripts/prerender.ts): each page with a first-load budget as a visitor first sees it (the app's
 * first render of it, before any data), in each language, rendered at build time by the app's own components. A server puts the one for the
 * path and language in #root with the styles inlined, so a phone shows the page as soon as the HTML is here
 * instead of after the app's JavaScript has loaded and run; the app then renders over it (src/web/main.tsx).
 * `views[path][language]` is the markup of #root.
 */
export const FIRST_VIEWS_FILE = 'first-views.json';
export interface FirstViews {
  views: Record<string, Record<string, string>>;
}

/**
 * `f`: the files; `c`: the first part of each language's catalog (indexes into `f`), `r`: the rest of it
 * (scripts/split-catalogs.ts); `p`: [path pattern, indexes, 1 when the page needs the rest of the catalog] per route,
 * in the route table's order (a pattern is routePattern of src/web/app/route-table.ts, matched case-insensitively).
 */
export interface PreloadTable {
  f: string[];
  c: Record<string, number[]>;
  r: Record<string, number[]>;
  p: [string, number[], 1?][];
}

/** The files a first load of a route needs, in the language it will show: the catalog's part(s), then the page's. */
export function preloadsOf(table: PreloadTable, language: string, route: PreloadTable['p'][number] | undefined): number[] {
  return [...(table.c[language] ?? []), ...(route?.[2] ? (table.r[language] ?? []) : []), ...(route?.[1] ?? [])];
}

/** What addPreloads uses of the page (its globals): passed in, so that this module needs no DOM types. */
interface PreloadLink {
  rel: string;
  as: string;
  crossOrigin: string | null;
  href: string;
}
export interface PreloadScriptPage {
  document: { cookie: string; head: { appendChild(link: PreloadLink): unknown }; createElement(tag: 'link'): PreloadLink };
  navigator: { languages?: readonly string[]; language?: string };
  location: { pathname: string };
}

/**
 * index.html's preload script, for hosts other than our server: adds the links of the language catalog and of the
 * page at this path. The build inlines this function's source, called with the table, the cookie's name,
 * pickLanguage and the page's globals, so it uses nothing but its arguments (./preload.test.ts runs it so).
 */
export function addPreloads(
  table: PreloadTable,
  cookieName: string,
  pick: (chosen: string | undefined, browserFirst: string | undefined) => string,
  page: PreloadScriptPage,
): void {
  const chosen = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]*)`).exec(page.document.cookie)?.[1];
  const language = pick(chosen, page.navigator.languages?.[0] ?? page.navigator.language);
  const route = table.p.find(([pattern]) => new RegExp(pattern, 'i').test(page.location.pathname));
  // preloadsOf, written out: this function's source runs alone in index.html.
  for (const index of [...(table.c[language] ?? []), ...(route?.[2] ? (table.r[language] ?? []) : []), ...(route?.[1] ?? [])]) {
    const href = table.f[index];
    if (!href) continue;
    const link = page.document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    page.document.head.appendChild(link);
  }
}

/**
 * index.html with its first-load preloads written in. The build leaves a table of the files each page and
 * each language catalog needs (src/contract/preload.ts) and a small script in index.html that adds the links
 * in the browser. Served from here, the page gets the links for its path and language as plain tags instead,
 * and in a Link header with the entry script and styles: the browser starts every first-load request as soon
 * as the headers arrive, before it has parsed the page, and no script has to run first. The language is the
 * one the page will pick (pickLanguage in src/contract/limits.ts): the mirrored choice, else English when the
 * browser's first language is English, else Japanese.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

import { pickLanguage, type Language } from '@contract/limits';
import {
  FIRST_VIEWS_FILE,
  LANGUAGE_COOKIE,
  PRELOAD_SCRIPT_ATTRIBUTE,
  PRELOAD_TABLE_FILE,
  preloadsOf,
  SESSION_COOKIE,
  type FirstViews,
  type PreloadTable,
} from '@contract/preload';

interface Prepared {
  html: string;
  /** The entry script and styles index.html loads: always wanted, so they go in the Link header too. */
  entry: string[];
  /** index.html split around its preload script; null when there is none (or no table). */
  parts: [string, string] | null;
  table: PreloadTable | null;
  patterns: RegExp[];
  /** Each route's first views by language (FIRST_VIEWS_FILE), by its index in the table. */
  firstViews: Map<number, Record<string, string>>;
  /** The text of each stylesheet of the build a first view inlines, by its href. */
  styles: Map<string, string>;
  variants: Map<string, { html: string; link: string }>;
}

let prepared: Promise<Prepared> | null = null;
let preparedFor = '';

const SCRIPT = new RegExp(`<script ${PRELOAD_SCRIPT_ATTRIBUTE}(?:="")?>[\\s\\S]*?</script>`);
const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);
const LOGGED_IN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=1(?:;|$)`);
const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

/** The first views of the build by route (none when it has no FIRST_VIEWS_FILE or index.html no empty #root), and the styles they inline. */
async function prepareFirstViews(distDir: string, html: string, table: PreloadTable | null, patterns: RegExp[]) {
  const firstViews = new Map<number, Record<string, string>>();
  const styles = new Map<string, string>();
  const text = table && html.includes(ROOT_ELEMENT) ? await readFile(join(distDir, FIRST_VIEWS_FILE), 'utf8').catch(() => null) : null;
  if (!table || !text) return { firstViews, styles };
  try {
    for (const [path, byLanguage] of Object.entries((JSON.parse(text) as FirstViews).views)) {
      const route = patterns.findIndex((pattern) => pattern.test(path));
      if (route >= 0) firstViews.set(route, byLanguage);
    }
  } catch {
    return { firstViews: new Map<number, Record<string, string>>(), styles };
  }
  const hrefs = [...[...html.matchAll(ENTRY_STYLESHEET)].map((m) => m[1]!), ...table.f.filter((f) => f.endsWith('.css'))];
  for (const href of new Set(hrefs)) {
    const css = await readFile(join(distDir, href.replace(/^\/+/, '')), 'utf8').catch(() => null);
    // Inside <style>, only "</style" could end it early; no stylesheet of ours has one.
    if (css !== null) styles.set(href, css.replace(/<\/style/gi, '<\\/style'));
  }
  return { firstViews, styles };
}

async function prepare(distDir: string, indexPath: string, tablePath: string): Promise<Prepared> {
  const [html, tableText] = await Promise.all([readFile(indexPath, 'utf8'), readFile(tablePath, 'utf8').catch(() => null)]);
  let table: PreloadTable | null = null;
  try {
    table = tableText ? (JSON.parse(tableText) as PreloadTable) : null;
  } catch {
    table = null;
  }
  const match = SCRIPT.exec(html);
  const parts: [string, string] | null = match && table ? [html.slice(0, match.index), html.slice(match.index + match[0].length)] : null;
  const patterns = (table?.p ?? []).map(([source]) => {
    try {
      return new RegExp(source, 'i');
    } catch {
      return /$^/;
    }
  });
  const entry = [...[...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1]!), ...[...html.matchAll(ENTRY_STYLESHEET)].map((m) => m[1]!)];
  return { html, entry, parts, table, patterns, ...(await prepareFirstViews(distDir, html, table, patterns)), variants: new Map() };
}

/** The language the page would pick for this request: its mirrored choice, else the browser's first language. */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  return pickLanguage(cookie ? COOKIE.exec(cookie)?.[1] : undefined, acceptLanguage?.split(',')[0]);
}

const safe = (href: string) => href.replace(/[^\w./-]/g, '');

function link(href: string): string {
  return href.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${safe(href)}">`
    : `<link rel="modulepreload" crossorigin href="${safe(href)}">`;
}

/** The same as a Link header entry: the browser acts on it before it has parsed any HTML. */
function header(href: string): string {
  return href.endsWith('.css') ? `<${safe(href)}>; rel=preload; as=style; crossorigin` : `<${safe(href)}>; rel=modulepreload; crossorigin`;
}

/**
 * The HTML for a navigation to `path` and its Link header; null without an index.html. When index.html has no
 * preload script or the build left no table, it goes out as it is, with only its entry script and styles in the
 * Link header.
 */
export async function indexWithPreloads(
  distDir: string,
  path: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Promise<{ html: string; link: string } | null> {
  const indexPath = join(distDir, 'index.html');
  const tablePath = join(distDir, PRELOAD_TABLE_FILE);
  const [index, table] = await Promise.all([stat(indexPath).catch(() => null), stat(tablePath).catch(() => null)]);
  if (!index?.isFile()) return null;
  const version = `${index.size}:${index.mtimeMs}:${table?.isFile() ? `${table.size}:${table.mtimeMs}` : '-'}`;
  if (!prepared || preparedFor !== `${distDir}|${version}`) {
    preparedFor = `${distDir}|${version}`;
    prepared = prepare(distDir, indexPath, tablePath);
  }
  const p = await prepared;
  // Any index.html gets its entry script and styles in the Link header; the page's own files need the table.
  if (!p.parts || !p.table) {
    return { html: p.html, link: p.entry.map(header).join(', ') };
  }
  const language = requestLanguage(cookie, acceptLanguage);
  const page = p.patterns.findIndex((pattern) => pattern.test(path));
  // A family gets no first view: it shows a visitor's page (SESSION_COOKIE).
  const firstView = cookie && LOGGED_IN.test(cookie) ? undefined : p.firstViews.get(page)?.[language];
  const key = `${language}:${page}:${firstView === undefined ? '' : 'first'}`;
  let variant = p.variants.get(key);
  if (variant === undefined) {
    const files = preloadsOf(p.table, language, page >= 0 ? p.table.p[page] : undefined)
      .map((i) => p.table!.f[i])
      .filter((f): f is string => typeof f === 'string');
    variant = { html: p.parts[0] + files.map(link).join('') + p.parts[1], link: [...p.entry, ...files].map(header).join(', ') };
    if (firstView !== undefined) variant = withFirstView(p.parts, firstView, language, files, p.styles) ?? variant;
    p.variants.set(key, variant);
  }
  return variant;
}

/**
 * The page with its first view (FIRST_VIEWS_FILE in src/contract/preload.ts) in #root, in its language, with the
 * styles it needs inlined: the phone draws it from the HTML alone. Nothing else is asked for until it is on screen:
 * after the next frame a small script preloads the page's files and starts the app, which renders over it (the same
 * page) and only then lets #root take input (it is inert until then, so nothing is typed into a form about to be
 * replaced). The app is interactive a frame later than with its files preloaded beside the HTML; the page is seen
 * sooner (issue 10: LCP on a phone's connection).
 */
function withFirstView(
  parts: [string, string],
  view: string,
  language: string,
  files: string[],
  styles: Map<string, string>,
): { html: string; link: string } | null {
  const entries: string[] = [];
  const inline = (href: string) => `<style>${styles.get(href) ?? ''}</style>`;
  const head = (parts[0] + parts[1])
    .replace(ENTRY_SCRIPT, (_tag, src: string) => {
      entries.push(safe(src));
      return '';
    })
    .replace(ENTRY_STYLESHEET, (tag, href: string) => (styles.has(href) ? inline(href) : tag))
    .replace(/<html(?: lang="[^"]*")?>/, `<html lang="${language === 'en' ? 'en' : 'ja'}">`)
    .replace(
      '</head>',
      () =>
        `${files
          .filter((f) => styles.has(f))
          .map(inline)
          .join('')}</head>`,
    )
    .replace(ROOT_ELEMENT, () => `<div id="root" inert>${view}</div>`);
  // Without the app's entry script there is nothing to start: the plain shell, then.
  if (!entries.length) return null;
  const preload = files.filter((f) => !styles.has(f)).map(safe);
  const start =
    `requestAnimationFrame(()=>setTimeout(()=>{for(const h of ${JSON.stringify(preload)}){const l=document.createElement("link");` +
    `l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.appendChild(l)}` +
    `${entries.map((src) => `import(${JSON.stringify(src)})`).join(';')}}))`;
  return { html: head.replace('</body>', () => `<script type="module">${start}</script></body>`), link: '' };
}

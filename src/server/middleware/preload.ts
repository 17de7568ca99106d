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
import { LANGUAGE_COOKIE, PRELOAD_SCRIPT_ATTRIBUTE, PRELOAD_TABLE_FILE, preloadsOf, type PreloadTable } from '@contract/preload';

interface Prepared {
  html: string;
  /** The entry script and styles index.html loads: always wanted, so they go in the Link header too. */
  entry: string[];
  /** index.html split around its preload script; null when there is none (or no table). */
  parts: [string, string] | null;
  table: PreloadTable | null;
  patterns: RegExp[];
  variants: Map<string, { html: string; link: string }>;
}

let prepared: Promise<Prepared> | null = null;
let preparedFor = '';

const SCRIPT = new RegExp(`<script ${PRELOAD_SCRIPT_ATTRIBUTE}(?:="")?>[\\s\\S]*?</script>`);
const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

async function prepare(indexPath: string, tablePath: string): Promise<Prepared> {
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
  const entry = [
    ...[...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!),
  ];
  return { html, entry, parts, table, patterns, variants: new Map() };
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
    prepared = prepare(indexPath, tablePath);
  }
  const p = await prepared;
  // Any index.html gets its entry script and styles in the Link header; the page's own files need the table.
  if (!p.parts || !p.table) {
    return { html: p.html, link: p.entry.map(header).join(', ') };
  }
  const language = requestLanguage(cookie, acceptLanguage);
  const page = p.patterns.findIndex((pattern) => pattern.test(path));
  const key = `${language}:${page}`;
  let variant = p.variants.get(key);
  if (variant === undefined) {
    const files = preloadsOf(p.table, language, page >= 0 ? p.table.p[page] : undefined)
      .map((i) => p.table!.f[i])
      .filter((f): f is string => typeof f === 'string');
    variant = { html: p.parts[0] + files.map(link).join('') + p.parts[1], link: [...p.entry, ...files].map(header).join(', ') };
    p.variants.set(key, variant);
  }
  return variant;
}

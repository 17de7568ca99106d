/**
 * The first-load preload hints that the build, the page and the server share (not part of the REST API).
 * The build writes a table of which files each page and each language catalog needs (vite.config.ts,
 * preloadFirstPage); index.html carries it in a small script that adds the links in the browser, and a server
 * that knows the table (src/server/middleware/preload.ts) writes the same links into the HTML instead.
 */

/** The table's file in the build output. */
export const PRELOAD_TABLE_FILE = 'preload-table.json';
/** The attribute that marks index.html's preload script, which the server replaces with the links. */
export const PRELOAD_SCRIPT_ATTRIBUTE = 'data-preload';
import { LANGUAGES, type Language } from './limits';

/** The chosen language ('en' | 'ja'), mirrored from the page's stored choice for the preloads. */
export const LANGUAGE_COOKIE = 'lm-lang';

/**
 * The language the page shows (decisions.md: Japanese first): the user's choice, else English when the
 * browser's first language is English, else Japanese. index.html's preload script repeats this rule in its
 * own few lines (vite.config.ts), as it runs before any module.
 */
export function pickLanguage(chosen: string | null | undefined, browserFirst: string | null | undefined): Language {
  if ((LANGUAGES as readonly string[]).includes(chosen ?? '')) return chosen as Language;
  return (browserFirst ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'ja';
}

/** `f`: the files; `c`: each language's catalog (indexes into `f`); `p`: [path pattern, indexes] per page. */
export interface PreloadTable {
  f: string[];
  c: Record<string, number[]>;
  p: [string, number[]][];
}

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

/** The chosen language ('en' | 'ja'), mirrored from the page's stored choice for the preloads (see pickLanguage in ./limits). */
export const LANGUAGE_COOKIE = 'lm-lang';

/** `f`: the files; `c`: each language's catalog (indexes into `f`); `p`: [path pattern, indexes] per page. */
export interface PreloadTable {
  f: string[];
  c: Record<string, number[]>;
  p: [string, number[]][];
}

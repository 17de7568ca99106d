/**
 * Phrase boundaries for Japanese headings (issue 28 item 13), at `npm run i18n:compile` (scripts/split-catalogs.ts).
 *
 * Japanese has no spaces, so a browser may break a line between any two characters: 「子どもの作品 / を、美術館に。」.
 * `word-break: auto-phrase` (ui/global.css) keeps phrases whole, in Chromium only. For every engine, the Japanese
 * catalog's headings carry a zero-width space (U+200B) between the phrases Google's BudouX finds, and global.css
 * gives h1–h3 `word-break: keep-all`, so a line breaks only there (or at a space or punctuation), as BudouX's own
 * HTML output does. Done here, the parser and its model (about 10 KB gzipped) never reach the browser.
 *
 * A heading is a message in the context `heading`: `<Trans context="heading">` or `t({ message: …, context: 'heading' })`
 * (in the .po, `msgctxt "heading"`). Its own context, so the same words as a button or a menu item stay a message of
 * their own, without the spaces: a zero-width space in a value (a default title, a label read aloud) would be a defect.
 */
import { loadDefaultJapaneseParser } from 'budoux';

/** The message context of a heading. */
export const HEADING = 'heading';
const ZWSP = '\u200b';

const parser = loadDefaultJapaneseParser();

/** A compiled message (`lingui compile`): a string, or an array of strings and placeholders (arrays). */
type Compiled = unknown;

/**
 * BudouX's phrases, except that a phrase of one character joins the one before it (the next, if it comes first):
 * its model cuts some short headings where no reader would (「作品を|さが|す」, 「今|日から」, 「方|へ」), and a line
 * that starts or ends with one character is worse than a longer line.
 */
export function phrases(text: string): string[] {
  const out: string[] = [];
  for (const chunk of parser.parse(text)) {
    const last = out.length - 1;
    if (last >= 0 && ([...chunk].length === 1 || [...out[last]!].length === 1)) out[last] += chunk;
    else out.push(chunk);
  }
  return out;
}

/** The message with a zero-width space between its phrases; placeholders and other languages are left as they are. */
export function markPhrases(message: Compiled): Compiled {
  if (typeof message === 'string') return phrases(message.replaceAll(ZWSP, '')).join(ZWSP);
  if (Array.isArray(message)) return message.map((part) => (typeof part === 'string' ? markPhrases(part) : part));
  return message;
}

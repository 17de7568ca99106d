/**
 * `npm run i18n:compile`, after `lingui compile`: each compiled PWA catalog (locales/{en,ja}.ts) in two parts.
 * - `locales/<lang>.first.ts`: the messages of what a first load can show: the shell (src/contract, src/web/app)
 *   and everything the pages with a first-load budget (the route table's
 *   `budget`: `/`, `/login`, `/public-gallery`) and main.tsx import statically;
 * - `locales/<lang>.rest.ts`: the others, which only pages and parts loaded later show. Those wait for it
 *   (src/web/lib/lazy-page.ts, src/web/lib/i18n.ts), and the app asks for it once the first view is up.
 * Every first load carried the whole catalog before, 8.4 KB of the 110 KB that `/` may have, growing with every
 * page. A message goes by where `lingui extract` found it (the .po's origins): used anywhere in the first part's
 * files, it is in the first part. The files are found by following static imports from the source (TypeScript's
 * parser), so a new page or a moved module needs no list kept by hand.
 *
 * On the way, the Japanese headings get their phrase boundaries (./heading-phrases.ts).
 *
 * Usage: node --import tsx scripts/split-catalogs.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import { formatter } from '@lingui/format-po';
import ts from 'typescript';

import { LANGUAGES } from '../src/contract/limits.ts';
import { HEADING, markPhrases } from './heading-phrases.ts';
import { ROUTES } from '../src/web/app/route-table.ts';

const ROOT = resolve(import.meta.dirname, '..');
/**
 * The shell, in the first part whatever imports it: the contract's messages (any page can show any error text) and
 * the app's frame. lib/ and ui/ go by the walk below like the pages: what the first pages and the frame import (at
 * once or on demand) is in the first part, and what only later pages use (a card form, a plan's price) waits with
 * them (0.7 KB less on `/` when issue 13 added its pages).
 */
const SHELL = ['src/contract/', 'src/web/app/', 'src/web/main.tsx'];
const ALIASES: [string, string][] = [
  ['@web/', 'src/web/'],
  ['@contract/', 'src/contract/'],
];

/** The repository path of the module `specifier` names from `from`, or null for a package or a non-source file. */
function resolveImport(specifier: string, from: string): string | null {
  let base: string | null = null;
  for (const [alias, dir] of ALIASES) if (specifier.startsWith(alias)) base = join(ROOT, dir, specifier.slice(alias.length));
  if (specifier.startsWith('.')) base = resolve(dirname(join(ROOT, from)), specifier);
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return relative(ROOT, candidate);
  }
  return null;
}

/** The modules a file imports, statically (type-only imports erased) or with `import('…')`, as repository paths. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) specifiers.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.map((s) => resolveImport(s, file)).filter((f): f is string => f !== null);
}

/**
 * What a first load can show: main.tsx and the budgeted pages with everything they import, at once or later (the
 * layout's parts, a page's film strip or login form). Other pages load through `virtual:route-pages`, which is not
 * a file, so the walk never reaches them: they wait for the rest.
 */
export function firstLoadModules(): Set<string> {
  const seen = new Set<string>();
  const queue = ['src/web/main.tsx', ...ROUTES.filter((r) => r.budget !== undefined).map((r) => r.page.module)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

type Compiled = Record<string, unknown>;

/** The messages of a compiled catalog (`lingui compile --typescript`: `export const messages=JSON.parse("…")`). */
function readCompiled(path: string): Compiled {
  const text = readFileSync(path, 'utf8');
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(text)?.[1];
  if (!literal) throw new Error(`${path}: not a compiled Lingui catalog; run \`lingui compile --typescript\` first`);
  return JSON.parse(JSON.parse(literal) as string) as Compiled;
}

function writeCompiled(path: string, messages: Compiled): void {
  const json = JSON.stringify(JSON.stringify(messages));
  writeFileSync(path, `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${json})as Messages;`);
}

const first = firstLoadModules();
const isFirst = (file: string) => SHELL.some((s) => file === s || (s.endsWith('/') && file.startsWith(s))) || first.has(file);
const po = formatter({ origins: true });

for (const language of LANGUAGES) {
  const catalogPath = join(ROOT, `locales/${language}.po`);
  const entries = await po.parse(readFileSync(catalogPath, 'utf8'), {
    locale: language,
    sourceLocale: 'en',
    filename: catalogPath,
  });
  const compiled = readCompiled(join(ROOT, `locales/${language}.ts`));
  const parts: { first: Compiled; rest: Compiled } = { first: {}, rest: {} };
  let headings = 0;
  for (const [id, compiledMessage] of Object.entries(compiled)) {
    const origins = entries?.[id]?.origin ?? [];
    const heading = language === 'ja' && entries?.[id]?.context === HEADING;
    if (heading) headings++;
    const message = heading ? markPhrases(compiledMessage) : compiledMessage;
    // A message the .po does not place (there should be none) stays where it cannot be missed.
    const part = origins.length === 0 || origins.some(([file]) => isFirst(file)) ? 'first' : 'rest';
    parts[part][id] = message;
  }
  writeCompiled(join(ROOT, `locales/${language}.first.ts`), parts.first);
  writeCompiled(join(ROOT, `locales/${language}.rest.ts`), parts.rest);
  console.log(
    `split-catalogs: ${language}: ${Object.keys(parts.first).length} messages for the first load, ${Object.keys(parts.rest).length} later` +
      (headings ? `; ${headings} headings split into phrases` : ''),
  );
}

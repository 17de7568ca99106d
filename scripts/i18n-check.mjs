// `npm run i18n:check`: fails when the catalogs are out of date with the sources, or a message lacks Japanese.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** Each catalog as [en, ja]: the PWA's, and the server's own (the e-mails). */
const catalogs = [
  ['locales/en.po', 'locales/ja.po'],
  ['locales/server/en.po', 'locales/server/ja.po'],
];
const files = catalogs.flat();

/** msgid -> msgstr of a PO file (multi-line strings joined; the header entry skipped). */
function parsePo(text) {
  const entries = new Map();
  let id = null;
  let str = null;
  let mode = null;
  const flush = () => {
    if (id) entries.set(id, str ?? '');
    id = null;
    str = null;
  };
  for (const line of text.split('\n')) {
    const unq = (s) => JSON.parse(s);
    if (line.startsWith('msgid ')) {
      flush();
      id = unq(line.slice(6));
      mode = 'id';
    } else if (line.startsWith('msgstr')) {
      str = unq(line.slice(line.indexOf(' ') + 1));
      mode = 'str';
    } else if (line.startsWith('"')) {
      if (mode === 'id') id += unq(line);
      else if (mode === 'str') str += unq(line);
    } else mode = null;
  }
  flush();
  return entries;
}

const before = files.map((f) => readFileSync(f, 'utf8'));
const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { encoding: 'utf8' });
const after = files.map((f) => readFileSync(f, 'utf8'));
before.forEach((text, i) => writeFileSync(files[i], text));
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}

const problems = [];
let total = 0;
for (const [, ja] of catalogs) {
  const i = files.indexOf(ja);
  const committed = parsePo(before[i]);
  const fresh = parsePo(after[i]);
  total += committed.size;
  for (const id of fresh.keys()) if (!committed.has(id)) problems.push(`not in ${ja} (run npm run i18n:extract): ${id}`);
  for (const id of committed.keys())
    if (!fresh.has(id)) problems.push(`no longer in the sources of ${ja} (run npm run i18n:extract): ${id}`);
  for (const [id, str] of committed) if (!str.trim()) problems.push(`no Japanese translation in ${ja}: ${id}`);
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`i18n check: ${total} messages in ${catalogs.length} catalogs, all translated into ja, in sync with the sources.`);

// Prints the closing line CI reads, "N passed, N failed", from the JSON reports of vitest, Playwright and the byte
// budget (scripts/budget.ts). Those figures are runs: the server suite runs three times (PGlite, PostgreSQL, S3), so a
// line above them gives the distinct tests beside each run's count.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
/** The failed tests by name, printed just above the closing line so that a log's tail shows what failed. */
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);
/** Walks Playwright's nested suites down to each test whose outcome was not the expected one. */
function playwrightFailures(suite, path) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const result = test.results?.at(-1);
      failures.push(
        `${path}${test.projectName ? `[${test.projectName}] ` : ''}${spec.file}:${spec.line} ${spec.title}: ${firstLine(result?.error?.message)}`,
      );
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, path);
}
/** Each test once, by file and name, however many reports ran it; and each report's count of tests run. */
const distinct = new Set();
const runs = new Map();
/** What a report is called in the runs line (a report not named here is shown by its file name). */
const RUN_NAMES = {
  'server.json': 'PGlite',
  'server-postgres.json': 'PostgreSQL',
  'server-s3.json': 'S3',
  'web.json': 'web',
  'e2e.json': 'e2e',
  'e2e-engines.json': 'WebKit and Firefox',
};
function playwrightTests(suite, seen) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) seen.push(`${spec.file}:${spec.title}:${test.projectName ?? ''}`);
  for (const child of suite.suites ?? []) playwrightTests(child, seen);
  return seen;
}
const dir = 'reports';
for (const name of existsSync(dir) ? readdirSync(dir) : []) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8'));
  if ('numPassedTests' in report) {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    runs.set(name, report.numTotalTests ?? report.numPassedTests + report.numFailedTests + (report.numPendingTests ?? 0));
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) distinct.add(`${relative(process.cwd(), file.name)}:${test.fullName}`);
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${name}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      // A file that failed with no failed test (an error in a hook or at import) counts as one failure: otherwise the
      // closing line would say 0 failed while the step failed.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
        failed += 1;
        failures.push(`${name}: ${relative(process.cwd(), file.name)} (the file failed): ${firstLine(file.message)}`);
      }
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${name}: ${report.stats.expected + report.stats.flaky} passed, ${report.stats.unexpected} failed`);
    const tests = (report.suites ?? []).flatMap((suite) => playwrightTests(suite, []));
    for (const test of tests) distinct.add(`e2e:${test}`);
    runs.set(name, tests.length);
    for (const suite of report.suites ?? []) playwrightFailures(suite, `${name}: `);
  } else if (Array.isArray(report.checks)) {
    // npm run budget: each page's initial JavaScript against its budget, and the routes' preload entries
    const ok = report.checks.filter((c) => c.ok).length;
    passed += ok;
    failed += report.checks.length - ok;
    console.log(`${name}: ${ok} passed, ${report.checks.length - ok} failed`);
    for (const c of report.checks.filter((check) => !check.ok)) failures.push(`${name}: ${JSON.stringify(c).slice(0, 300)}`);
  }
}
// Figures of the generated checks (the authorization matrix, the fuzzing), written by the tests themselves.
const checks = [];
for (const name of existsSync(`${dir}/checks`) ? readdirSync(`${dir}/checks`).sort() : []) {
  if (!name.endsWith('.json')) continue;
  const check = JSON.parse(readFileSync(`${dir}/checks/${name}`, 'utf8'));
  console.log(`${check.name}: ${check.summary}`);
  checks.push(`${check.name}: ${check.summary}`);
}
if (runs.size > 0) {
  // In the order of RUN_NAMES, then any other report.
  const order = [...Object.keys(RUN_NAMES).filter((n) => runs.has(n)), ...[...runs.keys()].filter((n) => !(n in RUN_NAMES))];
  console.log(`distinct tests: ${distinct.size}; runs: ${order.map((n) => `${RUN_NAMES[n] ?? n} ${runs.get(n)}`).join(', ')}`);
}
for (const failure of failures) console.log(`FAILED ${failure}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${checks.length ? `; ${checks.join('; ')}` : ''}`);

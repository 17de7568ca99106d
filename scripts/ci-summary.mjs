// Prints the closing line CI reads, "N passed, N failed", from the JSON reports of vitest, Playwright and the byte
// budget (scripts/budget.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
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
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(`${name}: ${report.stats.expected + report.stats.flaky} passed, ${report.stats.unexpected} failed`);
  } else if (Array.isArray(report.checks)) {
    // npm run budget: each page's initial JavaScript against its budget, and the routes' preload entries
    const ok = report.checks.filter((c) => c.ok).length;
    passed += ok;
    failed += report.checks.length - ok;
    console.log(`${name}: ${ok} passed, ${report.checks.length - ok} failed`);
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
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${checks.length ? `; ${checks.join('; ')}` : ''}`);

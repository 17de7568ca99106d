// Prints the closing line CI reads, "N passed, N failed", from the JSON reports of vitest and Playwright.
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

/** The closing lines of `npm run test:engines`: each failure with its engine, then "N passed, N failed". */
import { stripVTControlCharacters } from 'node:util';

import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class EnginesSummary implements Reporter {
  private passed = 0;
  private failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      this.passed += 1;
      return;
    }
    const engine = test.parent.project()?.name ?? '?';
    const why = (result.error?.message ?? result.status).split('\n').find((line) => line.trim()) ?? '';
    this.failures.push(
      `FAILED in ${engine}: ${test.title} (${test.location.file.split('/').pop()}:${test.location.line}): ${stripVTControlCharacters(why)}`,
    );
  }

  onEnd(_result: FullResult): void {
    for (const failure of this.failures) console.log(failure);
    console.log(`engines: ${this.passed} passed, ${this.failures.length} failed`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

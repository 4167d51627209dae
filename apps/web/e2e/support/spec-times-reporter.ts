import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * At the end of a run, the time of each spec file: its tests' summed durations (worker time),
 * how many tests it has, and the run's wall time, so CI shows where the minutes go. Named in
 * playwright.config.ts (reporter).
 *
 * @public
 */
export default class SpecTimesReporter implements Reporter {
  private readonly specs = new Map<string, { tests: number; ms: number }>();
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.basename(test.location.file);
    const entry = this.specs.get(file) ?? { tests: 0, ms: 0 };
    entry.tests += 1;
    entry.ms += result.duration;
    this.specs.set(file, entry);
  }

  onEnd(result: FullResult) {
    const rows = [...this.specs].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
    console.log('\nTime per spec (summed test durations across workers):');
    for (const [file, e] of rows) {
      console.log(`  ${file.padEnd(34)} ${String(e.tests).padStart(4)} tests ${(e.ms / 1000).toFixed(1).padStart(8)} s`);
    }
    console.log(`  ${'all specs'.padEnd(34)} ${String(rows.reduce((s, [, e]) => s + e.tests, 0)).padStart(4)} tests ${(total / 1000).toFixed(1).padStart(8)} s`);
    console.log(`Playwright ${result.status} in ${((Date.now() - this.started) / 1000).toFixed(1)} s of wall time.\n`);
  }

  printsToStdio() {
    return false;
  }
}

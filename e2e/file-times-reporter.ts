import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Adds one line per spec file, `{"file":…,"ms":…}`, to the file named by TEST_FILE_TIMES, for
 * `npm test` to name the slowest files at the end (scripts/test-all.mjs). A file's time is the sum
 * of its tests' runs, retries included: what it cost the run.
 */
export default class FileTimes implements Reporter {
  private readonly spent = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(path.resolve(import.meta.dirname, '..'), test.location.file);
    this.spent.set(file, (this.spent.get(file) ?? 0) + result.duration);
  }

  onEnd() {
    const target = process.env.TEST_FILE_TIMES;
    if (!target || this.spent.size === 0) return;
    const lines = [...this.spent].map(([file, ms]) => JSON.stringify({ file, ms }));
    appendFileSync(target, `${lines.join('\n')}\n`);
  }

  printsToStdio() {
    return false;
  }
}

// A Vitest reporter that adds one line per test file, `{"file":…,"ms":…}`, to the file named by
// TEST_FILE_TIMES, for `npm test` to name the slowest files at the end (scripts/test-all.mjs).
// A file's time is what its worker spent on it: preparing, importing, setting up and running it.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const repository = path.resolve(import.meta.dirname, '..');

export default class FileTimes {
  onTestRunEnd(testModules) {
    const target = process.env.TEST_FILE_TIMES;
    if (!target || testModules.length === 0) return;
    const lines = testModules.map((testModule) => {
      const spent = testModule.diagnostic();
      const ms = spent.prepareDuration + spent.collectDuration + spent.setupDuration + spent.duration;
      return JSON.stringify({ file: path.relative(repository, testModule.moduleId), ms: Math.round(ms) });
    });
    appendFileSync(target, `${lines.join('\n')}\n`);
  }
}

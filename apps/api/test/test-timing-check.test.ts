import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, with no type declarations.
import { blankStringsAndComments } from '../../../scripts/check-test-timing.mjs';

/*
 * `npm run lint:timing` (scripts/check-test-timing.mjs) keeps wall-time bounds out of the tests;
 * this proves each form it looks for is found, that ordinary uses of the clock in tests are not,
 * and that the marked exception passes, on small trees written here.
 */

/**
 * The sample test files that hold bounds live as text beside this file, so that no tool reading the
 * repository's tests mistakes a sample for a bound of ours.
 */
const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, 'fixtures/test-timing', name), 'utf8');

const checker = path.resolve(import.meta.dirname, '../../../scripts/check-test-timing.mjs');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'test-timing-'));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  const run = spawnSync(process.execPath, [checker, '--root', root], { encoding: 'utf8' });
  return {
    status: run.status,
    output: `${run.stdout}${run.stderr}`,
    lines: `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.startsWith('  ')),
  };
}

describe('the wall-time checker of the tests', () => {
  it('passes the clock used for unique names, deadlines of a polling loop, generous waits and words', () => {
    const result = tree({
      'apps/api/test/ok.test.ts': sample('ok.test.ts.txt'),
      'e2e/tests/page.spec.ts': "await expect(page.getByText('Saved')).toBeVisible({ timeout: 20_000 });",
    });
    expect(result.output).toContain('no test bound by wall time: 2 test files');
    expect(result.status).toBe(0);
  });

  it('finds each form of a wall-time bound and each short wait, with its file and line', () => {
    const result = tree({
      'apps/api/test/sse.ts': 'events.push({ data, receivedAt: performance.now() });',
      'apps/api/test/stream.test.ts': sample('stream.test.ts.txt'),
      'packages/domain/test/speed.test.ts': sample('speed.test.ts.txt'),
      'apps/web/src/features/x/clock.test.tsx': sample('clock.test.tsx.txt'),
      'e2e/tests/toast.spec.ts': "await expect(page.getByText('Saved')).toBeVisible({ timeout: 1000 });",
    });
    expect(result.status).toBe(1);
    expect(result.lines.map((line) => line.trim().replace(/^(\S+ \S+?:\d+):.*$/, '$1')).sort()).toEqual(
      [
        'no-wall-time-bound: apps/api/test/stream.test.ts:2',
        'no-short-wait-limit: apps/api/test/stream.test.ts:3',
        'no-wall-time-bound: packages/domain/test/speed.test.ts:4',
        'no-wall-time-bound: packages/domain/test/speed.test.ts:5',
        'no-wall-time-bound: packages/domain/test/speed.test.ts:6',
        'no-wall-time-bound: packages/domain/test/speed.test.ts:7',
        'no-wall-time-bound: packages/domain/test/speed.test.ts:14',
        'no-wall-time-bound: packages/domain/test/speed.test.ts:17',
        'no-wall-time-bound: apps/web/src/features/x/clock.test.tsx:1',
        'no-wall-time-bound: apps/web/src/features/x/clock.test.tsx:2',
        'no-short-wait-limit: e2e/tests/toast.spec.ts:1',
      ].sort(),
    );
  });

  it('lets a bound through with a `timing-bound:` reason on its line or the line above, never without a reason', () => {
    const measured = ['const started = performance.now();', 'const elapsed = performance.now() - started;'];
    const marked = tree({
      'apps/api/test/health.test.ts': [
        ...measured,
        'expect(elapsed).toBeLessThan(200); // timing-bound: the server must stay responsive under this attack',
        '// timing-bound: the point of the test is that it answers in time while busy',
        'expect(performance.now() - started).toBeLessThan(200);',
      ].join('\n'),
    });
    expect(marked.status).toBe(0);
    expect(marked.output).toContain('2 marked timing-bound');
    expect(marked.lines.map((line) => line.trim().replace(/^(\S+ \S+?:\d+):.*$/, '$1'))).toEqual([
      'no-wall-time-bound: apps/api/test/health.test.ts:3',
      'no-wall-time-bound: apps/api/test/health.test.ts:5',
    ]);

    const unexplained = tree({
      'apps/api/test/health.test.ts': [...measured, 'expect(elapsed).toBeLessThan(300); // timing-bound:'].join('\n'),
    });
    expect(unexplained.status).toBe(1);
    expect(unexplained.lines).toEqual([
      '  no-wall-time-bound: apps/api/test/health.test.ts:3: expect(elapsed).toBeLessThan(300); // timing-bound:',
    ]);
  });

  it('blanks strings and comments without moving a character or a line', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', "'", '"', '`', '/', '*', '\n', '\\', '$', '{', '}', '(') }),
        (source) => {
          const blanked: string = blankStringsAndComments(source);
          expect(blanked).toHaveLength(source.length);
          expect([...blanked].map((char, index) => (char === '\n') === (source[index] === '\n'))).not.toContain(false);
        },
      ),
    );
  });
});

#!/usr/bin/env node
/*
 * Tests that hold on a quiet machine and fail on a busy one: checked on every `npm test`
 * (`npm run lint:timing`). A test that measures wall time and compares it with a bound
 * (`expect(performance.now() - started).toBeLessThan(1000)`), or that gives what it waits for only
 * a moment (`{ timeout: 1000 }`), fails whenever the machine is busy, which says nothing about
 * the code. How fast something is belongs in the bench (apps/api/bench), run on a quiet machine
 * with budgets; a test asserts what happens, and waits for it as long as a busy machine needs.
 *
 * What is reported, in test code (e2e/, apps and packages' test/ folders, *.test.* and *.spec.*):
 * - an assertion (expect, expect.soft, assert) on a wall-time difference: a subtraction with a
 *   clock reading (Date.now(), performance.now(), process.hrtime.bigint(), a variable or property
 *   holding one) or a variable given one (a list pushed measured times, say), under an ordering
 *   matcher (toBeLessThan…) or a comparison;
 * - a lower bound that is the clock at the assertion moved by a bound, which the test misses once
 *   it took longer than that slack (`expect(lockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000)`);
 * - an explicit wait limit below MIN_WAIT_MS (`timeout: 1000`, `timeoutMs: 500`, an event
 *   stream's `waitFor(count, 1000)`).
 * A test whose whole point is a bound (a server that must stay responsive under attack) says why
 * with a `// timing-bound: <reason>` comment on the statement's line or the line above it.
 *
 * This reads the source text, not a syntax tree: TypeScript 7 ships no JavaScript parser, and the
 * forms above are few. Strings and comments are blanked first, so their words cannot match.
 *
 * Usage: node scripts/check-test-timing.mjs [--root <dir>]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['e2e', 'apps', 'packages'];
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const TEST_CODE = /^(?:e2e\/|(?:apps|packages)\/[^/]+\/test\/)|\.(?:test|spec)\.[cm]?[jt]sx?$/;
/** Below this a wait limit is a race with a busy machine, not a guard against a hang. */
export const MIN_WAIT_MS = 5000;
const MARKER = /\/\/\s*timing-bound:\s*\S/;

const CLOCK_CALL = String.raw`(?:\bDate\.now|\bperformance\.now|\bprocess\.hrtime\.bigint|\bprocess\.hrtime)\s*\(\s*\)`;
const ORDERING = new Set([
  'toBeLessThan',
  'toBeLessThanOrEqual',
  'toBeGreaterThan',
  'toBeGreaterThanOrEqual',
  'toBeCloseTo',
]);
/**
 * Matchers against a clock read at the assertion that grow harder to meet the later it runs:
 * `toBeGreaterThan(Date.now() + bound)` fails once the test took longer than the slack, while
 * `toBeLessThanOrEqual(Date.now() + bound)` only grows easier.
 */
const TIGHTENING = new Set(['toBeGreaterThan', 'toBeGreaterThanOrEqual', 'toBeCloseTo']);
const COMPARISON = /[^=!<>]\s*(?:<=?|>=?)\s*[^=>]/;

/**
 * The text with every comment and string literal (template literals whole, interpolations
 * included) replaced by spaces, newlines kept, so offsets and line numbers stay those of the file.
 */
export function blankStringsAndComments(source) {
  const out = source.split('');
  const blank = (from, to) => {
    for (let index = from; index < Math.min(to, out.length); index++) if (out[index] !== '\n') out[index] = ' ';
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      const stop = end < 0 ? source.length : end;
      blank(index, stop);
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (char === "'" || char === '"' || char === '`') {
      let end = index + 1;
      let depth = 0;
      while (end < source.length) {
        const at = source[end];
        if (at === '\\') end += 2;
        else if (char === '`' && at === '$' && source[end + 1] === '{') {
          depth++;
          end += 2;
        } else if (char === '`' && depth > 0 && at === '}') {
          depth--;
          end++;
        } else if (at === char && depth === 0) break;
        else if (at === '\n' && char !== '`') break;
        else end++;
      }
      blank(index + 1, end);
      index = end + 1;
    } else index++;
  }
  return out.join('');
}

/** The index just past the parenthesis that closes the one at `open`, or -1. */
function closingParen(text, open) {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '(') depth++;
    else if (text[index] === ')' && --depth === 0) return index + 1;
  }
  return -1;
}

const escapeName = (name) => name.replace(/[$]/g, '\\$');
const alternation = (names) => (names.size > 0 ? [...names].map(escapeName).join('|') : '(?!)');

/** Names of object properties that hold a clock reading, in any test file (`receivedAt: performance.now()`). */
export function clockPropertiesOf(text) {
  const names = new Set();
  for (const match of text.matchAll(new RegExp(String.raw`(\w+)\s*:\s*${CLOCK_CALL}`, 'g'))) names.add(match[1]);
  return names;
}

/**
 * Each value given to a name, up to the end of its statement: `const|let|var name = value`,
 * `name = value`, `name[i] = value`, and `name.push(value)` (a list of measured times).
 */
const ASSIGNMENTS = [
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=(?!=|>)/g,
  /(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\[[^\]\n]*\]\s*)?[-+]?=(?!=|>)/g,
  /\b([A-Za-z_$][\w$]*)\s*\.\s*(?:push|unshift)\s*\(/g,
];
function declarationsOf(text) {
  const found = [];
  for (const match of ASSIGNMENTS.flatMap((form) => [...text.matchAll(form)])) {
    let end = match.index + match[0].length;
    let depth = 0;
    for (; end < text.length; end++) {
      const char = text[end];
      if ('([{'.includes(char)) depth++;
      else if (')]}'.includes(char)) {
        if (depth === 0) break;
        depth--;
      } else if ((char === ';' || char === '\n') && depth === 0) break;
    }
    found.push({ name: match[1], initializer: text.slice(match.index + match[0].length, end) });
  }
  return found;
}

/** The problems of one test file: `{ line, rule, text }` each, and how many a marker allowed. */
export function timingProblemsOf(source, clockProperties = clockPropertiesOf(blankStringsAndComments(source))) {
  const text = blankStringsAndComments(source);
  const lines = source.split('\n');
  const lineOf = (offset) => text.slice(0, offset).split('\n').length;

  // Variables holding a clock reading, then those holding a difference with one, to a fixed point.
  const declarations = declarationsOf(text);
  const clockVars = new Set();
  const durationVars = new Set();
  let grew = true;
  while (grew) {
    grew = false;
    const clock = String.raw`(?:${CLOCK_CALL}|\b(?:${alternation(clockVars)})\b(?!\s*[(:])|\.\s*(?:${alternation(clockProperties)})\b)`;
    const difference = new RegExp(String.raw`${clock}\s*-(?![-=>])|[^-]-\s*\(?\s*${clock}`);
    const reading = new RegExp(clock);
    const derived = new RegExp(String.raw`\b(?:${alternation(durationVars)})\b`);
    for (const { name, initializer } of declarations) {
      if (!durationVars.has(name) && (difference.test(initializer) || derived.test(initializer))) {
        durationVars.add(name);
        clockVars.delete(name);
        grew = true;
      } else if (!durationVars.has(name) && !clockVars.has(name) && reading.test(initializer)) {
        clockVars.add(name);
        grew = true;
      }
    }
  }
  const clock = String.raw`(?:${CLOCK_CALL}|\b(?:${alternation(clockVars)})\b(?!\s*[(:])|\.\s*(?:${alternation(clockProperties)})\b)`;
  const measures = (fragment) =>
    new RegExp(String.raw`${clock}\s*-(?![-=>])|[^-]-\s*\(?\s*${clock}`).test(fragment) ||
    new RegExp(String.raw`\b(?:${alternation(durationVars)})\b`).test(fragment);
  const movedClock = new RegExp(String.raw`${CLOCK_CALL}\s*[-+]|[-+]\s*${CLOCK_CALL}`);

  const problems = [];
  const report = (offset, end, rule) => {
    const first = lineOf(offset);
    const last = lineOf(end);
    const marked = [first - 1, ...Array.from({ length: last - first + 1 }, (_, step) => first + step)].some((line) =>
      MARKER.test(lines[line - 1] ?? ''),
    );
    problems.push({ line: first, rule, text: lines[first - 1].trim(), marked });
  };

  // expect(actual)[.not|.resolves|.rejects].matcher(expected), and assert(…)/assert.ok(…).
  for (const match of text.matchAll(/\bexpect(?:\.soft)?\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const argEnd = closingParen(text, open);
    if (argEnd < 0) continue;
    const actual = text.slice(open + 1, argEnd - 1);
    const chain = /^(?:\s*\.\s*(?:not|resolves|rejects))*\s*\.\s*(\w+)\s*\(/.exec(text.slice(argEnd));
    const matcher = chain?.[1];
    const matcherOpen = chain ? argEnd + chain[0].length - 1 : -1;
    const matcherEnd = chain ? closingParen(text, matcherOpen) : -1;
    const expected = matcherEnd > 0 ? text.slice(matcherOpen + 1, matcherEnd - 1) : '';
    const end = matcherEnd > 0 ? matcherEnd : argEnd;
    if (measures(actual) && (ORDERING.has(matcher) || COMPARISON.test(actual)))
      report(match.index, end, 'no-wall-time-bound');
    else if (TIGHTENING.has(matcher) && movedClock.test(expected)) report(match.index, end, 'no-wall-time-bound');
  }
  for (const match of text.matchAll(/\bassert(?:\.ok|\.strictEqual|\.equal)?\s*\(/g)) {
    const open = match.index + match[0].length - 1;
    const end = closingParen(text, open);
    if (end > 0 && measures(text.slice(open + 1, end - 1)) && COMPARISON.test(text.slice(open + 1, end - 1)))
      report(match.index, end, 'no-wall-time-bound');
  }

  // Explicit wait limits too short for a busy machine.
  for (const match of text.matchAll(/\btimeout(?:Ms)?\s*:\s*([\d_]+)\b/g)) {
    const ms = Number(match[1].replaceAll('_', ''));
    if (ms > 0 && ms < MIN_WAIT_MS) report(match.index, match.index + match[0].length, 'no-short-wait-limit');
  }
  for (const match of text.matchAll(/\.waitFor\s*\(\s*[\w.]+\s*,\s*([\d_]+)\s*\)/g)) {
    const ms = Number(match[1].replaceAll('_', ''));
    if (ms < MIN_WAIT_MS) report(match.index, match.index + match[0].length, 'no-short-wait-limit');
  }
  return problems;
}

function listTestFiles(root) {
  return ROOTS.filter((dir) => existsSync(path.join(root, dir)))
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((name) =>
        path.posix.join(dir, name.split(path.sep).join('/')),
      ),
    )
    .filter(
      (file) =>
        SOURCE.test(file) &&
        TEST_CODE.test(file) &&
        !file.split('/').some((part) => part === 'node_modules' || part === 'dist' || part === 'test-results'),
    );
}

/** Every problem in the test code under root, and the exceptions a marker allowed. */
export function findTimingProblems(root) {
  const files = listTestFiles(root);
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  // A property set in one file (the event-stream client's `receivedAt`) is read in another.
  const clockProperties = new Set(
    [...sources.values()].flatMap((source) => [...clockPropertiesOf(blankStringsAndComments(source))]),
  );
  const problems = [];
  const allowed = [];
  for (const [file, source] of sources) {
    for (const problem of timingProblemsOf(source, clockProperties)) {
      const line = `${problem.rule}: ${file}:${problem.line}: ${problem.text}`;
      (problem.marked ? allowed : problems).push(line);
    }
  }
  return { files: files.length, problems, allowed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]) : path.resolve(import.meta.dirname, '..');
  const { files, problems, allowed } = findTimingProblems(root);
  const list = (lines) => lines.map((line) => `  ${line}`).join('\n');
  if (problems.length > 0 || files === 0) {
    console.error(
      `${problems.length} test(s) bound by wall time in ${files} test files; assert what happens and leave ` +
        `speed to the bench, or say why with a \`// timing-bound: <reason>\` comment:\n${list(problems)}`,
    );
    process.exit(1);
  }
  const exceptions = allowed.length > 0 ? `; ${allowed.length} marked timing-bound:\n${list(allowed)}` : '';
  console.log(`no test bound by wall time: ${files} test files${exceptions}`);
}

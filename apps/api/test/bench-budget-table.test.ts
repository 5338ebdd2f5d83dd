import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetTable, README_END, README_START, writeReadmeRegion } from '../bench/budget-table.js';

const met = {
  what: 'GET /students',
  budget: 'p99 ≤ 50 ms',
  measured: 'p50 12 ms, p99 20 ms',
  cpuMs: 2.5,
  xBare: 40,
  p50: 12,
  rawSql: { p50: 4, p99: 6 },
  statements: 4,
  met: true,
  why: 'raw SQL p99 6.0 ms of 20 ms',
  note: 'only shown on a miss',
};
const missed = {
  what: 'GET /payment/all',
  budget: 'p99 ≤ 50 ms',
  measured: 'p50 70 ms, p99 90 ms',
  cpuMs: 9.97,
  pgCpuMs: 4.25,
  xBare: 140,
  p50: 70,
  rawSql: { p50: 60, p99: 80 },
  statements: 5,
  met: false,
  why: 'raw SQL alone takes p99 80 ms',
  note: 'counts every payment.',
};
const compared = {
  what: 'INSERT bare through the driver',
  budget: 'none: compared with the desk',
  measured: '900 inserts/s',
  cpuMs: 0.4,
  pgCpuMs: 2,
  why: 'not a budget, never missed',
  note: 'never a footnote',
};
const cells = (line: string) => line.split('|').map((cell) => cell.trim());

describe('the bench budgets table', () => {
  const lines = budgetTable([met, missed, compared]).split('\n');

  it('marks each budget met or missed with its ratios, and says why only for a miss', () => {
    expect(cells(lines[2]!)).toEqual([
      '',
      'GET /students',
      'p99 ≤ 50 ms',
      'p50 12 ms, p99 20 ms',
      '2.5 ms',
      '',
      '40',
      '3.0 (4.0 ms)',
      '4',
      '✅',
      '',
      '',
    ]);
    expect(cells(lines[3]!)).toEqual([
      '',
      'GET /payment/all',
      'p99 ≤ 50 ms',
      'p50 70 ms, p99 90 ms',
      '10 ms',
      '4.3 ms',
      '140',
      '1.2 (60 ms)',
      '5',
      '❌',
      'raw SQL alone takes p99 80 ms [1]',
      '',
    ]);
  });

  it('shows a row without a budget of its own neither met nor missed, with the CPU of both sides', () => {
    expect(cells(lines[4]!)).toEqual([
      '',
      'INSERT bare through the driver',
      'none: compared with the desk',
      '900 inserts/s',
      '0.4 ms',
      '2.0 ms',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it("keys a person's note to the miss as a footnote, and leaves out the others'", () => {
    expect(lines.slice(5)).toEqual(['', '1. GET /payment/all: counts every payment.']);
  });
});

describe('the README region', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-readme-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is replaced between its markers, and the rest of the file is kept', () => {
    const readme = path.join(dir, 'README.md');
    writeFileSync(readme, `# Title\n\n${README_START}\nold table\n${README_END}\n\nAfter.\n`);
    writeReadmeRegion(readme, 'new table');
    writeReadmeRegion(readme, 'newer table');
    expect(readFileSync(readme, 'utf8')).toBe(`# Title\n\n${README_START}\nnewer table\n${README_END}\n\nAfter.\n`);
  });

  it('is refused, not appended, when the markers are gone', () => {
    const readme = path.join(dir, 'NO-MARKERS.md');
    writeFileSync(readme, '# Title\n');
    expect(() => writeReadmeRegion(readme, 'table')).toThrow(/bench:budgets/);
    expect(readFileSync(readme, 'utf8')).toBe('# Title\n');
  });
});

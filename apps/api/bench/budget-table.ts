/**
 * The bench's report: one row per DESIGN.md §6 budget it measures, as a Markdown table that the
 * terminal shows, `bench/budgets.md` keeps, and README.md carries between its bench markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';

export interface BudgetRow {
  what: string;
  budget: string;
  measured: string;
  /** This process's CPU time per request. */
  cpuMs?: number;
  /** The PostgreSQL server's CPU time per request, where the bench can read it (pg-cpu.ts). */
  pgCpuMs?: number;
  /** The row's p50 over the bare Fastify route's p50. */
  xBare?: number;
  /** The row's p50, for its ratio to the raw SQL. */
  p50?: number;
  /** The row's main query replayed alone through the driver, in the same run. */
  rawSql?: { p50: number; p99: number };
  /** Statements the row's work ran (one request, or the whole reminder run). */
  statements?: number;
  /** Absent on a row shown beside a budget for comparison, which has none of its own. */
  met?: boolean;
  /** Why a missed budget was missed, as far as the bench can tell. */
  why?: string;
  /** A person's explanation of a known miss (see NOTES in run.ts), printed as a footnote. */
  note?: string;
}

export const README_START = '<!-- bench:budgets -->';
export const README_END = '<!-- /bench:budgets -->';

/** One decimal below 10 (what would round to 10.0 is shown as 10), none above. */
const figure = (value: number) => (value < 9.95 ? value.toFixed(1) : value.toFixed(0));
export const ms = (value: number) => `${figure(value)} ms`;

/** The table and its footnotes, columns padded so that the terminal shows it aligned. */
export function budgetTable(rows: BudgetRow[]): string {
  const notes: string[] = [];
  const cells = rows.map((row) => {
    const missed = row.met === false;
    let why = missed ? (row.why ?? '') : '';
    if (missed && row.note) {
      notes.push(`${row.what}: ${row.note}`);
      why = `${why}${why ? ' ' : ''}[${notes.length}]`;
    }
    return [
      row.what,
      row.budget,
      row.measured,
      row.cpuMs === undefined ? '' : ms(row.cpuMs),
      row.pgCpuMs === undefined ? '' : ms(row.pgCpuMs),
      row.xBare === undefined ? '' : figure(row.xBare),
      row.rawSql && row.p50 !== undefined ? `${figure(row.p50 / row.rawSql.p50)} (${ms(row.rawSql.p50)})` : '',
      row.statements === undefined ? '' : String(row.statements),
      row.met === undefined ? '' : row.met ? '✅' : '❌',
      why,
    ];
  });
  const header = [
    'what',
    'budget',
    'measured',
    'CPU per request',
    'PostgreSQL CPU',
    '× bare route',
    '× raw SQL (its p50)',
    'statements',
    '',
    'why missed',
  ];
  const right = [false, false, false, true, true, true, true, true, false, false];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (right[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (right[column] ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  const footnotes = notes.map((note, index) => `${index + 1}. ${note}`);
  return [line(header), rule, ...cells.map(line), ...(footnotes.length ? ['', ...footnotes] : [])].join('\n');
}

/** Replaces what README.md holds between its bench markers, and fails loudly when they are gone. */
export function writeReadmeRegion(readmePath: string, content: string) {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start)
    throw new Error(`${readmePath} has no ${README_START} … ${README_END} region for the budgets table`);
  writeFileSync(readmePath, `${readme.slice(0, start + README_START.length)}\n${content}\n${readme.slice(end)}`);
}

import { koboToDecimal } from '@schoolledger/domain';
import {
  type AnySection,
  type Cell,
  type ColumnKind,
  dayOf,
  koboOf,
  lagosIso,
  numberOf,
  type ReportDocument,
  sectionTotals,
  textOf,
} from './table.js';

/*
 * The one CSV writer of the product. Every file a school downloads goes through it, because a
 * spreadsheet runs a cell that starts like a formula: a student named `=HYPERLINK(...)` or
 * `+cmd|' /C calc'!A0` would otherwise attack whoever opens the export (OWASP, CSV injection).
 */

/** A number written bare, so a spreadsheet reads it as a number: a negative amount is not a formula. */
export interface CsvFigure {
  readonly figure: string;
}

/** Text (neutralised when it starts like a formula), a figure, or an empty cell. */
export type CsvCell = string | CsvFigure | null | undefined;

export const csvFigure = (value: number | bigint): CsvFigure => ({ figure: String(value) });

/** Kobo as naira with two decimals, `-5000.00`, read as a number. */
export const nairaFigure = (kobo: bigint): CsvFigure => ({ figure: koboToDecimal(kobo) });

/** What a spreadsheet starts a formula with: OWASP's list, and the full-width forms Apple Numbers reads the same. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A figure is only ever digits with an optional sign and decimals; anything else is written as text. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A text cell as a field: one that starts like a formula gets a leading `'` (spreadsheets then
 * show it as text) and is quoted; others are quoted when a comma, quote or line break needs it.
 */
function textField(text: string): string {
  if (FORMULA_START.test(text)) return quoted(`'${text}`);
  return NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return textField(cell);
  return PLAIN_NUMBER.test(cell.figure) ? cell.figure : textField(cell.figure);
}

/** The lines of a CSV, each ended by a line feed. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(field).join(',')}\n`).join('');
}

/** A whole CSV file: the byte-order mark, which makes Excel read names as UTF-8, then the lines. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${csvLines(rows)}`;
}

/**
 * Undoes what `textField` does to a cell, for the imports: a file we exported (students.csv)
 * loads back with the phone number `+234…`, not `'+234…`.
 */
export function unneutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function csvCell(kind: ColumnKind, value: Cell): CsvCell {
  switch (kind) {
    case 'date':
      return lagosIso(value);
    case 'day':
      return dayOf(value) ?? '';
    case 'money': {
      const kobo = koboOf(value);
      return kobo === null ? '' : nairaFigure(kobo);
    }
    case 'number': {
      const number = numberOf(value);
      return number === null ? '' : csvFigure(number);
    }
    case 'text':
      return textOf(value);
  }
}

function totalsLine(section: AnySection): CsvCell[] {
  const totals = sectionTotals(section);
  return section.columns.map((column, index) => {
    const total = totals[column.key];
    if (total === null || total === undefined) return index === 0 ? 'Total' : '';
    return csvCell(column.kind, total);
  });
}

function sectionLines(section: AnySection): CsvCell[][] {
  const header = section.columns.map((column) => column.header);
  const rows = section.rows.map((row) => section.columns.map((column) => csvCell(column.kind, row[column.key])));
  return [header, ...rows, ...(section.totals ? [totalsLine(section)] : [])];
}

/** Untitled blocks (the audit trail's one table) carry no title line, so the file is one header then data. */
function sectionBlock(section: AnySection): CsvCell[][] {
  return section.title ? [[section.title], ...sectionLines(section)] : sectionLines(section);
}

/**
 * Each section as a block: its title, the header line, the rows and the totals, with an empty line
 * between blocks; the document title and filters are left out so a one-table file loads as data.
 * Amounts are plain naira with two decimals, times ISO 8601 with the Lagos offset, days
 * `YYYY-MM-DD`; text is neutralised as every CSV's is.
 */
export function toCsv(document: ReportDocument): Buffer {
  const rows = document.sections.flatMap((section, index) => [...(index ? [[]] : []), ...sectionBlock(section)]);
  document.onProgress?.(1);
  return Buffer.from(csvText(rows), 'utf8');
}

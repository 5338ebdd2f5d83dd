import type { Kobo } from '@schoolledger/domain';

/**
 * How a column's values are written: `date` takes an instant (Date or ISO string) and shows it in
 * Lagos time; `money` takes kobo (bigint) and shows naira; `number` a plain number.
 */
export type ColumnKind = 'text' | 'date' | 'number' | 'money';

export interface Column<Row> {
  key: keyof Row & string;
  header: string;
  kind: ColumnKind;
  /** Relative width in the PDF and approximate characters in the spreadsheet; guessed from the kind when absent. */
  width?: number;
}

export type Cell = string | number | bigint | Date | null | undefined;

/** A report as every format draws it: what it is, the circumstances (filters, who, when), and the rows. */
export interface Table<Row extends Record<string, Cell>> {
  title: string;
  /** Lines under the title: the filters applied, who generated it, when. */
  subtitle: string[];
  columns: Column<Row>[];
  rows: Row[];
}

// biome-ignore lint/suspicious/noExplicitAny: a writer accepts a table of any row shape
export type AnyTable = Table<any>;

const DEFAULT_WIDTH: Record<ColumnKind, number> = { text: 18, date: 18, number: 10, money: 14 };
export const widthOf = (column: Column<Record<string, Cell>>) => column.width ?? DEFAULT_WIDTH[column.kind];

const LAGOS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const asDate = (value: Cell): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 24 Nov 2026, 09:05:12: Lagos wall-clock time, which is what the school reads. */
export const lagosText = (value: Cell) => {
  const date = asDate(value);
  return date ? LAGOS.format(date) : '';
};

/** The Lagos wall-clock time as a Date whose UTC fields are those numbers: what a spreadsheet cell shows as-is. */
export const lagosWallClock = (value: Cell): Date | null => {
  const date = asDate(value);
  return date ? new Date(date.getTime() + 60 * 60 * 1000) : null;
};

/** Kobo to naira as a number; kobo beyond 2^53 do not occur (MAX_KOBO is 10^10). */
export const nairaOf = (value: Cell): number | null =>
  value === null || value === undefined || value === '' ? null : Number(BigInt(value as Kobo | number | string)) / 100;

export const numberOf = (value: Cell): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

export const textOf = (value: Cell) => (value === null || value === undefined ? '' : String(value));

import {
  displayName,
  type Kobo,
  koboToNaira,
  lagosDateTime,
  type NameParts,
  primaryRole,
  ROLE_BADGES,
} from '@schoolledger/domain';

/**
 * How a column's values are written: `date` takes an instant (Date or ISO string) and shows it in
 * Lagos time; `day` a calendar day (`YYYY-MM-DD`); `money` takes kobo (bigint) and shows naira;
 * `number` a plain number.
 */
export type ColumnKind = 'text' | 'date' | 'day' | 'number' | 'money';

export interface Column<Row> {
  key: keyof Row & string;
  header: string;
  kind: ColumnKind;
  /** Relative width in the PDF and approximate characters in the spreadsheet; guessed from the kind when absent. */
  width?: number;
  /** Summed in the section's totals row (money and number columns). */
  total?: boolean;
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

/** One table of a report: a PDF block under its own heading, a sheet of the workbook, a block of the CSV. */
export interface Section<Row extends Record<string, Cell>> {
  title: string;
  columns: Column<Row>[];
  rows: Row[];
  /** Adds a "Total" row summing the columns marked `total`. */
  totals?: boolean;
}
// biome-ignore lint/suspicious/noExplicitAny: a writer accepts sections of any row shape
export type AnySection = Section<any>;

/** Who the document is from, printed at the top of the PDF's first page and of each sheet. */
export interface Letterhead {
  name: string;
  /** One line: street, city, state. */
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  /** PNG or JPEG bytes. */
  logo?: Uint8Array | null;
}

/** A report as every format draws it: one or more sections under one title. */
export interface ReportDocument {
  title: string;
  letterhead?: Letterhead | null;
  /** Lines under the title: the filters applied, who generated it, when. */
  subtitle: string[];
  sections: AnySection[];
  /** PDF page orientation; when absent, landscape if the columns are too many for portrait. */
  orientation?: 'portrait' | 'landscape';
  /** Called as rows are written, with the share done from 0 to 1, so a job can show progress. */
  onProgress?: (done: number) => void;
}

/** A single-table export (the audit trail) as a document of one untitled section. */
export const documentOf = (table: AnyTable): ReportDocument => ({
  title: table.title,
  subtitle: table.subtitle,
  sections: [{ title: '', columns: table.columns, rows: table.rows }],
});

const DEFAULT_WIDTH: Record<ColumnKind, number> = { text: 18, date: 18, day: 11, number: 10, money: 14 };
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

const isBlank = (value: Cell): value is null | undefined | '' => value === null || value === undefined || value === '';

export const koboOf = (value: Cell): Kobo | null => (isBlank(value) ? null : BigInt(value as Kobo | number | string));

/** Kobo to naira as a number, through the decimal text so the value is the nearest double to the exact amount. */
export const nairaOf = (value: Cell): number | null => {
  const kobo = koboOf(value);
  return kobo === null ? null : koboToNaira(kobo);
};

export const numberOf = (value: Cell): number | null => (isBlank(value) ? null : Number(value));

export const textOf = (value: Cell) => (value === null || value === undefined ? '' : String(value));

/** 2026-11-24T09:05:12+01:00: the Lagos wall-clock time with its offset, readable and exact to the second. */
export const lagosIso = (value: Cell) => {
  const wallClock = lagosWallClock(value);
  return wallClock ? `${wallClock.toISOString().slice(0, 19)}+01:00` : '';
};

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/** The calendar day as given (`YYYY-MM-DD`); a Date is read by its UTC fields, so no timezone moves it. */
export const dayOf = (value: Cell): string | null => {
  if (isBlank(value)) return null;
  const text = value instanceof Date ? (Number.isNaN(value.getTime()) ? '' : value.toISOString()) : String(value);
  return DAY_PATTERN.exec(text)?.[0] ?? null;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 24 Nov 2026. */
export const dayText = (value: Cell) => {
  const match = DAY_PATTERN.exec(dayOf(value) ?? '');
  return match ? `${match[3]} ${MONTHS[Number(match[2]) - 1]} ${match[1]}` : '';
};

/** The day at UTC midnight: a spreadsheet shows it as that same day. */
export const dayDate = (value: Cell): Date | null => {
  const day = dayOf(value);
  return day ? new Date(`${day}T00:00:00Z`) : null;
};

/** What a column marked `total` adds up to: money exactly in kobo, numbers as numbers; other columns null. */
export function sectionTotals(section: AnySection): Record<string, bigint | number | null> {
  return Object.fromEntries(section.columns.map((column) => [column.key, columnTotal(section, column)]));
}

function columnTotal(section: AnySection, column: Column<Record<string, Cell>>): bigint | number | null {
  if (!column.total) return null;
  if (column.kind === 'money') {
    return section.rows.reduce<bigint>((sum, row) => sum + (koboOf(row[column.key]) ?? 0n), 0n);
  }
  if (column.kind === 'number') {
    return section.rows.reduce<number>((sum, row) => sum + (numberOf(row[column.key]) ?? 0), 0);
  }
  return null;
}

/** Rows between progress reports, and between pauses that let a waiting stream or request move. */
const BATCH = 500;

/** Counts the rows a writer has written across every section and reports the share done. */
export class RowProgress {
  private written = 0;
  private readonly total: number;

  constructor(private readonly document: ReportDocument) {
    this.total = document.sections.reduce((sum, section) => sum + section.rows.length, 0);
  }

  /** Counts a row; at the end of each batch reports progress and yields to the event loop. */
  async step(): Promise<void> {
    this.written++;
    if (this.written % BATCH !== 0) return;
    this.document.onProgress?.(this.written / this.total);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Reports the end, unless the last batch already did. */
  finish() {
    if (this.written === 0 || this.written % BATCH !== 0) this.document.onProgress?.(1);
  }
}

/** "Generated by Adaeze Eze (Bursar) on 26 Nov 2026, 09:05, Lagos time": the line every file carries. */
export function generatedLine(person: NameParts, roles: readonly string[], at: Date): string {
  const role = primaryRole(roles);
  return `Generated by ${displayName(person)}${role ? ` (${ROLE_BADGES[role]})` : ''} on ${lagosDateTime(at)}, Lagos time`;
}

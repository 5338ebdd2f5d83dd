import { toCsv } from './csv.js';
import { toPdf } from './pdf.js';
import type { AnyTable } from './table.js';
import { toXlsx } from './xlsx.js';

export type { AnyTable, Cell, Column, ColumnKind, Table } from './table.js';
export { toCsv, toPdf, toXlsx };

export type TableFormat = 'csv' | 'xlsx' | 'pdf';

export const TABLE_CONTENT_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The table written in the format asked for. */
export function writeTable(table: AnyTable, format: TableFormat): Promise<Buffer> {
  if (format === 'csv') return Promise.resolve(toCsv(table));
  return format === 'xlsx' ? toXlsx(table) : toPdf(table);
}

/** `audit-trail-2026-11-24.csv`: a file name with no characters a browser or filesystem refuses. */
export function fileNameFor(stem: string, format: TableFormat, day: string): string {
  const safe = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe || 'report'}-${day}.${format}`;
}

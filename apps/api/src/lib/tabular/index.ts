import { toCsv } from './csv.js';
import { toPdf } from './pdf.js';
import { type AnyTable, documentOf, type ReportDocument } from './table.js';
import { toXlsx } from './xlsx.js';

export { type CsvCell, csvFigure, csvText, nairaFigure, unneutralised } from './csv.js';
export type {
  AnySection,
  AnyTable,
  Cell,
  Column,
  ColumnKind,
  Letterhead,
  ReportDocument,
  Section,
  Table,
} from './table.js';
export { documentOf, generatedLine, sectionTotals } from './table.js';
export { toCsv, toPdf, toXlsx };

export type TableFormat = 'csv' | 'xlsx' | 'pdf';

export const TABLE_CONTENT_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The document written in the format asked for. */
export function writeDocument(doc: ReportDocument, format: TableFormat): Promise<Buffer> {
  if (format === 'csv') return Promise.resolve(toCsv(doc));
  return format === 'xlsx' ? toXlsx(doc) : toPdf(doc);
}

/** A single table (the audit trail) written as a document of one untitled section. */
export function writeTable(table: AnyTable, format: TableFormat): Promise<Buffer> {
  return writeDocument(documentOf(table), format);
}

/** `audit-trail-2026-11-24.csv`: a file name with no characters a browser or filesystem refuses. */
export function fileNameFor(stem: string, format: TableFormat, day: string): string {
  const safe = stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe || 'report'}-${day}.${format}`;
}

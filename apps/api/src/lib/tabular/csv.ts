import { stringify } from 'csv-stringify/sync';
import { type AnyTable, type Cell, type ColumnKind, lagosText, nairaOf, numberOf, textOf } from './table.js';

function csvCell(kind: ColumnKind, value: Cell): string | number {
  switch (kind) {
    case 'date':
      return lagosText(value);
    case 'money': {
      const naira = nairaOf(value);
      return naira === null ? '' : naira.toFixed(2);
    }
    case 'number':
      return numberOf(value) ?? '';
    case 'text':
      return textOf(value);
  }
}

/**
 * The rows under one header line; the title and filters are left out so the file loads as data.
 * Amounts are plain naira with two decimals, times in Lagos, and a byte-order mark makes Excel
 * read names as UTF-8.
 */
export function toCsv(table: AnyTable): Buffer {
  const header = table.columns.map((column) => column.header);
  const rows = table.rows.map((row) => table.columns.map((column) => csvCell(column.kind, row[column.key])));
  return Buffer.from(`\uFEFF${stringify([header, ...rows])}`, 'utf8');
}

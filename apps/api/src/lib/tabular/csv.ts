import { koboToDecimal } from '@schoolledger/domain';
import { stringify } from 'csv-stringify/sync';
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

type CsvCell = string | number;

function csvCell(kind: ColumnKind, value: Cell): CsvCell {
  switch (kind) {
    case 'date':
      return lagosIso(value);
    case 'day':
      return dayOf(value) ?? '';
    case 'money': {
      const kobo = koboOf(value);
      return kobo === null ? '' : koboToDecimal(kobo);
    }
    case 'number':
      return numberOf(value) ?? '';
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
 * `YYYY-MM-DD`, and a byte-order mark makes Excel read names as UTF-8.
 */
export function toCsv(document: ReportDocument): Buffer {
  const blocks = document.sections.map((section) => stringify(sectionBlock(section)));
  document.onProgress?.(1);
  return Buffer.from(`\uFEFF${blocks.join('\n')}`, 'utf8');
}

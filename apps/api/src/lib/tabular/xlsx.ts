import { PassThrough } from 'node:stream';
import { koboToNaira } from '@schoolledger/domain';
import ExcelJS from 'exceljs';
import {
  type AnySection,
  type Cell,
  type ColumnKind,
  dayDate,
  type Letterhead,
  lagosWallClock,
  nairaOf,
  numberOf,
  type ReportDocument,
  RowProgress,
  sectionTotals,
  textOf,
  widthOf,
} from './table.js';

const NAIRA_FORMAT = '"₦"#,##0.00;-"₦"#,##0.00';
const DATE_FORMAT = 'dd mmm yyyy hh:mm:ss';
const DAY_FORMAT = 'dd mmm yyyy';
const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = { money: NAIRA_FORMAT, date: DATE_FORMAT, day: DAY_FORMAT };
const MUTED = { argb: 'FF6B7280' };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFECFDF5' } };

type SheetValue = ExcelJS.CellValue;
type SheetWriter = ExcelJS.Worksheet;

function sheetCell(kind: ColumnKind, value: Cell): SheetValue {
  switch (kind) {
    case 'date':
      return lagosWallClock(value);
    case 'day':
      return dayDate(value);
    case 'money':
      return nairaOf(value);
    case 'number':
      return numberOf(value);
    case 'text':
      return textOf(value);
  }
}

/** Sheet names are at most 31 characters, hold none of these, and differ from each other ignoring case. */
function uniqueSheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[\\/?*[\]:]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[' ]+|[' ]+$/g, '') || 'Sheet';
  const clip = (text: string, room: number) => text.slice(0, room).trimEnd();
  let name = clip(base, 31);
  for (let copy = 2; taken.has(name.toLowerCase()); copy++) {
    const suffix = ` (${copy})`;
    name = `${clip(base, 31 - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

const contactLine = (letterhead: Letterhead) =>
  [letterhead.address, letterhead.phone, letterhead.email].filter(Boolean).join(' · ');

/** The lines above the table, each with its font: letterhead, title, filters, then a blank row. */
function preamble(document: ReportDocument): { text: string; font: Partial<ExcelJS.Font> }[] {
  const lines: { text: string; font: Partial<ExcelJS.Font> }[] = [];
  if (document.letterhead) {
    lines.push({ text: document.letterhead.name, font: { bold: true, size: 14 } });
    const contact = contactLine(document.letterhead);
    if (contact) lines.push({ text: contact, font: { color: MUTED } });
  }
  lines.push({ text: document.title, font: { bold: true, size: 12 } });
  for (const line of document.subtitle) lines.push({ text: line, font: { color: MUTED } });
  lines.push({ text: '', font: {} });
  return lines;
}

const sheetColumns = (section: AnySection): Partial<ExcelJS.Column>[] =>
  section.columns.map((column) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return { width: Math.max(widthOf(column), column.header.length + 2), ...(numFmt ? { style: { numFmt } } : {}) };
  });

/** A formula a reader can recompute, carrying the exact sum for readers that show results as stored. */
function totalCell(
  sheet: SheetWriter,
  index: number,
  total: bigint | number | null | undefined,
  dataRows: { first: number; last: number },
): SheetValue {
  if (total === null || total === undefined) return index === 0 ? 'Total' : null;
  const result = typeof total === 'bigint' ? koboToNaira(total) : total;
  if (dataRows.last < dataRows.first) return result;
  const letter = sheet.getColumn(index + 1).letter;
  return { formula: `SUM(${letter}${dataRows.first}:${letter}${dataRows.last})`, result };
}

async function writeSection(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  document: ReportDocument,
  section: AnySection,
  name: string,
  progress: RowProgress,
) {
  const lines = preamble(document);
  const headerRow = lines.length + 1;
  // The streaming writer puts the views at the top of the sheet as soon as it is created.
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.columns = sheetColumns(section);
  for (const line of lines) {
    const row = sheet.addRow([line.text]);
    row.font = line.font;
    row.commit();
  }
  const header = sheet.addRow(section.columns.map((column) => column.header));
  header.font = { bold: true };
  header.fill = HEADER_FILL;
  header.commit();

  for (const data of section.rows) {
    sheet.addRow(section.columns.map((column) => sheetCell(column.kind, data[column.key]))).commit();
    await progress.step();
  }
  const dataRows = { first: headerRow + 1, last: headerRow + section.rows.length };
  if (section.totals) {
    const totals = sectionTotals(section);
    const row = sheet.addRow(
      section.columns.map((column, index) => totalCell(sheet, index, totals[column.key], dataRows)),
    );
    row.font = { bold: true };
    row.commit();
  }
  sheet.autoFilter = {
    from: { row: headerRow, column: 1 },
    to: { row: dataRows.last, column: section.columns.length },
  };
  sheet.commit();
}

/**
 * One sheet per section, each opening with the letterhead, title and filters, then the table with a
 * frozen, filterable header and, when asked, a totals row of SUM formulas. Amounts and counts are
 * real numbers (naira in the naira format) so they can be summed. Rows are streamed out as they are
 * added, so a long export never holds the whole workbook in memory.
 */
export async function toXlsx(document: ReportDocument): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on('end', resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'SchoolLedger';

  const progress = new RowProgress(document);
  const taken = new Set<string>();
  const untitledName = document.sections.length === 1 ? document.title : 'Sheet';
  for (const section of document.sections) {
    await writeSection(workbook, document, section, uniqueSheetName(section.title || untitledName, taken), progress);
  }
  await workbook.commit();
  await ended;
  progress.finish();
  return Buffer.concat(chunks);
}

import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fieldError } from './errors.js';
import { unneutralised } from './tabular/index.js';

/*
 * The rows of an uploaded CSV file or Excel workbook (its first sheet), as trimmed text cells: the
 * student import and the results import read their files the same way. A cell our exports wrote
 * as `'+234…` (so a spreadsheet does not run it) reads back as `+234…`.
 */

export interface FileRow {
  /** As numbered in the file: the header is row 1. */
  row: number;
  cells: string[];
}

const unreadable = () => fieldError('file', 'Upload a CSV file or an Excel workbook (.xlsx)');

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/** Refuses anything that is neither a readable workbook nor text. */
export async function readTableFile(buffer: Buffer): Promise<FileRow[]> {
  const isZip = buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (isZip) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw unreadable();
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw unreadable();
    const rows: FileRow[] = [];
    sheet.eachRow((row, rowNumber) => {
      const values = row.values as ExcelJS.CellValue[];
      rows.push({ row: rowNumber, cells: values.slice(1).map((value) => unneutralised(cellText(value).trim())) });
    });
    return rows;
  }
  if (buffer.includes(0)) throw unreadable();
  try {
    const records: string[][] = parse(buffer, { bom: true, relax_column_count: true, trim: true });
    return records.map((cells, index) => ({ row: index + 1, cells: cells.map(unneutralised) }));
  } catch {
    throw unreadable();
  }
}

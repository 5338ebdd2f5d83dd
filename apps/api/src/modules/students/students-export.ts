import { STUDENT_FILE_COLUMNS } from '@schoolledger/domain';
import ExcelJS from 'exceljs';
import { csvText } from '../../lib/tabular/index.js';

export type StudentFileFormat = 'csv' | 'xlsx';

export const FILE_CONTENT_TYPES: Record<StudentFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A sheet with STUDENT_FILE_COLUMNS as its header row, then `rows`. */
export async function studentFile(format: StudentFileFormat, rows: string[][]): Promise<Buffer> {
  if (format === 'csv') {
    return Buffer.from(csvText([[...STUDENT_FILE_COLUMNS], ...rows]), 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.columns = STUDENT_FILE_COLUMNS.map((header) => ({
    header,
    key: header,
    width: Math.max(14, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

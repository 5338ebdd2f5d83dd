import ExcelJS from 'exceljs';
import {
  type AnyTable,
  type Cell,
  type ColumnKind,
  lagosWallClock,
  nairaOf,
  numberOf,
  textOf,
  widthOf,
} from './table.js';

function sheetCell(kind: ColumnKind, value: Cell): string | number | Date | null {
  switch (kind) {
    case 'date':
      return lagosWallClock(value);
    case 'money':
      return nairaOf(value);
    case 'number':
      return numberOf(value);
    case 'text':
      return textOf(value);
  }
}

const NAIRA_FORMAT = '"₦"#,##0.00;-"₦"#,##0.00';
const DATE_FORMAT = 'dd mmm yyyy hh:mm:ss';
/** Sheet names are at most 31 characters and may not hold these. */
const sheetName = (title: string) => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * One sheet: the title and subtitle lines, a blank row, then the table with a frozen, filterable
 * header. Amounts and counts are real numbers (naira with the naira format) so they can be summed.
 */
export async function toXlsx(table: AnyTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SchoolLedger';
  const sheet = workbook.addWorksheet(sheetName(table.title));
  sheet.addRow([table.title]).font = { bold: true, size: 14 };
  for (const line of table.subtitle) sheet.addRow([line]).font = { color: { argb: 'FF6B7280' } };
  sheet.addRow([]);
  const headerRowNumber = sheet.rowCount + 1;
  const header = sheet.addRow(table.columns.map((column) => column.header));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFECFDF5' } };
  for (const row of table.rows) sheet.addRow(table.columns.map((column) => sheetCell(column.kind, row[column.key])));
  table.columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = Math.max(widthOf(column), column.header.length + 2);
    if (column.kind === 'money') sheetColumn.numFmt = NAIRA_FORMAT;
    if (column.kind === 'date') sheetColumn.numFmt = DATE_FORMAT;
  });
  sheet.views = [{ state: 'frozen', ySplit: headerRowNumber }];
  sheet.autoFilter = {
    from: { row: headerRowNumber, column: 1 },
    to: { row: headerRowNumber + table.rows.length, column: table.columns.length },
  };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

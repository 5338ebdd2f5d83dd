import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { isoOfDateCell } from './dates.js';
import { MAX_STATEMENT_ROWS, MAX_WORKBOOK_UNPACKED_BYTES } from './limits.js';

/*
 * A CSV file or the first sheet of an Excel workbook as rows of text cells, `table[i]` being the
 * file's row i + 1 (blank rows kept), so every problem can name the row the bursar sees in Excel.
 */

export type StatementTable = string[][];

export type TableReading = { table: StatementTable } | { problem: string };

const TOO_MANY_ROWS = `The file has more than ${MAX_STATEMENT_ROWS.toLocaleString('en-NG')} rows. Download a shorter period and upload each part.`;

/**
 * Bank exports are UTF-8, or Windows-1252 when a bursar saved them from Excel on Windows; the
 * second is tried when the bytes are not valid UTF-8, so a narration keeps its accented letters.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function readCsvTable(bytes: Uint8Array): TableReading {
  let records: string[][];
  try {
    records = parse(decodeText(bytes), {
      bom: true,
      relax_column_count: true,
      // A stray quote inside a narration (ADEBAYO "JNR") is text, not a broken file.
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      // Stop reading once the file is known to be too long, instead of holding all of it.
      to: MAX_STATEMENT_ROWS + 1,
    });
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    const where = typeof line === 'number' ? ` near line ${line}` : '';
    return { problem: `The file could not be read as CSV${where}: a quoted cell may be left open.` };
  }
  if (records.length > MAX_STATEMENT_ROWS) return { problem: TOO_MANY_ROWS };
  return { table: records };
}

/** A cell as the text the bursar sees: dates as YYYY-MM-DD, numbers by their shortest text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : isoOfDateCell(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/**
 * The sizes a workbook's parts declare, added up without unpacking any (fflate's filter sees each
 * entry's header and is told to skip it), so a zip bomb is refused before exceljs inflates it.
 */
function declaredUnpackedBytes(bytes: Uint8Array): number {
  let total = 0;
  unzipSync(bytes, {
    filter: (entry) => {
      total += entry.originalSize;
      return false;
    },
  });
  return total;
}

const NOT_A_WORKBOOK = 'The file could not be opened as an Excel workbook (.xlsx).';

export async function readXlsxTable(bytes: Uint8Array): Promise<TableReading> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (declaredUnpackedBytes(bytes) > MAX_WORKBOOK_UNPACKED_BYTES) {
      return { problem: 'The workbook unpacks to more than 100 MB, far more than any statement.' };
    }
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    return { problem: NOT_A_WORKBOOK };
  }
  // A zip that is not a workbook loads as a workbook without sheets.
  if (workbook.worksheets.length === 0) return { problem: NOT_A_WORKBOOK };
  // Some exports put an empty sheet or a cover sheet first; the statement is the first with rows.
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) return { problem: 'The workbook has no rows.' };
  if (sheet.rowCount > MAX_STATEMENT_ROWS) return { problem: TOO_MANY_ROWS };
  const table: StatementTable = Array.from({ length: sheet.rowCount }, () => []);
  sheet.eachRow((row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      // A merged title shows once, in its first cell, as it does on screen.
      if (cell.type === ExcelJS.ValueType.Merge) return;
      cells[column - 1] = cellText(cell.value).trim();
    });
    table[rowNumber - 1] = Array.from(cells, (text) => text ?? '');
  });
  return { table };
}

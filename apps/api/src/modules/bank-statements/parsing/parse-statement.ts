import { type StatementMapping, statementMappingSchema } from '@schoolledger/domain';
import { applyMapping } from './apply-mapping.js';
import { parseCamt053 } from './camt053.js';
import { suggestMapping } from './column-mapping.js';
import { detectFormat, extensionOf } from './detect-format.js';
import { MAX_STATEMENT_BYTES } from './limits.js';
import { parseMt940 } from './mt940.js';
import { decodeText, readCsvTable, readXlsxTable, type TableReading } from './read-table.js';
import { fileProblem, type ParsedStatement, type StatementFormat } from './statement.js';

/*
 * The one entry point an upload calls: any of the four formats in, one shape out. It never throws
 * on what a file holds; whatever could not be read is listed in `problems` for the bursar.
 */

const UNREADABLE_FORMAT: Record<string, string> = {
  pdf: 'PDF statements cannot be read yet. Download the statement from your bank as Excel (.xlsx) or CSV.',
  xls: 'This is an old Excel file (.xls) or a web page saved as one. Open it in Excel and save it as .xlsx, or download CSV.',
};
const NOT_A_STATEMENT =
  'This file is not a statement we can read. Upload CSV, Excel (.xlsx), MT940 or camt.053 (XML) from your bank.';

const empty = (format: StatementFormat | null, message: string): ParsedStatement => ({
  format,
  accountNumber: null,
  currency: null,
  openingBalanceKobo: null,
  closingBalanceKobo: null,
  lines: [],
  problems: [fileProblem(message)],
  mapping: null,
});

/** A CSV or Excel file's rows, for the mapping screen to show; the other formats have none. */
export function readStatementTable(format: 'csv' | 'xlsx', bytes: Uint8Array): Promise<TableReading> {
  return format === 'csv' ? Promise.resolve(readCsvTable(bytes)) : readXlsxTable(bytes);
}

export async function parseStatement({
  fileName,
  bytes,
  mapping,
}: {
  fileName: string;
  bytes: Uint8Array;
  /** The account's saved mapping, or the bursar's edit of the suggested one; suggested when absent. */
  mapping?: StatementMapping;
}): Promise<ParsedStatement> {
  const format = detectFormat(fileName, bytes);
  if (!format) return empty(null, UNREADABLE_FORMAT[extensionOf(fileName)] ?? NOT_A_STATEMENT);
  if (bytes.byteLength > MAX_STATEMENT_BYTES) {
    return empty(format, 'The file is larger than 10 MB. Download a shorter period and upload each part.');
  }
  if (format === 'mt940') return { format, mapping: null, ...parseMt940(decodeText(bytes)) };
  if (format === 'camt053') return { format, mapping: null, ...parseCamt053(decodeText(bytes)) };

  const reading = await readStatementTable(format, bytes);
  if ('problem' in reading) return empty(format, reading.problem);
  let chosen: StatementMapping | null = suggestMapping(reading.table);
  if (mapping) {
    // A saved mapping comes back from storage; one that no longer passes is not trusted.
    const checked = statementMappingSchema.safeParse(mapping);
    if (!checked.success) return empty(format, 'The saved column mapping is not complete. Map the columns again.');
    chosen = checked.data;
  }
  if (!chosen) {
    return empty(
      format,
      'No header row with a date, a description and an amount column was found in the first 30 rows. Choose the columns on the mapping screen.',
    );
  }
  return { format, mapping: chosen, ...applyMapping(reading.table, chosen) };
}

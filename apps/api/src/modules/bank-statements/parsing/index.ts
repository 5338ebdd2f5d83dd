/*
 * Reading the bank statements bursars upload: CSV and Excel through a column mapping, SWIFT MT940
 * and ISO 20022 camt.053, all into one shape of lines with exact kobo. No routes, no database: the
 * upload route and the matching call these.
 */
export { applyMapping, type TableStatement } from './apply-mapping.js';
export { suggestMapping } from './column-mapping.js';
export { detectFormat } from './detect-format.js';
export { lineFingerprint } from './fingerprint.js';
export { MAX_STATEMENT_BYTES, MAX_STATEMENT_ROWS } from './limits.js';
export { parseStatement, readStatementTable } from './parse-statement.js';
export type { StatementTable, TableReading } from './read-table.js';
export { checkRunningBalance } from './running-balance.js';
export type { ParsedStatement, StatementFormat, StatementLine, StatementProblem } from './statement.js';

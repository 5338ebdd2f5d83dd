/*
 * Bounds on what one upload may hold. A school's busiest account sees a few thousand lines a month,
 * so these leave room for a year's statement in one file while keeping a hostile or mistaken upload
 * (a whole bank's export, a zip bomb dressed as a workbook) from holding a server's memory.
 */

/** The largest file read: a year of a busy account as CSV is about 2 MB. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

/** The most rows (CSV and Excel), `:61:` lines (MT940) or entries (camt.053) one file may hold. */
export const MAX_STATEMENT_ROWS = 20_000;

/**
 * The most an Excel workbook's parts may declare they unpack to. An .xlsx is a zip, and a 10 MB zip
 * of repeated cells can unpack to gigabytes; a genuine 20,000-row statement unpacks to about 10 MB.
 */
export const MAX_WORKBOOK_UNPACKED_BYTES = 100 * 1024 * 1024;

/** The header row of a CSV or Excel statement is looked for in this many rows at the top. */
export const HEADER_SEARCH_ROWS = 30;

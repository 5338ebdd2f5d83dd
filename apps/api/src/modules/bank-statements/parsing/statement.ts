import type { StatementMapping } from '@schoolledger/domain';

/*
 * The one shape every statement format is read into, so the matching that comes after never
 * needs to know whether the bursar uploaded a CSV, a workbook, an MT940 or a camt.053 file.
 */

export type StatementFormat = 'csv' | 'xlsx' | 'mt940' | 'camt053';

export interface StatementLine {
  /** 1-based order in the file (not by date: some banks list the newest line first). */
  position: number;
  /** YYYY-MM-DD. */
  bookedOn: string;
  valueOn: string | null;
  direction: 'credit' | 'debit';
  /** Always above zero, exact integer kobo. */
  amountKobo: bigint;
  /** Whitespace collapsed, continuation rows joined with a space. */
  narration: string;
  reference: string | null;
  /** The running balance after this line where the file gives one; negative on an overdraft. */
  balanceKobo: bigint | null;
  /** camt.053 RvslInd, MT940 RC/RD, or a narration starting REV or REVERSAL. */
  reversal: boolean;
}

/**
 * Something in the file a bursar should look at, in words they use. `row` is the file's row for
 * CSV and Excel (as a spreadsheet numbers it), the text line for MT940, the entry's number for
 * camt.053, and 0 for the file as a whole.
 */
export interface StatementProblem {
  row: number;
  message: string;
}

export interface ParsedStatement {
  /** Null when the file is none of the four (a PDF, an old .xls): `problems` says what to upload. */
  format: StatementFormat | null;
  /** From the title rows (a 10-digit NUBAN), MT940 `:25:` or camt.053 `Acct/Id`. */
  accountNumber: string | null;
  currency: string | null;
  openingBalanceKobo: bigint | null;
  closingBalanceKobo: bigint | null;
  lines: StatementLine[];
  problems: StatementProblem[];
  /**
   * The column mapping a CSV or Excel file was read with (the one given, or the suggested one), so
   * the mapping screen can show it and the upload can save it for the account; null otherwise.
   */
  mapping: StatementMapping | null;
}

/** A file-wide problem, for results that stop before reading any line. */
export const fileProblem = (message: string): StatementProblem => ({ row: 0, message });

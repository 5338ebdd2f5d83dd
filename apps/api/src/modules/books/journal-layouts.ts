import {
  type JournalExportFormat,
  koboToDecimal,
  type LedgerAccountType,
  type LedgerExportPackage,
} from '@schoolledger/domain';
import { type CsvCell, csvLines, nairaFigure } from '../../lib/tabular/csv.js';

/*
 * How the journal is written for each accounting package's journal import, and as the plain-text
 * journal that ledger and hledger read. Each layout follows the package's own import template:
 *
 * - QuickBooks Online (Import data > Journal entries): JournalNo groups the lines of one entry;
 *   accounts by name (QuickBooks asks for account numbers to be switched off while importing).
 * - Xero (Manual journals > Import): lines of one journal share Narration and Date; accounts by
 *   code; one signed Amount, a debit positive; a tax rate on every line.
 * - Sage Accounting (Journals > Import journals): a new journal starts when Reference changes;
 *   ledger accounts by number; Debit and Credit columns.
 * - Zoho Books (Manual journals > Import): lines of one journal share its number; accounts by name.
 *
 * Dates are written day first (dd/mm/yyyy), as a Nigerian company's settings read them; Zoho, which
 * asks for the format when importing, gets ISO dates. The import files carry no byte-order mark,
 * which some importers would read as part of the first heading. School fees are exempt from VAT, so
 * no line carries tax.
 */

/** An account as the export names it: the school's mapping for the package, else its code or name. */
export interface ExportAccount {
  code: string;
  name: string;
  type: LedgerAccountType;
  mappings: Partial<Record<LedgerExportPackage, string>>;
}

export interface ExportEntry {
  id: string;
  date: string;
  memo: string;
  lines: { account: ExportAccount; amountKobo: bigint }[];
}

export interface JournalLayout {
  extension: 'csv' | 'journal';
  contentType: string;
  /** What the file starts with: the column headings, or the journal's preamble. */
  head(accounts: readonly ExportAccount[], about: string): string;
  entries(entries: readonly ExportEntry[]): string;
}

const dayFirst = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const debitOf = (kobo: bigint): CsvCell => (kobo > 0n ? nairaFigure(kobo) : '');
const creditOf = (kobo: bigint): CsvCell => (kobo < 0n ? nairaFigure(-kobo) : '');
/** The entry's own number, so an import that groups by it never merges two entries. */
const journalNumber = (entry: ExportEntry) => `JE-${entry.id}`;

const byName = (pkg: LedgerExportPackage) => (account: ExportAccount) => account.mappings[pkg] ?? account.name;
const byCode = (pkg: LedgerExportPackage) => (account: ExportAccount) => account.mappings[pkg] ?? account.code;

/** A CSV layout: its headings, and the cells of each line of an entry. */
function csvLayout(
  headings: readonly string[],
  cells: (entry: ExportEntry, line: ExportEntry['lines'][number]) => CsvCell[],
): JournalLayout {
  return {
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    head: () => csvLines([headings]),
    entries: (entries) => csvLines(entries.flatMap((entry) => entry.lines.map((line) => cells(entry, line)))),
  };
}

const quickbooksAccount = byName('quickbooks');
const xeroAccount = byCode('xero');
const sageAccount = byCode('sage');
const zohoAccount = byName('zoho');

/* ------------------------------------------------------ ledger / hledger */

const HLEDGER_ROOTS: Record<LedgerAccountType, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};
/** hledger's account type tags, so its balance sheet and income statement find each account. */
const HLEDGER_TYPES: Record<LedgerAccountType, string> = {
  asset: 'A',
  liability: 'L',
  equity: 'E',
  income: 'R',
  expense: 'X',
};

/**
 * Text safe inside a journal: one line, no `;` (a comment), and single spaces only, since two
 * spaces end an account name. An account's name loses `:` too, which would make it a sub-account.
 */
const journalText = (text: string) =>
  text
    .replace(/[\p{Cc};]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const journalAccount = (account: ExportAccount) =>
  `${HLEDGER_ROOTS[account.type]}:${journalText(`${account.code} ${account.name}`.replaceAll(':', '-'))}`;

const hledger: JournalLayout = {
  extension: 'journal',
  contentType: 'text/plain; charset=utf-8',
  head: (accounts, about) =>
    [
      `; ${journalText(about)}`,
      '; Amounts in naira (NGN); a debit is positive, a credit negative.',
      '',
      // Declared, with every account below, so both tools' strict checks pass.
      'commodity NGN\n    format 1000.00 NGN',
      // The type tag on its own indented line: hledger reads it there, and ledger would take a
      // comment on the directive's line for part of the account's name.
      ...accounts.map((account) => `account ${journalAccount(account)}\n    ; type: ${HLEDGER_TYPES[account.type]}`),
      '',
      '',
    ].join('\n'),
  entries: (entries) =>
    entries
      .map((entry) =>
        [
          `${entry.date} (${journalNumber(entry)}) ${journalText(entry.memo)}`,
          ...entry.lines.map((line) => `    ${journalAccount(line.account)}  ${koboToDecimal(line.amountKobo)} NGN`),
          '',
          '',
        ].join('\n'),
      )
      .join(''),
};

export const JOURNAL_LAYOUTS: Record<JournalExportFormat, JournalLayout> = {
  quickbooks: csvLayout(
    ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description'],
    (entry, line) => [
      journalNumber(entry),
      dayFirst(entry.date),
      quickbooksAccount(line.account),
      debitOf(line.amountKobo),
      creditOf(line.amountKobo),
      entry.memo,
    ],
  ),
  xero: csvLayout(['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount'], (entry, line) => [
    `${journalNumber(entry)} ${entry.memo}`,
    dayFirst(entry.date),
    entry.memo,
    xeroAccount(line.account),
    'Tax Exempt',
    nairaFigure(line.amountKobo),
  ]),
  sage: csvLayout(
    ['Reference', 'Date', 'Description', 'Ledger Account Number', 'Details', 'Debit', 'Credit'],
    (entry, line) => [
      journalNumber(entry),
      dayFirst(entry.date),
      entry.memo,
      sageAccount(line.account),
      line.account.name,
      debitOf(line.amountKobo),
      creditOf(line.amountKobo),
    ],
  ),
  zoho: csvLayout(
    [
      'Journal Date',
      'Journal Number',
      'Reference Number',
      'Notes',
      'Currency',
      'Account',
      'Description',
      'Debit',
      'Credit',
    ],
    (entry, line) => [
      entry.date,
      journalNumber(entry),
      journalNumber(entry),
      entry.memo,
      'NGN',
      zohoAccount(line.account),
      entry.memo,
      debitOf(line.amountKobo),
      creditOf(line.amountKobo),
    ],
  ),
  hledger,
};

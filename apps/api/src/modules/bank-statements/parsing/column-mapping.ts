import type { StatementMapping } from '@schoolledger/domain';
import { guessDateOrder } from './dates.js';
import { HEADER_SEARCH_ROWS } from './limits.js';
import { collapseWhitespace } from './narration.js';
import type { StatementTable } from './read-table.js';

/* The mapping's contract is the domain's (`statementMappingSchema`); here it is suggested from a file's headers. */

/** Header text as compared: "Trans.  Date" and "TRANS. DATE" name the same column. */
export const headerKey = (text: string) => collapseWhitespace(text).toUpperCase();

type ColumnRole =
  | 'date'
  | 'valueDate'
  | 'narration'
  | 'reference'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'direction'
  | 'balance';

const words = (...list: string[]) => new Set(list);
/*
 * Header words banks use, upper-cased, split on anything but letters and digits ("Debit(₦)" is
 * DEBIT, "DR/CR" is DR CR). Whole-header phrases are matched before single words, so "Money In"
 * is a credit column and "DR/CR" is a direction, not a debit.
 */
const DIRECTION_HEADERS = words('DR CR', 'CR DR', 'DRCR', 'CRDR', 'D C', 'C D', 'DEBIT CREDIT', 'CREDIT DEBIT');
const VALUE_DATE_HEADERS = words('VALUE DATE', 'VAL DATE', 'VALUE DT', 'VALUEDATE', 'VALUE DATE TIME');
const DEBIT_PHRASES = words('MONEY OUT', 'PAID OUT', 'AMOUNT OUT');
const CREDIT_PHRASES = words('MONEY IN', 'PAID IN', 'AMOUNT IN');
const DATE_WORDS = words('DATE', 'TIME', 'DATETIME', 'TRANSDATE', 'TXNDATE', 'POSTDATE', 'TRANDATE');
const BALANCE_WORDS = words('BALANCE', 'BAL');
const NARRATION_WORDS = words(
  'NARRATION',
  'NARRATIVE',
  'DESCRIPTION',
  'DESC',
  'REMARKS',
  'REMARK',
  'DETAILS',
  'DETAIL',
  'PARTICULARS',
  'MEMO',
);
const DEBIT_WORDS = words('DEBIT', 'DEBITS', 'DR', 'WITHDRAWAL', 'WITHDRAWALS', 'OUTFLOW', 'OUTFLOWS');
const CREDIT_WORDS = words(
  'CREDIT',
  'CREDITS',
  'CR',
  'DEPOSIT',
  'DEPOSITS',
  'LODGEMENT',
  'LODGEMENTS',
  'INFLOW',
  'INFLOWS',
);
const AMOUNT_WORDS = words('AMOUNT', 'AMT');
const REFERENCE_WORDS = words('REFERENCE', 'REF', 'REFNO', 'SERIAL', 'SESSION', 'CHEQUE', 'CHQ', 'RRN');
/** Currency words in a header ("Amount (NGN)") say nothing about the column's role. */
const CURRENCY_WORDS = words('NGN', 'NAIRA');
/** A header is a few words; a longer cell is a title or a narration, never a column name. */
const MAX_HEADER_WORDS = 4;

function roleOf(header: string): ColumnRole | null {
  const parts = header
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((part) => part && !CURRENCY_WORDS.has(part));
  if (parts.length === 0 || parts.length > MAX_HEADER_WORDS) return null;
  const phrase = parts.join(' ');
  const has = (set: Set<string>) => parts.some((part) => set.has(part));
  if (DIRECTION_HEADERS.has(phrase)) return 'direction';
  if (VALUE_DATE_HEADERS.has(phrase)) return 'valueDate';
  if (has(DATE_WORDS)) return 'date';
  if (has(BALANCE_WORDS)) return 'balance';
  if (has(NARRATION_WORDS)) return 'narration';
  if (DEBIT_PHRASES.has(phrase) || has(DEBIT_WORDS)) return 'debit';
  if (CREDIT_PHRASES.has(phrase) || has(CREDIT_WORDS)) return 'credit';
  if (has(AMOUNT_WORDS)) return 'amount';
  if (has(REFERENCE_WORDS)) return 'reference';
  return null;
}

/**
 * The mapping the header words suggest: the header row is the first of the top rows with a date,
 * a narration and an amount column; the date order comes from the dates below it. Null when no
 * such row exists, and the bursar maps the columns by hand.
 */
export function suggestMapping(table: StatementTable): StatementMapping | null {
  const searched = Math.min(HEADER_SEARCH_ROWS, table.length);
  for (let index = 0; index < searched; index++) {
    const names = (table[index] ?? []).map(collapseWhitespace);
    const columns = new Map<ColumnRole, number[]>();
    names.forEach((name, column) => {
      const role = roleOf(name);
      if (role) columns.set(role, [...(columns.get(role) ?? []), column]);
    });
    const first = (role: ColumnRole) => {
      const column = columns.get(role)?.[0];
      return column === undefined ? undefined : names[column];
    };
    const dated = columns.has('date') || columns.has('valueDate');
    const moneyed = columns.has('debit') || columns.has('credit') || columns.has('amount');
    if (!dated || !columns.has('narration') || !moneyed) continue;

    // A file with only a Value Date column books its lines on it.
    const date = first('date') ?? (first('valueDate') as string);
    const valueDate = columns.has('date') ? first('valueDate') : undefined;
    const byDebitCredit = columns.has('debit') || columns.has('credit');
    const dateColumns = [...(columns.get('date') ?? []), ...(columns.get('valueDate') ?? [])];
    const dates = table.slice(index + 1).flatMap((row) => dateColumns.map((column) => row[column] ?? ''));
    return dropUndefined({
      headerRow: index + 1,
      date,
      valueDate,
      narration: (columns.get('narration') ?? []).map((column) => names[column] as string),
      reference: first('reference'),
      debit: byDebitCredit ? first('debit') : undefined,
      credit: byDebitCredit ? first('credit') : undefined,
      amount: byDebitCredit ? undefined : first('amount'),
      direction: byDebitCredit ? undefined : first('direction'),
      balance: first('balance'),
      dateOrder: guessDateOrder(dates),
    });
  }
  return null;
}

/** The mapping is stored as JSON; absent columns are left out rather than written as undefined. */
function dropUndefined(mapping: StatementMapping): StatementMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, value]) => value !== undefined)) as StatementMapping;
}

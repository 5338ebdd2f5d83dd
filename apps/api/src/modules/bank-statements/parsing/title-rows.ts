import { readBalance } from './amounts.js';
import { collapseWhitespace } from './narration.js';

/*
 * What the rows above a statement's header say about the statement: banks print the account
 * number, currency and often the opening and closing balances there, as a label in one cell and
 * the value after a colon or in a cell to its right.
 */

export interface TitleFacts {
  accountNumber: string | null;
  currency: string | null;
  openingBalanceKobo: bigint | null;
  closingBalanceKobo: bigint | null;
}

/** A NUBAN is ten digits; the lookarounds keep a phone number or a longer reference out. */
const NUBAN = /(?:^|\D)(\d{10})(?!\d)/;
const ACCOUNT_LABEL = /\b(?:ACCOUNT|ACCT|A\/C)\b/;
const CURRENCY_LABEL = /\bCURRENCY\b\W*([A-Z]{3})\b/;
export const OPENING_LABEL = /^(?:OPENING BAL(?:ANCE)?|BAL(?:ANCE)? B\/F(?:WD)?|(?:BALANCE )?BROUGHT FORWARD|B\/F)\b/;
export const CLOSING_LABEL = /^(?:CLOSING BAL(?:ANCE)?|BAL(?:ANCE)? C\/F(?:WD)?|(?:BALANCE )?CARRIED FORWARD|C\/F)\b/;

/** The value of a label cell: after its colon, or else in the next filled cell of the row. */
function labelledValue(cells: readonly string[], index: number): string {
  const cell = cells[index] ?? '';
  const colon = cell.indexOf(':');
  const inCell = colon >= 0 ? cell.slice(colon + 1).trim() : '';
  if (inCell) return inCell;
  return cells.slice(index + 1).find((next) => next !== '') ?? '';
}

function balanceAfter(cells: readonly string[], label: RegExp): bigint | null {
  const index = cells.findIndex((cell) => label.test(cell));
  if (index < 0) return null;
  const reading = readBalance(labelledValue(cells, index));
  return reading.kind === 'balance' ? reading.kobo : null;
}

export function readTitleRows(rows: readonly (readonly string[])[]): TitleFacts {
  const facts: TitleFacts = { accountNumber: null, currency: null, openingBalanceKobo: null, closingBalanceKobo: null };
  let bareNuban: string | null = null;
  for (const row of rows) {
    const cells = row.map((cell) => collapseWhitespace(cell).toUpperCase());
    const text = cells.join(' ');
    const nuban = NUBAN.exec(text)?.[1];
    if (nuban && !facts.accountNumber && ACCOUNT_LABEL.test(text)) facts.accountNumber = nuban;
    // A number alone in its cell is the account number when no row labels one.
    bareNuban ??= cells.find((cell) => /^\d{10}$/.test(cell)) ?? null;
    facts.currency ??= CURRENCY_LABEL.exec(text)?.[1] ?? null;
    facts.openingBalanceKobo ??= balanceAfter(cells, OPENING_LABEL);
    facts.closingBalanceKobo ??= balanceAfter(cells, CLOSING_LABEL);
  }
  facts.accountNumber ??= bareNuban;
  return facts;
}

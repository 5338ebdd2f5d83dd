import type { StatementMapping } from '@schoolledger/domain';
import { ABOVE_MAX_REASON, type AmountReading, isAboveMax, readAmount, readBalance } from './amounts.js';
import { headerKey } from './column-mapping.js';
import { readDate } from './dates.js';
import { HEADER_SEARCH_ROWS } from './limits.js';
import { collapseWhitespace, isReversalNarration } from './narration.js';
import type { StatementTable } from './read-table.js';
import type { ParsedStatement, StatementLine, StatementProblem } from './statement.js';
import { CLOSING_LABEL, OPENING_LABEL, readTitleRows } from './title-rows.js';

/*
 * A CSV or Excel statement's rows turned into lines by a column mapping. Besides transactions, the
 * rows hold what exports put around them: title rows above the header, an opening-balance row,
 * page headers and "Balance B/F" rows repeated at each page, blank rows, totals and a closing row
 * at the end, and narrations that run on into the next row(s). Each is recognised by what it has
 * (a date, an amount, text only in the narration) rather than by one bank's layout.
 */

export type TableStatement = Omit<ParsedStatement, 'format' | 'mapping'>;

/** Column positions of a mapping in its header row. */
interface Columns {
  date: number;
  valueDate: number | null;
  narration: number[];
  reference: number | null;
  debit: number | null;
  credit: number | null;
  amount: number | null;
  direction: number | null;
  balance: number | null;
}

type Movement =
  | { kind: 'none' }
  | { kind: 'movement'; direction: StatementLine['direction']; kobo: bigint }
  | { kind: 'problem'; message: string };

/** A line being read: continuation rows add to its narration parts, joined once at the end. */
interface Draft extends Omit<StatementLine, 'narration' | 'reversal'> {
  narrationParts: string[];
}

const TOTAL_LABEL = /^(?:GRAND )?TOTALS?\b/;
const DEBIT_MARKS = new Set(['DR', 'D', 'DEBIT', 'DB', 'WITHDRAWAL']);
const CREDIT_MARKS = new Set(['CR', 'C', 'CREDIT', 'DEPOSIT']);

function mappedNames(mapping: StatementMapping): string[] {
  const { date, valueDate, narration, reference, debit, credit, amount, direction, balance } = mapping;
  return [date, valueDate, ...narration, reference, debit, credit, amount, direction, balance]
    .filter((name): name is string => Boolean(name))
    .map(headerKey);
}

/**
 * The mapping's header row, or, when a saved mapping meets next month's file with one title row
 * more or less, the first of the top rows that has all the mapped columns.
 */
function findHeaderRow(table: StatementTable, mapping: StatementMapping): number | null {
  const wanted = mappedNames(mapping);
  const hasAll = (index: number) => {
    const keys = new Set((table[index] ?? []).map(headerKey));
    return wanted.every((name) => keys.has(name));
  };
  if (hasAll(mapping.headerRow - 1)) return mapping.headerRow - 1;
  const searched = Math.min(HEADER_SEARCH_ROWS, table.length);
  for (let index = 0; index < searched; index++) if (hasAll(index)) return index;
  return null;
}

function columnsOf(header: readonly string[], mapping: StatementMapping): Columns {
  const keys = header.map(headerKey);
  const at = (name: string | undefined) => (name ? keys.indexOf(headerKey(name)) : null);
  return {
    date: at(mapping.date) as number,
    valueDate: at(mapping.valueDate),
    narration: mapping.narration.map((name) => at(name) as number),
    reference: at(mapping.reference),
    debit: at(mapping.debit),
    credit: at(mapping.credit),
    amount: at(mapping.amount),
    direction: at(mapping.direction),
    balance: at(mapping.balance),
  };
}

const cellOf = (row: readonly string[], column: number | null) => (column === null ? '' : (row[column] ?? ''));

/** The problem text for an amount cell that could not be read. */
const amountProblem = (header: string, text: string, reason: string) => `The ${header} amount “${text}” ${reason}.`;

/** Debit and Credit columns: the column gives the direction. */
function debitCreditMovement(row: readonly string[], columns: Columns, header: readonly string[]): Movement {
  const readings: [StatementLine['direction'], number | null][] = [
    ['debit', columns.debit],
    ['credit', columns.credit],
  ];
  const found: { direction: StatementLine['direction']; kobo: bigint }[] = [];
  for (const [direction, column] of readings) {
    if (column === null) continue;
    const text = cellOf(row, column);
    const reading = readAmount(text);
    const name = header[column] ?? direction;
    if (reading.kind === 'invalid') return { kind: 'problem', message: amountProblem(name, text, reading.reason) };
    if (reading.kind === 'blank' || reading.kobo === 0n) continue;
    // Some banks print debits with a minus in the Debit column; a negative credit means nothing.
    const against = direction === 'debit' ? 'CR' : 'DR';
    if (reading.mark === against || (direction === 'credit' && reading.negative)) {
      return { kind: 'problem', message: `The ${name} amount “${text}” is marked the other way round.` };
    }
    if (isAboveMax(reading.kobo)) return { kind: 'problem', message: amountProblem(name, text, ABOVE_MAX_REASON) };
    found.push({ direction, kobo: reading.kobo });
  }
  if (found.length > 1) return { kind: 'problem', message: 'This row has both a debit and a credit amount.' };
  const [only] = found;
  return only ? { kind: 'movement', ...only } : { kind: 'none' };
}

/**
 * One Amount column: its direction comes from a DR/CR column when mapped, else from the amount's
 * own DR/CR mark, else from its sign (brackets or minus are a debit, as banks print them).
 */
function singleAmountMovement(row: readonly string[], columns: Columns, header: readonly string[]): Movement {
  const text = cellOf(row, columns.amount);
  const name = header[columns.amount as number] ?? 'Amount';
  const reading = readAmount(text);
  if (reading.kind === 'invalid') return { kind: 'problem', message: amountProblem(name, text, reading.reason) };
  if (reading.kind === 'blank' || reading.kobo === 0n) return { kind: 'none' };
  if (isAboveMax(reading.kobo)) return { kind: 'problem', message: amountProblem(name, text, ABOVE_MAX_REASON) };
  let direction: StatementLine['direction'] = reading.negative ? 'debit' : 'credit';
  if (reading.mark) direction = reading.mark === 'DR' ? 'debit' : 'credit';
  if (columns.direction !== null) {
    const markText = cellOf(row, columns.direction);
    const mark = markText.toUpperCase().replace(/[^A-Z]/g, '');
    if (DEBIT_MARKS.has(mark)) direction = 'debit';
    else if (CREDIT_MARKS.has(mark)) direction = 'credit';
    else {
      const column = header[columns.direction] ?? 'DR/CR';
      return { kind: 'problem', message: `The ${column} column says “${markText}”, which is neither DR nor CR.` };
    }
  }
  const contradicted = (reading.negative || reading.mark === 'DR') && direction === 'credit';
  if (contradicted || (reading.mark === 'CR' && direction === 'debit')) {
    return { kind: 'problem', message: `The ${name} amount “${text}” and its DR/CR do not agree.` };
  }
  return { kind: 'movement', direction, kobo: reading.kobo };
}

/** The balance a summary row carries: its Balance cell, or the amount where a bank puts it there. */
function summaryBalance(row: readonly string[], columns: Columns): bigint | null {
  for (const column of [columns.balance, columns.credit, columns.amount, columns.debit]) {
    const reading = readBalance(cellOf(row, column));
    if (reading.kind === 'balance') return reading.kobo;
  }
  return null;
}

function finish(draft: Draft): StatementLine {
  const { narrationParts, ...line } = draft;
  const narration = collapseWhitespace(narrationParts.join(' '));
  return { ...line, narration, reversal: isReversalNarration(narration) };
}

const nairaMarked = (reading: AmountReading) => reading.kind === 'amount' && reading.naira;

export function applyMapping(table: StatementTable, mapping: StatementMapping): TableStatement {
  const headerIndex = findHeaderRow(table, mapping);
  if (headerIndex === null) {
    const problem = `No row in the first ${HEADER_SEARCH_ROWS} has all the mapped columns (${mapping.date}, ${mapping.narration.join(', ')}…). Check the column mapping.`;
    return {
      accountNumber: null,
      currency: null,
      openingBalanceKobo: null,
      closingBalanceKobo: null,
      lines: [],
      problems: [{ row: 0, message: problem }],
    };
  }
  const header = (table[headerIndex] ?? []).map(collapseWhitespace);
  const columns = columnsOf(header, mapping);
  const title = readTitleRows(table.slice(0, headerIndex));
  let { openingBalanceKobo, closingBalanceKobo } = title;
  const narrationColumns = new Set(columns.narration);
  const amountColumns = [columns.debit, columns.credit, columns.amount].filter((column) => column !== null);
  const dateHeader = headerKey(header[columns.date] ?? '');
  let nairaSeen = header.some((name) => /NGN|₦|NAIRA/i.test(name));

  const drafts: Draft[] = [];
  const problems: StatementProblem[] = [];
  // The line a continuation row adds to; cleared by anything that is not part of a line.
  let open: Draft | null = null;

  for (let index = headerIndex + 1; index < table.length; index++) {
    const row = table[index] ?? [];
    const rowNumber = index + 1;
    const filled = row.flatMap((cell, column) => (cell.trim() ? [column] : []));
    if (filled.length === 0) continue;

    const dateText = cellOf(row, columns.date).trim();
    if (headerKey(dateText) === dateHeader) {
      open = null; // the header repeated at the top of a page
      continue;
    }
    const labels = filled.map((column) => headerKey(row[column] ?? ''));
    if (labels.some((label) => OPENING_LABEL.test(label))) {
      // Each page of some exports starts "Balance B/F"; only the first is the statement's opening.
      openingBalanceKobo ??= summaryBalance(row, columns);
      open = null;
      continue;
    }
    if (labels.some((label) => CLOSING_LABEL.test(label))) {
      closingBalanceKobo = summaryBalance(row, columns) ?? closingBalanceKobo;
      open = null;
      continue;
    }

    const amountReadings = amountColumns.map((column) => readAmount(cellOf(row, column)));
    nairaSeen ||= amountReadings.some(nairaMarked);
    const hasAmount = amountReadings.some((reading) => reading.kind !== 'blank');
    const narrationText = columns.narration.map((column) => cellOf(row, column)).join(' ');

    if (!dateText && !hasAmount) {
      // Text in the narration columns only: the previous line's narration running on.
      if (open && filled.every((column) => narrationColumns.has(column))) open.narrationParts.push(narrationText);
      else open = null; // a page footer, a repeated title
      continue;
    }
    open = null;
    if (!dateText) {
      // Figures without a date or words are a totals row; a narration with an amount is a line
      // the bank printed without its date, which the bursar must see.
      const isTotal = labels.some((label) => TOTAL_LABEL.test(label));
      if (!isTotal && narrationText.trim())
        problems.push({ row: rowNumber, message: 'This row has an amount but no date.' });
      continue;
    }
    const date = readDate(dateText, mapping.dateOrder);
    if ('problem' in date) {
      // A dated-looking footer ("Printed 05/10/2026") has no amount and is not a line.
      if (hasAmount) problems.push({ row: rowNumber, message: date.problem });
      continue;
    }
    const movement =
      columns.amount !== null ? singleAmountMovement(row, columns, header) : debitCreditMovement(row, columns, header);
    if (movement.kind === 'problem') {
      problems.push({ row: rowNumber, message: movement.message });
      continue;
    }
    if (movement.kind === 'none') {
      // A dated row of zeros (a waived charge) moves no money; one with words and no amount at all
      // is a line the bursar must see.
      if (!hasAmount && narrationText.trim())
        problems.push({ row: rowNumber, message: 'This row has a date but no amount.' });
      continue;
    }

    let valueOn: string | null = null;
    const valueText = cellOf(row, columns.valueDate).trim();
    if (valueText) {
      const value = readDate(valueText, mapping.dateOrder);
      if ('iso' in value) valueOn = value.iso;
      else problems.push({ row: rowNumber, message: `Value date: ${value.problem}` });
    }
    let balanceKobo: bigint | null = null;
    const balanceText = cellOf(row, columns.balance);
    const balance = readBalance(balanceText);
    if (balance.kind === 'balance') balanceKobo = balance.kobo;
    else if (balance.kind === 'invalid') {
      problems.push({ row: rowNumber, message: `The balance “${balanceText}” ${balance.reason}.` });
    }
    const reference = collapseWhitespace(cellOf(row, columns.reference));
    open = {
      position: drafts.length + 1,
      bookedOn: date.iso,
      valueOn,
      direction: movement.direction,
      amountKobo: movement.kobo,
      narrationParts: [narrationText],
      reference: reference || null,
      balanceKobo,
    };
    drafts.push(open);
  }

  return {
    accountNumber: title.accountNumber,
    currency: title.currency ?? (nairaSeen ? 'NGN' : null),
    openingBalanceKobo,
    closingBalanceKobo,
    lines: drafts.map(finish),
    problems,
  };
}

import { parseNaira } from '@schoolledger/domain';
import { ABOVE_MAX_REASON, isAboveMax } from './amounts.js';
import { MAX_STATEMENT_ROWS } from './limits.js';
import { collapseWhitespace, isReversalNarration } from './narration.js';
import type { ParsedStatement, StatementLine, StatementProblem } from './statement.js';

/*
 * SWIFT MT940 customer statements, read by hand: the format is a list of `:tag:` fields whose
 * values may run over several lines, and only a handful of tags matter here.
 *   :25:  account            :60F:/:60M: opening (first page / later page)
 *   :61:  a statement line   :86: its information to the account owner, over up to six lines
 *   :62F:/:62M: closing      -} or a `{` block: the end of a message in its SWIFT envelope
 * A file may hold several messages (one per page or per day); their lines follow one another,
 * the first opening and the last closing balance being the statement's.
 */

type Mt940Statement = Omit<ParsedStatement, 'format' | 'mapping'>;

interface Field {
  tag: string;
  /** The text line the tag starts on, 1-based. */
  line: number;
  /** The tag's first line after `:tag:`, then its continuation lines as written. */
  lines: string[];
}

const TAG = /^:(\d{2}[A-Z]?):/;
/** SWIFT lines of information are at most 65 characters (:86: is 6 × 65). */
const SWIFT_LINE_LENGTH = 65;

/*
 * :61: is YYMMDD value date, optional MMDD entry date, C/D/RC/RD mark, optional funds code (the
 * currency's third letter), amount with a decimal comma, N/F/S + three-character type code, then
 * the account owner's reference, `//` and the bank's reference. Every part has a fixed class that
 * the next part cannot start with, so the match is linear.
 */
const STATEMENT_LINE =
  /^(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?(RC|RD|C|D)([A-Z])?(\d{1,12}),(\d{0,2})([NFS][A-Z0-9]{3})(.*)$/;
const BALANCE = /^([CD])(\d{2})(\d{2})(\d{2})([A-Z]{3})(\d{1,15}),(\d{0,2})$/;

/** Splits the text into fields; continuation lines stay with the field they follow. */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  let current: Field | null = null;
  text.split(/\r?\n|\r/).forEach((raw, index) => {
    const tag = TAG.exec(raw);
    if (tag) {
      current = { tag: tag[1] as string, line: index + 1, lines: [raw.slice(tag[0].length)] };
      fields.push(current);
    } else if (raw.startsWith('{') || raw.trim() === '-' || raw.trim().startsWith('-}')) {
      current = null; // the SWIFT envelope: {1:...}{2:...}{4: before, -} after
    } else if (current) {
      current.lines.push(raw);
    }
  });
  return fields;
}

/**
 * A field's lines as one text. A line shorter than the 65-character maximum was ended by the
 * writer, so a space joins it to the next; a full line is the writer wrapping mid-text (mid-word
 * as often as not), so the next follows with nothing between.
 */
function joinLines(lines: readonly string[]): string {
  const parts: string[] = [];
  lines.forEach((line, index) => {
    parts.push(line);
    if (index < lines.length - 1 && line.length < SWIFT_LINE_LENGTH) parts.push(' ');
  });
  return collapseWhitespace(parts.join(''));
}

const pad = (n: number) => String(n).padStart(2, '0');

function swiftDate(yy: string, mm: string, dd: string): string | null {
  const year = 2000 + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The entry date has no year: the value date's, or the next or previous across New Year. */
function entryYear(valueYear: number, valueMonth: number, entryMonth: number): number {
  if (valueMonth - entryMonth > 6) return valueYear + 1;
  if (entryMonth - valueMonth > 6) return valueYear - 1;
  return valueYear;
}

function swiftAmount(whole: string, decimals: string): bigint | null {
  return parseNaira(decimals ? `${whole}.${decimals}` : whole);
}

function readSwiftBalance(field: Field): { kobo: bigint; currency: string } | null {
  const match = BALANCE.exec(collapseWhitespace(field.lines[0] ?? ''));
  if (!match) return null;
  const [, mark, yy = '', mm = '', dd = '', currency = '', whole = '', decimals = ''] = match;
  const kobo = swiftAmount(whole, decimals);
  if (kobo === null || swiftDate(yy, mm, dd) === null) return null;
  return { kobo: mark === 'D' ? -kobo : kobo, currency };
}

/** A :61: line read, before its :86: information gives it a narration. */
interface LineDraft {
  line: Omit<StatementLine, 'position' | 'narration'>;
  /** The optional second line of :61: (34 characters), the narration when no :86: follows. */
  supplementary: string;
  information: string | null;
}

function readStatementLine(field: Field): LineDraft | string {
  const [first = '', ...rest] = field.lines;
  const match = STATEMENT_LINE.exec(first.trim());
  if (!match) return `The :61: statement line “${first.trim()}” could not be read.`;
  const [, yy = '', mm = '', dd = '', entryMm, entryDd, mark, , whole = '', decimals = '', , references = ''] = match;
  const valueOn = swiftDate(yy, mm, dd);
  if (!valueOn) return `The value date “${yy}${mm}${dd}” is not a real date.`;
  let bookedOn = valueOn;
  if (entryMm && entryDd) {
    const year = entryYear(2000 + Number(yy), Number(mm), Number(entryMm));
    const entry = swiftDate(String(year - 2000).padStart(2, '0'), entryMm, entryDd);
    if (!entry) return `The entry date “${entryMm}${entryDd}” is not a real date.`;
    bookedOn = entry;
  }
  const amountKobo = swiftAmount(whole, decimals);
  if (amountKobo === null || amountKobo === 0n) return `The amount “${whole},${decimals}” could not be read.`;
  if (isAboveMax(amountKobo)) return `The amount “${whole},${decimals}” ${ABOVE_MAX_REASON}.`;
  const [ownerReference = '', bankReference = ''] = references.split('//', 2).map((part) => part.trim());
  const reference = ownerReference && ownerReference !== 'NONREF' ? ownerReference : bankReference;
  return {
    line: {
      bookedOn,
      valueOn,
      // RC is the reversal of a credit, so money leaves the account; RD gives back a debit.
      direction: mark === 'C' || mark === 'RD' ? 'credit' : 'debit',
      amountKobo,
      reference: reference || null,
      balanceKobo: null,
      reversal: mark === 'RC' || mark === 'RD',
    },
    supplementary: collapseWhitespace(rest.join(' ')),
    information: null,
  };
}

function finish(draft: LineDraft, index: number): StatementLine {
  const narration = draft.information ?? draft.supplementary;
  const reversal = draft.line.reversal || isReversalNarration(narration);
  return { ...draft.line, position: index + 1, narration, reversal };
}

export function parseMt940(text: string): Mt940Statement {
  const fields = fieldsOf(text);
  const statement: Mt940Statement = {
    accountNumber: null,
    currency: null,
    openingBalanceKobo: null,
    closingBalanceKobo: null,
    lines: [],
    problems: [],
  };
  const problems: StatementProblem[] = statement.problems;
  if (!fields.some((field) => field.tag === '61' || field.tag.startsWith('60'))) {
    problems.push({ row: 0, message: 'The file has no MT940 balance or statement lines (:60F:, :61:).' });
    return statement;
  }
  if (fields.filter((field) => field.tag === '61').length > MAX_STATEMENT_ROWS) {
    problems.push({
      row: 0,
      message: `The file has more than ${MAX_STATEMENT_ROWS.toLocaleString('en-NG')} statement lines.`,
    });
    return statement;
  }
  const drafts: LineDraft[] = [];
  // The :61: line an :86: that follows it belongs to; any other tag in between ends it.
  let last: LineDraft | null = null;
  for (const field of fields) {
    const previous = last;
    last = null;
    if (field.tag === '25') {
      const account = collapseWhitespace(field.lines.join(' '));
      // "BANKCODE/ACCOUNT" in some files: the account is after the last slash.
      statement.accountNumber ??= account.slice(account.lastIndexOf('/') + 1) || null;
    } else if (field.tag === '60F' || field.tag === '60M') {
      const balance = readSwiftBalance(field);
      if (!balance) problems.push({ row: field.line, message: 'The opening balance could not be read.' });
      else if (statement.openingBalanceKobo === null) {
        statement.openingBalanceKobo = balance.kobo;
        statement.currency ??= balance.currency;
      }
    } else if (field.tag === '62F' || field.tag === '62M') {
      const balance = readSwiftBalance(field);
      if (!balance) problems.push({ row: field.line, message: 'The closing balance could not be read.' });
      else {
        statement.closingBalanceKobo = balance.kobo;
        statement.currency ??= balance.currency;
      }
    } else if (field.tag === '61') {
      const reading = readStatementLine(field);
      if (typeof reading === 'string') problems.push({ row: field.line, message: reading });
      else {
        drafts.push(reading);
        last = reading;
      }
    } else if (field.tag === '86' && previous) {
      previous.information = joinLines(field.lines);
    }
  }
  statement.lines = drafts.map(finish);
  return statement;
}

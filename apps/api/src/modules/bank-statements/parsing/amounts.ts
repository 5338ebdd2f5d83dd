import { formatNaira, MAX_KOBO, MAX_NAIRA, parseNaira } from '@schoolledger/domain';

/*
 * Money cells as banks print them: `150,000.00`, `₦150,000`, `N150,000`, `NGN 150000.5`,
 * `(1,000.00)`, `-2500`, `1,000.00-`, `1,000.00 DR`, or an Excel number read through `String(n)`.
 * Each is read to exact kobo or refused with a reason; nothing is ever rounded, because a kobo
 * lost here is a kobo the bursar cannot find at reconciliation.
 */

export type AmountReading =
  /** Empty, or a placeholder banks put in the unused one of Debit/Credit. */
  | { kind: 'blank' }
  | {
      kind: 'amount';
      /** Without its sign. */
      kobo: bigint;
      /** A minus sign (leading or trailing) or brackets. */
      negative: boolean;
      /** A DR or CR written after the figure. */
      mark: 'DR' | 'CR' | null;
      /** Written with ₦, N or NGN, which tells the statement's currency. */
      naira: boolean;
    }
  /** Completes "The amount “…” …". */
  | { kind: 'invalid'; reason: string };

const PLACEHOLDERS = new Set(['-', '--', '—', 'NIL', 'N/A', 'NA']);

/*
 * Applied to the text with all whitespace removed and upper-cased. Every quantified part is
 * followed by something it cannot match (a comma group must start with a comma), so the pattern
 * backtracks a bounded amount at each position and runs in time linear in the cell.
 * Groups: 1 `(`, 2 sign, 3 currency, 4 sign, 5 naira digits, 6 decimals, 7 trailing minus, 8 `)`,
 * 9 trailing NGN, 10 DR/CR.
 */
const AMOUNT = /^(\()?([+-])?(₦|NGN|N)?([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(-)?(\))?(NGN)?(DR|CR)?$/;
const ZEROS = /^0*$/;
/** More whole digits than any balance a school holds: refused before it becomes a bigint. */
const MAX_WHOLE_DIGITS = 15;

export function readAmount(text: string): AmountReading {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (compact === '' || PLACEHOLDERS.has(compact)) return { kind: 'blank' };
  const match = AMOUNT.exec(compact);
  if (!match) return { kind: 'invalid', reason: 'could not be read as naira' };
  const [, open, leadSign, currency, innerSign, digits = '', decimals = '', trailMinus, close, currencyAfter, mark] =
    match;
  if (Boolean(open) !== Boolean(close)) return { kind: 'invalid', reason: 'has an unmatched bracket' };
  const minuses = [open, leadSign === '-', innerSign === '-', trailMinus].filter(Boolean).length;
  if (minuses > 1 || (leadSign && innerSign)) return { kind: 'invalid', reason: 'has more than one sign' };
  // Zeros past the kobo are exact ("1000.0000" from some exports); any other third decimal is not.
  if (!ZEROS.test(decimals.slice(2))) {
    return { kind: 'invalid', reason: 'has more than two decimal places (kobo), and was not rounded' };
  }
  const whole = digits.replaceAll(',', '');
  if (whole.length > MAX_WHOLE_DIGITS) return { kind: 'invalid', reason: 'is too large to be a naira amount' };
  const kobo = decimals.length > 0 ? parseNaira(`${whole}.${decimals.slice(0, 2)}`) : parseNaira(whole);
  if (kobo === null) return { kind: 'invalid', reason: 'could not be read as naira' };
  return {
    kind: 'amount',
    kobo,
    negative: minuses === 1,
    mark: (mark as 'DR' | 'CR' | undefined) ?? null,
    naira: Boolean(currency || currencyAfter),
  };
}

/** Why a transaction's amount is refused: above the most anything in SchoolLedger may carry. */
export const ABOVE_MAX_REASON = `is above ${formatNaira(MAX_NAIRA, { whole: true })}, the most one payment may be`;

export const isAboveMax = (kobo: bigint) => kobo > MAX_KOBO;

/**
 * A balance with its sign: brackets, a minus or DR mean overdrawn. Balances are not held to
 * MAX_KOBO: an account may well hold more than any one payment.
 */
export function readBalance(text: string): { kind: 'blank' } | { kind: 'balance'; kobo: bigint } | AmountInvalid {
  const reading = readAmount(text);
  if (reading.kind !== 'amount') return reading;
  if (reading.negative && reading.mark === 'CR') return { kind: 'invalid', reason: 'is both negative and CR' };
  return { kind: 'balance', kobo: reading.negative || reading.mark === 'DR' ? -reading.kobo : reading.kobo };
}

type AmountInvalid = Extract<AmountReading, { kind: 'invalid' }>;

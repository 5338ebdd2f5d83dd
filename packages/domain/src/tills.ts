/**
 * The cash desk's till: the naira notes and coins a drawer is counted in, and the arithmetic of a
 * close. Counts are whole pieces per denomination; every amount is kobo.
 */
import { type CalendarDate, daysUntil, LAGOS, todayIn } from './calendar.js';
import type { Kobo } from './money.js';

/** Naira notes and coins in circulation, largest first, each named by its face value in naira. */
export const NAIRA_DENOMINATIONS = ['1000', '500', '200', '100', '50', '20', '10', '5', '2', '1', '0.5'] as const;
export type NairaDenomination = (typeof NAIRA_DENOMINATIONS)[number];

/** What one piece of each denomination is worth, in kobo. */
export const DENOMINATION_KOBO: Record<NairaDenomination, Kobo> = {
  '1000': 100_000n,
  '500': 50_000n,
  '200': 20_000n,
  '100': 10_000n,
  '50': 5_000n,
  '20': 2_000n,
  '10': 1_000n,
  '5': 500n,
  '2': 200n,
  '1': 100n,
  '0.5': 50n,
};

/** Each note and coin as it reads. */
export const DENOMINATION_LABELS: Record<NairaDenomination, string> = {
  '1000': '₦1,000',
  '500': '₦500',
  '200': '₦200',
  '100': '₦100',
  '50': '₦50',
  '20': '₦20',
  '10': '₦10',
  '5': '₦5',
  '2': '₦2',
  '1': '₦1',
  '0.5': '50k',
};

/** The coins among the denominations (₦2, ₦1, 50 kobo); the rest are notes. */
export const NAIRA_COINS: readonly NairaDenomination[] = ['2', '1', '0.5'];

/** The most pieces of one denomination a count may name. */
export const MAX_PIECES = 100_000;

/** A drawer counted by denomination: pieces of each; a denomination left out counts none. */
export type DenominationCount = Partial<Record<NairaDenomination, number>>;

/** What a count is worth, in kobo. */
export function countTotal(count: DenominationCount): Kobo {
  let total = 0n;
  for (const denomination of NAIRA_DENOMINATIONS) {
    total += BigInt(count[denomination] ?? 0) * DENOMINATION_KOBO[denomination];
  }
  return total;
}

/**
 * What the drawer should hold: the opening float, plus cash taken into it, less cash paid back out
 * of it as refunds and as approved voids (a void's own refund row counts among the voids only).
 */
export function tillExpected({
  floatKobo,
  takenKobo,
  refundedKobo,
  voidedKobo,
}: {
  floatKobo: Kobo;
  takenKobo: Kobo;
  refundedKobo: Kobo;
  voidedKobo: Kobo;
}): Kobo {
  return floatKobo + takenKobo - refundedKobo - voidedKobo;
}

/** Counted against expected: over is positive, short negative. */
export const tillVariance = ({ countedKobo, expectedKobo }: { countedKobo: Kobo; expectedKobo: Kobo }): Kobo =>
  countedKobo - expectedKobo;

/** A variance beyond the school's tolerance (either way) needs a reason. */
export function varianceNeedsReason({ varianceKobo, toleranceKobo }: { varianceKobo: Kobo; toleranceKobo: Kobo }) {
  const size = varianceKobo < 0n ? -varianceKobo : varianceKobo;
  return size > toleranceKobo;
}

/** Who may confirm a till's close, as a school chooses among them. */
export const TILL_CONFIRMER_ROLES = ['Principal', 'Proprietor', 'Bursar'] as const;
export type TillConfirmerRole = (typeof TILL_CONFIRMER_ROLES)[number];

export const TILL_STATUSES = ['open', 'closing', 'closed', 'banked'] as const;
export type TillStatus = (typeof TILL_STATUSES)[number];
export const TILL_STATUS_LABELS: Record<TillStatus, string> = {
  open: 'Open',
  closing: 'Counted, waiting for confirmation',
  closed: 'Closed',
  banked: 'Banked',
};

/** A school's cash desk settings until it chooses otherwise. */
export const CASH_DESK_DEFAULTS = {
  requireOpenTillForCash: false,
  /** Naira; any variance above it needs a reason. */
  tillVarianceToleranceNaira: '0',
  tillCloseConfirmers: ['Principal', 'Proprietor'] as TillConfirmerRole[],
  tillBankWithinDays: 1,
};

export const TILL_REQUIRED_MESSAGE = 'Open a till before taking cash';

/** A void of cash taken by mistake: waiting for a second person, then approved (paid back) or rejected. */
export const PAYMENT_VOID_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PaymentVoidStatus = (typeof PAYMENT_VOID_STATUSES)[number];
export const PAYMENT_VOID_STATUS_LABELS: Record<PaymentVoidStatus, string> = {
  pending: 'Void waiting for approval',
  approved: 'Voided',
  rejected: 'Void rejected',
};

/** The fewest characters a void's reason may have: a word or two that says what went wrong. */
export const VOID_REASON_MIN = 5;

/** An X report reads the session so far; once the drawer is counted, the Z report reads the closed session. */
export type TillReportKind = 'x' | 'z';
export const tillReportKind = (status: TillStatus): TillReportKind => (status === 'open' ? 'x' : 'z');
export const TILL_REPORT_TITLES: Record<TillReportKind, string> = { x: 'X report', z: 'Z report' };

/**
 * What of a banked till did not go to the bank (counted less banked: the float kept back, returned
 * to the cash on hand); nothing to say before it is banked.
 */
export const tillRemaining = ({ countedKobo, bankedKobo }: { countedKobo: Kobo | null; bankedKobo: Kobo | null }) =>
  countedKobo === null || bankedKobo === null ? null : countedKobo - bankedKobo;

/**
 * The cash of a till that has not reached the bank: none once it is banked; until then what it
 * was counted at, or, still open, what it should hold.
 */
export function tillNotBanked({
  status,
  countedKobo,
  expectedKobo,
}: {
  status: TillStatus;
  countedKobo: Kobo | null;
  expectedKobo: Kobo;
}): Kobo {
  if (status === 'banked') return 0n;
  return countedKobo ?? expectedKobo;
}

/** One till of a day's cash-up, in kobo. */
export interface CashUpLine {
  floatKobo: Kobo;
  takenKobo: Kobo;
  payments: number;
  refundedKobo: Kobo;
  /** Paid back out of the drawer by approved voids. */
  voidedKobo: Kobo;
  expectedKobo: Kobo;
  countedKobo: Kobo | null;
  varianceKobo: Kobo | null;
  bankedKobo: Kobo | null;
  notBankedKobo: Kobo;
}

/** A day's totals over its tills: a till not yet counted adds nothing to counted or variance. */
export function cashUpTotals(lines: readonly CashUpLine[]) {
  const sum = (pick: (line: CashUpLine) => Kobo | null) =>
    lines.reduce((total, line) => total + (pick(line) ?? 0n), 0n);
  return {
    floatKobo: sum((line) => line.floatKobo),
    takenKobo: sum((line) => line.takenKobo),
    payments: lines.reduce((total, line) => total + line.payments, 0),
    refundedKobo: sum((line) => line.refundedKobo),
    voidedKobo: sum((line) => line.voidedKobo),
    expectedKobo: sum((line) => line.expectedKobo),
    countedKobo: sum((line) => line.countedKobo),
    varianceKobo: sum((line) => line.varianceKobo),
    bankedKobo: sum((line) => line.bankedKobo),
    notBankedKobo: sum((line) => line.notBankedKobo),
  };
}

/** What a till's row warns of: left open past its day, or confirmed and not banked in the school's days. */
export interface TillFlags {
  /** The Lagos day an open till was opened, when that day is over. */
  left_open_since: CalendarDate | null;
  /** Whole days since a confirmed till was closed, once past the days the school allows to bank it. */
  not_banked_days: number | null;
}

/**
 * A till's flags as of `now`: open since before today (Lagos), or confirmed and still not banked
 * more than `bankWithinDays` days after the day it was closed (within 1 day: closed Monday, banked
 * by Tuesday, flagged on Wednesday). The list and the alerts job read them from this one rule.
 */
export function tillFlags({
  status,
  openedAt,
  closedAt,
  now,
  bankWithinDays,
}: {
  status: TillStatus;
  openedAt: Date;
  closedAt: Date | null;
  now: Date;
  bankWithinDays: number;
}): TillFlags {
  const today = todayIn(LAGOS, now);
  const openedOn = todayIn(LAGOS, openedAt);
  const sinceClose = closedAt ? daysUntil(today, todayIn(LAGOS, closedAt)) : 0;
  return {
    left_open_since: status === 'open' && openedOn < today ? openedOn : null,
    not_banked_days: status === 'closed' && sinceClose > bankWithinDays ? sinceClose : null,
  };
}

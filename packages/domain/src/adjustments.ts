import { type Kobo, parseNaira } from './money.js';

/**
 * What changes the amount a student is asked to pay on a fee, besides the fee itself: three that
 * lower it and the late fee that raises it. Payments and refunds are not adjustments.
 */
export const ADJUSTMENT_KINDS = ['discount', 'scholarship', 'waiver', 'late_fee'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
/** The kinds a person records by hand; late fees come from the school's late-fee rule. */
export const MANUAL_ADJUSTMENT_KINDS = ['discount', 'scholarship', 'waiver'] as const;

/**
 * `pending` until a second person approves it (the four-eyes rule of fees); only `approved`
 * changes what is owed. `reversed` is an approved adjustment taken back, with its reason.
 */
export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected', 'reversed'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** A fixed amount, a percentage of the fee, or (waivers) whatever is still owed when it is approved. */
export const ADJUSTMENT_BASES = ['fixed', 'percent', 'balance'] as const;
export type AdjustmentBasis = (typeof ADJUSTMENT_BASES)[number];

export const ADJUSTMENT_KIND_LABELS: Record<AdjustmentKind, string> = {
  discount: 'Discount',
  scholarship: 'Scholarship',
  waiver: 'Waiver',
  late_fee: 'Late fee',
};

export const ADJUSTMENT_STATUS_LABELS: Record<AdjustmentStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
  reversed: 'Reversed',
};

export const raisesFee = (kind: AdjustmentKind) => kind === 'late_fee';

/** Percentages are kept in hundredths of a percent (basis points): 12.5% is 1250. */
export const FULL_PERCENT_BP = 10_000;

/** A percentage with at most two decimals, as basis points; null when it is not one. */
export function parsePercent(text: number | string): number | null {
  const hundredths = parseNaira(text);
  return hundredths === null ? null : Number(hundredths);
}

export const formatPercent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** A percentage of an amount, rounded down to the kobo: never a fraction of a kobo more than the rate. */
export const percentOf = (amount: Kobo, bp: number): Kobo => (amount * BigInt(bp)) / BigInt(FULL_PERCENT_BP);

/**
 * Everything that decides what a student owes on one fee, in kobo. `reductions` sums the approved
 * discounts, scholarships and waivers; `lateFees` the approved late fees; `paid` the successful
 * payments less their successful refunds.
 */
export interface FeeLedger {
  amount: Kobo;
  reductions: Kobo;
  lateFees: Kobo;
  paid: Kobo;
}

/**
 * What a student owes on a fee: amount − reductions + late fees − payments + refunds, never below
 * zero. The SQL reports use `owedSql` (apps/api fees/fee-ledger.sql.ts), the same sum; a test holds
 * the two equal on random ledgers.
 */
export function owed(ledger: FeeLedger): Kobo {
  const balance = ledger.amount - ledger.reductions + ledger.lateFees - ledger.paid;
  return balance > 0n ? balance : 0n;
}

/** What the fee asks of this student before payments: the amount after its adjustments, never below zero. */
export function adjustedAmount(ledger: Omit<FeeLedger, 'paid'>): Kobo {
  return owed({ ...ledger, paid: 0n });
}

/** An adjustment's kobo when it is approved: its fixed amount, its share of the fee, or (balance) what is owed. */
export function adjustmentKobo(
  adjustment: { basis: AdjustmentBasis; amount: Kobo | null; percentBp: number | null },
  fee: { amount: Kobo; owed: Kobo },
): Kobo {
  if (adjustment.basis === 'balance') return fee.owed;
  if (adjustment.basis === 'percent') return percentOf(fee.amount, adjustment.percentBp ?? 0);
  return adjustment.amount ?? 0n;
}

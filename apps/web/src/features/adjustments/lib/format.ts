import {
  type Adjustment,
  type AdjustmentBasis,
  type AdjustmentKind,
  type AdjustmentRuleKind,
  type AdjustmentStatus,
  formatKobo,
  formatPercent,
  type Kobo,
  owed,
  percentOf,
  raisesFee,
} from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

export const STATUS_VARIANT: Record<AdjustmentStatus, BadgeVariant> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  reversed: 'gray',
};

export const RULE_KIND_LABELS: Record<AdjustmentRuleKind, string> = {
  sibling: 'Sibling discount',
  staff_child: 'Staff child',
  scholarship: 'Scholarship',
};

export const KIND_VARIANT: Record<AdjustmentKind, BadgeVariant> = {
  discount: 'blue',
  scholarship: 'green',
  waiver: 'gray',
  late_fee: 'red',
};

/** '−₦100.05' for what lowers a fee, '+₦500.00' for a late fee. */
export function signedKobo(kind: AdjustmentKind, kobo: Kobo) {
  return `${raisesFee(kind) ? '+' : '−'}${formatKobo(kobo)}`;
}

/** An adjustment's amount as a list shows it: its kobo, signed, with the percentage it came from. */
export function adjustmentAmount(adjustment: Pick<Adjustment, 'kind' | 'basis' | 'amount' | 'percent'>) {
  const kobo = adjustment.amount === null ? null : signedKobo(adjustment.kind, adjustment.amount);
  if (adjustment.basis === 'percent' && adjustment.percent !== null) {
    const percent = formatPercent(adjustment.percent);
    return kobo ? `${percent} (${kobo})` : percent;
  }
  return kobo ?? 'Whole balance';
}

/** A fee as the form reads it: the amount set, what counts against it, and what is outstanding. */
export interface FeeFigures {
  amountDue: Kobo;
  reductions: Kobo;
  lateFees: Kobo;
  amountPaid: Kobo;
  outstanding: Kobo;
}

export interface AdjustmentPreview {
  /** The line shown under the form, such as '₦1,000.50 − 10% (₦100.05) = ₦900.45 outstanding'. */
  text: string;
  /** More than is outstanding: the server would refuse it. */
  tooMuch: boolean;
}

/**
 * What the typed reduction would leave outstanding, worked out as the server will: a percentage
 * is of the fee's amount, rounded down to the kobo; a waiver of the balance takes what is owed.
 * Null until the figures typed make sense.
 */
export function previewAdjustment(
  fee: FeeFigures,
  typed: { basis: AdjustmentBasis; amount: Kobo | null; percentBp: number | null },
): AdjustmentPreview | null {
  let cut: Kobo;
  let what: string;
  if (typed.basis === 'balance') {
    cut = fee.outstanding;
    what = `the whole balance (${formatKobo(cut)})`;
  } else if (typed.basis === 'percent') {
    if (typed.percentBp === null) return null;
    cut = percentOf(fee.amountDue, typed.percentBp);
    what = `${formatPercent(typed.percentBp)} (${formatKobo(cut)})`;
  } else {
    if (typed.amount === null) return null;
    cut = typed.amount;
    what = formatKobo(cut);
  }
  const after = owed({
    amount: fee.amountDue,
    reductions: fee.reductions + cut,
    lateFees: fee.lateFees,
    paid: fee.amountPaid,
  });
  return {
    text: `${formatKobo(fee.outstanding)} − ${what} = ${formatKobo(after)} outstanding`,
    tooMuch: cut > fee.outstanding,
  };
}

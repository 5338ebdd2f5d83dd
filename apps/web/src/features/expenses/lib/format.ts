import {
  capitalize,
  EXPENSE_STATUS_LABELS,
  type ExpenseEvent,
  type ExpensePayout,
  type ExpenseStatus,
  formatKobo,
  type Kobo,
} from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

export const STATUS_VARIANT: Record<ExpenseStatus, BadgeVariant> = {
  draft: 'gray',
  pending_approval: 'yellow',
  approved: 'blue',
  rejected: 'red',
  partially_paid: 'blue',
  paid: 'green',
  cancelled: 'gray',
};

/** '−₦5,000.00' for a reversal: the minus sign, not a hyphen, so it reads as money going back. */
export function signedKobo(kobo: Kobo) {
  return kobo < 0n ? `−${formatKobo(-kobo)}` : formatKobo(kobo);
}

/** Whole percent of the amount paid, for the progress bar: never above 100, nothing paid on nothing owed. */
export function paidPercent(paid: Kobo, amount: Kobo) {
  if (amount <= 0n || paid <= 0n) return 0;
  return paid >= amount ? 100 : Number((paid * 100n) / amount);
}

/** What a payout row says besides its figures: what a reversal undoes, or what undid it. */
export function payoutNote(payout: ExpensePayout) {
  if (payout.reverses) return `Reversal of ${payout.reverses.voucherNo}`;
  if (payout.reversedBy) return `Reversed by ${payout.reversedBy.voucherNo}`;
  return null;
}

/** A payout can be reversed once, and a reversal is not reversed in turn. */
export const isReversible = (payout: ExpensePayout) => payout.reverses === null && payout.reversedBy === null;

const EVENT_LABELS: Record<string, string> = {
  create: 'Recorded',
  update: 'Edited',
  submit: 'Submitted for approval',
  approve: 'Approved',
  reject: 'Rejected',
  reopen: 'Returned to draft',
  cancel: 'Cancelled',
  payout: 'Payout recorded',
  payout_reversal: 'Payout reversed',
  attachment_add: 'Attachment added',
  attachment_remove: 'Attachment removed',
};

/** The line a history entry opens with: a known step by name, anything newer spelled out from its code. */
export function eventLabel(event: Pick<ExpenseEvent, 'action'>) {
  return EVENT_LABELS[event.action] ?? capitalize(event.action.replace(/[._]/g, ' '));
}

/** 'Draft → Pending approval', or just the status an entry left it in. */
export function statusChange(event: Pick<ExpenseEvent, 'fromStatus' | 'toStatus'>) {
  const { fromStatus, toStatus } = event;
  if (!toStatus || fromStatus === toStatus) return null;
  return fromStatus
    ? `${EXPENSE_STATUS_LABELS[fromStatus]} → ${EXPENSE_STATUS_LABELS[toStatus]}`
    : EXPENSE_STATUS_LABELS[toStatus];
}

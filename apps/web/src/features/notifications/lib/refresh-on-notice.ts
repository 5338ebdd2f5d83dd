import type { NotificationKind } from '@schoolledger/domain';
import type { QueryKey } from '@tanstack/react-query';

/*
 * What each kind of event changes on screen, as the query-key prefixes of the features that show
 * it (features do not import one another, so their prefixes are named here): every role's
 * dashboard, the overviews, Fee Management (its payment list, transfer queue and approvals), a
 * family's fees and payments, the cash desk, adjustments and expenses. The one place a notice or a
 * school's change decides what an open page refetches.
 */
const DASHBOARDS = ['dashboard'] as const;
const OVERVIEWS = ['overview'] as const;
const FEE_MANAGEMENT = ['fees'] as const;
const FAMILY_FEES = ['studentFees'] as const;
const CASH_DESK = ['cashDesk'] as const;
const PAYMENT_ANALYTICS = ['payment-config'] as const;
const ADJUSTMENTS = ['adjustments'] as const;
const EXPENSES = ['expenses'] as const;
const TILLS = ['tills'] as const;

/** Money moved: what was paid, what is owed and every total built on them. */
const MONEY: readonly QueryKey[] = [
  DASHBOARDS,
  OVERVIEWS,
  FEE_MANAGEMENT,
  FAMILY_FEES,
  CASH_DESK,
  PAYMENT_ANALYTICS,
  ADJUSTMENTS,
];
/** A fee or an adjustment changed what is owed, or waits for approval. */
const OWED: readonly QueryKey[] = [DASHBOARDS, FEE_MANAGEMENT, FAMILY_FEES, CASH_DESK, ADJUSTMENTS];

export const QUERIES_CHANGED_BY: Record<NotificationKind, readonly QueryKey[]> = {
  payment_succeeded: MONEY,
  payment_failed: MONEY,
  transfer_confirmed: MONEY,
  transfer_rejected: MONEY,
  refund: MONEY,
  payment_credited: MONEY,
  transfer_claimed: MONEY,
  payment_disputed: [DASHBOARDS, FEE_MANAGEMENT],
  refund_failed: MONEY,
  fee_assigned: OWED,
  fee_approved: OWED,
  fee_rejected: OWED,
  fee_to_approve: OWED,
  adjustment_to_approve: OWED,
  late_fee: OWED,
  payment_reminder: [FEE_MANAGEMENT, FAMILY_FEES],
  expense: [DASHBOARDS, EXPENSES],
  budget_alert: [DASHBOARDS, EXPENSES],
  till_variance: [TILLS],
  till_not_banked: [TILLS],
  till_left_open: [TILLS],
  void_to_approve: [TILLS],
  account_created: [],
  account_locked: [],
  system: [],
};

/** Every prefix above: what a stream that was broken refetches, since it may have missed changes. */
export const QUERIES_CHANGED_BY_ANY: readonly QueryKey[] = [...MONEY, EXPENSES, TILLS];

import {
  type ExpenseDetail,
  formatKobo,
  isExpensePayable,
  LAGOS,
  PAYOUT_METHOD_LABELS,
  type PayoutInput,
  statusAfterPayouts,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, type AuditEntry, recordAudit } from '../audit/audit.queries.js';
import { checkBudgetAlerts } from '../budgets/budget-alerts.service.js';
import {
  expenseNotFound,
  notPayable,
  paidBeforeExpense,
  paidInClosedSession,
  paidInFuture,
  payoutAboveRemaining,
  payoutAlreadyReversed,
  payoutNotFound,
} from './expenses.errors.js';
import {
  closedSessionOn,
  type ExpenseRecord,
  findPayout,
  insertEvent,
  insertPayout,
  lockExpense,
  nextExpenseNumber,
  updateExpense,
} from './expenses.queries.js';
import { auditableExpense, formatReference, getExpense, inScope } from './expenses.service.js';

export const PAYOUT = {
  recorded: 'Payout recorded',
  reversed: 'Payout reversed',
} as const;

const auditablePayout = (row: {
  voucherNo: string;
  amountKobo: bigint;
  method: string;
  reference: string | null;
  paidOn: string;
  payeeName: string;
  payeeBankName: string | null;
  payeeAccountNumber: string | null;
  payeeAccountName: string | null;
  reversesId: string | null;
}) => ({
  voucherNo: row.voucherNo,
  amountKobo: row.amountKobo.toString(),
  method: row.method,
  reference: row.reference,
  paidOn: row.paidOn,
  payeeName: row.payeeName,
  payeeBankName: row.payeeBankName,
  payeeAccountNumber: row.payeeAccountNumber,
  payeeAccountName: row.payeeAccountName,
  reversesId: row.reversesId,
});

/**
 * The trail's entry of a payout: the expense before it, and the payout with the expense after it.
 * The demo's history writes its past payouts with it too.
 */
export const payoutAuditEntry = (
  payout: Parameters<typeof auditablePayout>[0] & { id: string },
  before: ExpenseRecord,
  after: ExpenseRecord,
): AuditEntry => ({
  action: 'expense_payout.create',
  entity: 'expense_payout',
  entityId: payout.id,
  schoolId: before.schoolId,
  before: auditableExpense(before),
  after: { ...auditablePayout(payout), expense: auditableExpense(after) },
});

/** Who a payout pays and into which account: what the expense's approval fixed, copied onto the payout's row. */
const payeeOf = (row: Pick<ExpenseRecord, 'payeeName' | PayeeAccountColumn>) => ({
  payeeName: row.payeeName,
  payeeBankCode: row.payeeBankCode,
  payeeBankName: row.payeeBankName,
  payeeAccountNumber: row.payeeAccountNumber,
  payeeAccountName: row.payeeAccountName,
});
type PayeeAccountColumn = 'payeeBankCode' | 'payeeBankName' | 'payeeAccountNumber' | 'payeeAccountName';

/**
 * A payout is dated between the day its expense was recorded and today, and not in a session the
 * school has closed.
 */
async function checkPaidOn(tx: Tx, ctx: AppContext, expense: ExpenseRecord, paidOn: string) {
  if (paidOn > todayIn(LAGOS, ctx.clock())) throw paidInFuture();
  const recorded = todayIn(LAGOS, expense.createdAt);
  if (paidOn < recorded) throw paidBeforeExpense(recorded);
  const closed = await closedSessionOn(tx, expense.schoolId, paidOn);
  if (closed) throw paidInClosedSession(closed.name);
}

/**
 * What every payout and reversal does after its row: the expense's paid amount and status, its
 * history, the trail, and the category's budget alerts. `change` is signed (negative to reverse).
 */
async function settle(
  tx: Tx,
  ctx: AppContext,
  context: {
    before: ExpenseRecord;
    change: bigint;
    action: 'payout' | 'payout_reversal';
    note: string;
    userId: string;
  },
) {
  const { before, change } = context;
  const paidKobo = before.paidKobo + change;
  const status = statusAfterPayouts(before.amountKobo, paidKobo);
  const after = await updateExpense(tx, before.id, { paidKobo, status });
  await insertEvent(tx, {
    expenseId: before.id,
    schoolId: before.schoolId,
    action: context.action,
    fromStatus: before.status,
    toStatus: status,
    note: context.note,
    actorId: context.userId,
  });
  await checkBudgetAlerts(tx, ctx, { schoolId: before.schoolId, termId: before.termId, category: before.category });
  return after;
}

/**
 * Money paid out against an approved expense, under the expense's row lock: what remains is read
 * from the locked row, so two bursars paying the last naira at once take turns and the second is
 * told how little is left. Each payout gets the school's next voucher number.
 */
export async function recordPayout(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: PayoutInput,
  actor: Actor,
): Promise<ExpenseDetail> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockExpense(tx, inScope(auth), id);
    if (!before) throw expenseNotFound();
    // Paid in full is "nothing remains" rather than "not payable": a bursar who loses a race for
    // the last naira hears the same whether the other payout took some of it or all of it.
    if (!isExpensePayable(before.status) && before.status !== 'paid') throw notPayable(before.status);
    await checkPaidOn(tx, ctx, before, input.paid_on);
    const remaining = before.amountKobo - before.paidKobo;
    if (input.amount > remaining) throw payoutAboveRemaining(remaining);
    const payout = await insertPayout(tx, {
      expenseId: id,
      schoolId: before.schoolId,
      voucherNo: formatReference('PV', await nextExpenseNumber(tx, before.schoolId, 'voucher')),
      amountKobo: input.amount,
      method: input.method,
      reference: input.reference || null,
      paidOn: input.paid_on,
      ...payeeOf(before),
      note: input.note || null,
      createdBy: auth.userId,
    });
    const after = await settle(tx, ctx, {
      before,
      change: input.amount,
      action: 'payout',
      note: `${payout.voucherNo}: ${formatKobo(input.amount)} by ${PAYOUT_METHOD_LABELS[input.method]}`,
      userId: auth.userId,
    });
    await recordAudit(tx, actor, payoutAuditEntry(payout, before, after));
  });
  return getExpense(ctx, auth, id);
}

/**
 * Takes a payout back with a compensating entry (the negative amount, its own voucher number,
 * dated today): the payout stays in the record. Once per payout; a reversal is not reversed.
 */
export async function reversePayout(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  payoutId: string,
  reason: string,
  actor: Actor,
): Promise<ExpenseDetail> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockExpense(tx, inScope(auth), id);
    if (!before) throw expenseNotFound();
    const found = await findPayout(tx, id, payoutId);
    if (!found) throw payoutNotFound();
    const { payout } = found;
    if (payout.reversesId || found.reversalId) throw payoutAlreadyReversed(payout.reversesId !== null);
    const reversal = await insertPayout(tx, {
      expenseId: id,
      schoolId: before.schoolId,
      voucherNo: formatReference('PV', await nextExpenseNumber(tx, before.schoolId, 'voucher')),
      amountKobo: -payout.amountKobo,
      method: payout.method,
      reference: payout.reference,
      paidOn: todayIn(LAGOS, ctx.clock()),
      // Back from where the payout went, whatever the expense holds now.
      ...payeeOf(payout),
      note: reason,
      reversesId: payout.id,
      createdBy: auth.userId,
    });
    const after = await settle(tx, ctx, {
      before,
      change: -payout.amountKobo,
      action: 'payout_reversal',
      note: `${reversal.voucherNo} reverses ${payout.voucherNo}: ${reason}`,
      userId: auth.userId,
    });
    await recordAudit(tx, actor, {
      action: 'expense_payout.reverse',
      entity: 'expense_payout',
      entityId: reversal.id,
      schoolId: before.schoolId,
      before: { ...auditablePayout(payout), expense: auditableExpense(before) },
      after: { ...auditablePayout(reversal), reason, expense: auditableExpense(after) },
    });
  });
  return getExpense(ctx, auth, id);
}

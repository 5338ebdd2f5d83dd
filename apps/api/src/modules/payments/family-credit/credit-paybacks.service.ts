import {
  type CreditPayback,
  type CreditPaybackDecision,
  type CreditPaybackList,
  type CreditPaybackListQuery,
  displayName,
  formatKobo,
  type RefundCreditInput,
} from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { notify } from '../../notifications/notifications.service.js';
import {
  countPaybacks,
  findPayback,
  insertPayback,
  listPaybacks,
  lockPayback,
  type PaybackRecord,
  paybackApproversOf,
  paybacksWhere,
  updatePayback,
} from './credit-paybacks.queries.js';
import {
  creditNotEnough,
  familyNotFound,
  ownPaybackApproval,
  paybackNotFound,
  paybackNotPending,
} from './family-credit.errors.js';
import { toCreditPayback } from './family-credit.presenters.js';
import { balanceOf, findFamily, firstChildSchoolOf } from './family-credit.queries.js';
import { payCreditBack } from './family-credit.service.js';

/*
 * Credit paid back to the family leaves the school's bank, so, like every other money leaving,
 * it takes two people: one asks (POST /family-credit/refund), another who may refund approves,
 * and only then does the family's credit go down. Who asked never decides.
 */

/** Where the approvers and the asker read about a payback: the cash desk lists the waiting ones. */
const PAYBACKS_PAGE = '/bursar/cash-payments';

const auditable = (row: PaybackRecord) => ({
  parentId: row.parentId,
  amountKobo: row.amountKobo.toString(),
  reason: row.reason,
  status: row.status,
  requestedBy: row.requestedBy,
  entryId: row.entryId,
});

async function getPayback(db: DbOrTx, auth: AuthContext, id: string): Promise<CreditPayback> {
  const row = await findPayback(db, paybacksWhere(auth.scope), id);
  if (!row) throw paybackNotFound();
  return toCreditPayback(row);
}

/**
 * POST /family-credit/refund: asks for credit to be paid back to a family with a child in the
 * caller's schools. Nothing leaves yet; the approvers of the paying school are told.
 */
export async function requestPayback(
  ctx: AppContext,
  auth: AuthContext,
  input: RefundCreditInput,
  actor: Actor,
): Promise<CreditPayback> {
  const family = await findFamily(ctx.db, auth.scope, input.parent_id);
  if (!family) throw familyNotFound();
  // The school paying the money back: the caller's own, or for the super-admin the first child's.
  const schoolId = auth.schoolId ?? (await firstChildSchoolOf(ctx.db, input.parent_id));
  if (!schoolId) throw familyNotFound();
  const balance = await balanceOf(ctx.db, input.parent_id);
  if (input.amount > balance) throw creditNotEnough(balance);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await insertPayback(tx, {
      parentId: input.parent_id,
      schoolId,
      amountKobo: input.amount,
      reason: input.reason,
      status: 'pending',
      requestedBy: auth.userId,
    });
    await recordAudit(tx, actor, {
      action: 'family_credit_payback.request',
      entity: 'family_credit_payback',
      entityId: row.id,
      schoolId,
      after: auditable(row),
    });
    const asker = displayName(auth.row.user);
    await notify(tx, ctx, await paybackApproversOf(tx, schoolId, auth.userId), {
      kind: 'refund',
      type: 'info',
      title: `Credit payback to approve: ${displayName(family)}`,
      message: `${asker} asked to pay ${formatKobo(input.amount)} of family credit back to ${displayName(family)}: ${input.reason}. It is paid only once someone else approves it.`,
      actionUrl: PAYBACKS_PAGE,
      metadata: { amount: input.amount },
      schoolId,
      createdBy: auth.userId,
      email: { templateId: 'system_notification', variables: {} },
    });
    return row.id;
  });
  return getPayback(ctx.db, auth, id);
}

/** GET /family-credit/paybacks: the paybacks of the caller's schools, newest first. */
export async function listPaybackPage(
  ctx: AppContext,
  auth: AuthContext,
  query: CreditPaybackListQuery,
): Promise<CreditPaybackList> {
  const where = paybacksWhere(auth.scope, { status: query.status, parentId: query.parent_id });
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    listPaybacks(ctx.db, where, { limit: query.limit, offset }),
    countPaybacks(ctx.db, where),
  ]);
  return {
    paybacks: rows.map(toCreditPayback),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/**
 * PATCH /family-credit/paybacks/{id}/decision: someone other than the asker approves (the credit
 * goes down now, refused when the family has since used it) or rejects it, and the asker is told.
 */
export async function decidePayback(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  decision: CreditPaybackDecision,
  actor: Actor,
): Promise<CreditPayback> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockPayback(tx, paybacksWhere(auth.scope), id);
    if (!before) throw paybackNotFound();
    if (before.requestedBy === auth.userId) throw ownPaybackApproval();
    if (before.status !== 'pending') throw paybackNotPending(before.status);
    const now = ctx.clock();
    let after: PaybackRecord;
    if (decision.status === 'approved') {
      const entry = await payCreditBack(tx, actor, before);
      after = await updatePayback(tx, id, {
        status: 'approved',
        decidedBy: auth.userId,
        decidedAt: now,
        entryId: entry.id,
      });
    } else {
      after = await updatePayback(tx, id, {
        status: 'rejected',
        decidedBy: auth.userId,
        decidedAt: now,
        rejectionReason: decision.reason,
      });
    }
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'family_credit_payback.approve' : 'family_credit_payback.reject',
      entity: 'family_credit_payback',
      entityId: id,
      schoolId: before.schoolId,
      before: auditable(before),
      after: { ...auditable(after), ...(decision.status === 'rejected' ? { reason: decision.reason } : {}) },
    });
    if (before.requestedBy) {
      const family = await findFamily(tx, null, before.parentId);
      const whose = family ? ` to ${displayName(family)}` : '';
      const decider = displayName(auth.row.user);
      const approved = decision.status === 'approved';
      await notify(tx, ctx, [before.requestedBy], {
        kind: 'refund',
        type: approved ? 'success' : 'error',
        title: approved ? 'Credit payback approved' : 'Credit payback rejected',
        message: approved
          ? `${decider} approved paying ${formatKobo(before.amountKobo)} of family credit back${whose}. Pay it from the school account.`
          : `${decider} rejected paying ${formatKobo(before.amountKobo)} of family credit back${whose}: ${decision.reason}`,
        actionUrl: PAYBACKS_PAGE,
        metadata: { amount: before.amountKobo },
        schoolId: before.schoolId,
        createdBy: auth.userId,
        email: { templateId: 'system_notification', variables: {} },
      });
    }
  });
  return getPayback(ctx.db, auth, id);
}

import {
  formatKobo,
  type PaymentVoid,
  type PaymentVoidList,
  type PaymentVoidStatus,
  type TillReport,
  type TillVoidApproveInput,
  type TillVoidInput,
  type TillVoidRejectInput,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope, inSchoolScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { refundOfPayment } from '../ledger/payment-rows.js';
import { findRefundOf, insertPayment, lockPayment, type PaymentRow } from '../ledger/payments.queries.js';
import { notify } from '../notifications/notifications.service.js';
import { settingsForSchool } from '../settings/settings.service.js';
import {
  ownVoidDecision,
  paymentNotFound,
  voidAlreadyDecided,
  voidAlreadyRequested,
  voidDeciderNotAllowed,
  voidNotAllowed,
  voidNotFound,
  voidNotYourTill,
} from './till-voids.errors.js';
import {
  insertVoid,
  isParentOfStudent,
  keptAsCredit,
  liveVoidOf,
  lockVoid,
  tillCashPayments,
  updateVoid,
  type VoidRow,
  type VoidView,
  voidApprovers,
  voidsInScope,
  voidsOfTill,
} from './till-voids.queries.js';
import { tillNotFound } from './tills.errors.js';
import { lockTill, namesOf, type TillRow } from './tills.queries.js';

export const TILL_VOID = {
  requested: 'Void asked for. A second person must approve it before the money goes back.',
  approved: 'Void approved. Hand the money back to the payer from the till.',
  rejected: 'Void rejected. The payment stands.',
  loaded: 'Voids retrieved',
};

interface VoidCall<Input> {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  input: Input;
  tillId: string;
}

/** Voids as the wire shows them, their people's names read once for all. */
export async function presentVoids(db: ReadDb, views: readonly VoidView[]): Promise<PaymentVoid[]> {
  const names = await namesOf(
    db,
    views.flatMap(({ row, studentId }) => [row.requestedBy, studentId, ...(row.decidedBy ? [row.decidedBy] : [])]),
  );
  const person = (id: string) => ({ _id: id, name: names.get(id) ?? 'Unknown' });
  return views.map(({ row, desk, receiptNo, amountKobo, studentId, studentName }) => ({
    _id: row.id,
    school_id: row.schoolId,
    till_id: row.tillSessionId,
    desk,
    payment_id: row.paymentId,
    receipt_no: receiptNo,
    student: { _id: studentId, name: studentName },
    amount: amountKobo,
    reason: row.reason,
    status: row.status,
    requested_by: person(row.requestedBy),
    requested_at: row.requestedAt.toISOString(),
    decided_by: row.decidedBy ? person(row.decidedBy) : null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decision_note: row.decisionNote,
  }));
}

/** What a till's report shows of its payments one by one and of their voids. */
export interface TillVoidReport {
  cashPayments: TillReport['report']['cash_payments'];
  voids: PaymentVoid[];
}

/** The cash payments a till took, each with where its void stands, and the voids asked for on them. */
export async function tillVoidReport(db: ReadDb, tillId: string): Promise<TillVoidReport> {
  const taken = await tillCashPayments(db, tillId);
  const names = await namesOf(
    db,
    taken.flatMap((payment) => (payment.recordedBy ? [payment.recordedBy] : [])),
  );
  return {
    cashPayments: taken.map((payment) => ({
      payment_id: payment.paymentId,
      receipt_no: payment.receiptNo,
      student: { _id: payment.studentId, name: payment.studentName },
      amount: payment.amountKobo,
      at: payment.at.toISOString(),
      recorded_by: payment.recordedBy
        ? { _id: payment.recordedBy, name: names.get(payment.recordedBy) ?? 'Unknown' }
        : null,
      refunded: payment.refunded,
      void_status: payment.voidStatus,
    })),
    voids: await presentVoids(db, await voidsOfTill(db, tillId)),
  };
}

async function presentOne(db: ReadDb, row: VoidRow): Promise<PaymentVoid> {
  const found = (await voidsOfTill(db, row.tillSessionId)).find((view) => view.row.id === row.id);
  return (await presentVoids(db, [found!]))[0]!;
}

const auditView = (row: VoidRow) => ({
  paymentId: row.paymentId,
  tillSessionId: row.tillSessionId,
  reason: row.reason,
  status: row.status,
  decisionNote: row.decisionNote,
  refundPaymentId: row.refundPaymentId,
});

/**
 * What keeps a payment from being voided: only successful cash taken into this till, neither
 * refunded nor partly kept as the family's credit (a void gives the whole payment back in cash).
 */
async function assertVoidable(tx: DbOrTx, till: TillRow, payment: PaymentRow | undefined) {
  if (!payment) throw paymentNotFound();
  if (payment.kind !== 'payment' || payment.status !== 'success' || payment.method !== 'cash') {
    throw voidNotAllowed('Only a successful cash payment can be voided');
  }
  if (payment.tillSessionId !== till.id) throw voidNotAllowed('This payment was not taken into this till');
  if (till.status !== 'open') throw voidNotAllowed('A payment can be voided only while its till is open');
  if (await findRefundOf(tx, payment.id)) throw voidNotAllowed('This payment was refunded, so it cannot be voided');
  if (await keptAsCredit(tx, payment.id)) {
    throw voidNotAllowed("Part of this payment went to the family's credit, so it cannot be voided: refund it instead");
  }
}

/** The people who may approve a void hear of it as it is asked for, with a link to the Cash tills page. */
async function notifyVoidToApprove({
  tx,
  ctx,
  row,
  payment,
  till,
}: {
  tx: DbOrTx;
  ctx: AppContext;
  row: VoidRow;
  payment: PaymentRow;
  till: TillRow;
}) {
  const { tillCloseConfirmers } = (await settingsForSchool({ config: ctx.config, db: tx }, till.schoolId)).cashDesk;
  const names = await namesOf(tx, [row.requestedBy, payment.studentId]);
  const receipt = payment.receiptNo ?? 'a cash payment';
  await notify(
    tx,
    ctx,
    await voidApprovers(tx, { schoolId: till.schoolId, roles: tillCloseConfirmers, except: row.requestedBy }),
    {
      kind: 'void_to_approve',
      type: 'info',
      title: `Void to approve: ${receipt}`,
      message: `${names.get(row.requestedBy) ?? 'A bursar'} asks to void ${receipt} (${formatKobo(payment.amountKobo)}, ${names.get(payment.studentId) ?? 'a student'}) at ${till.desk}: ${row.reason}. The money goes back to the payer once someone else approves it.`,
      actionUrl: `/bursar/tills?school=${till.schoolId}`,
      metadata: { amount: payment.amountKobo, reason: row.reason },
      schoolId: till.schoolId,
      createdBy: row.requestedBy,
      email: { templateId: 'system_notification', variables: {} },
    },
  );
}

/** The bursar whose open till took a cash payment by mistake asks to void it, with a reason. */
export async function requestVoid({ ctx, auth, actor, input, tillId }: VoidCall<TillVoidInput>): Promise<PaymentVoid> {
  let created: VoidRow;
  try {
    created = await ctx.db.transaction(async (tx) => {
      const till = await lockTill(tx, auth.scope, tillId);
      if (!till) throw tillNotFound();
      if (till.openedBy !== auth.userId) throw voidNotYourTill();
      const payment = await lockPayment(tx, inSchoolScope(auth.scope, payments.schoolId), input.payment_id);
      if (payment && (await liveVoidOf(tx, payment.id))) throw voidAlreadyRequested();
      await assertVoidable(tx, till, payment);
      const row = await insertVoid(tx, {
        schoolId: till.schoolId,
        paymentId: input.payment_id,
        tillSessionId: till.id,
        reason: input.reason,
        requestedBy: auth.userId,
        requestedAt: ctx.clock(),
      });
      await notifyVoidToApprove({ tx, ctx, row, payment: payment!, till });
      await recordAudit(tx, actor, {
        action: 'till_void.request',
        entity: 'payment_void',
        entityId: row.id,
        schoolId: row.schoolId,
        before: { paymentId: payment!.id, receiptNo: payment!.receiptNo, amountKobo: payment!.amountKobo.toString() },
        after: auditView(row),
      });
      return row;
    });
  } catch (error) {
    // Two requests raced past the check: the partial unique index let one through.
    if (isUniqueViolation(error, 'payment_voids_one_uq')) throw voidAlreadyRequested();
    throw error;
  }
  return presentOne(ctx.db, created);
}

/**
 * A void and its payment, held for a decision by a second person: never whoever asked for it,
 * recorded the payment, or is (a parent of) the student it paid for, and only a role the school
 * lets confirm a till.
 */
async function heldForDecision(tx: DbOrTx, { ctx, auth, tillId, voidId }: VoidDecision) {
  const till = await lockTill(tx, auth.scope, tillId);
  if (!till) throw tillNotFound();
  const row = await lockVoid(tx, auth.scope, { tillId, voidId });
  if (!row) throw voidNotFound();
  if (row.status !== 'pending') throw voidAlreadyDecided(row.status);
  const payment = await lockPayment(tx, undefined, row.paymentId);
  if (!payment) throw paymentNotFound();
  if (
    row.requestedBy === auth.userId ||
    payment.initiatedBy === auth.userId ||
    payment.studentId === auth.userId ||
    (await isParentOfStudent(tx, auth.userId, payment.studentId))
  ) {
    throw ownVoidDecision();
  }
  const { tillCloseConfirmers } = (await settingsForSchool({ config: ctx.config, db: tx }, till.schoolId)).cashDesk;
  if (!auth.roles.some((role) => (tillCloseConfirmers as readonly string[]).includes(role))) {
    throw voidDeciderNotAllowed(tillCloseConfirmers);
  }
  return { till, row, payment };
}

interface VoidDecision {
  ctx: AppContext;
  auth: AuthContext;
  tillId: string;
  voidId: string;
}

/**
 * Approved, in one transaction: the void, and a compensating cash refund row of the whole payment
 * paid out of the same till, so the ledger reverses it through `ledger_post_payment` and the fee is
 * owed again. The payment keeps its receipt number; the refund row takes none.
 */
export async function approveVoid({
  ctx,
  auth,
  actor,
  input,
  tillId,
  voidId,
}: VoidCall<TillVoidApproveInput> & { voidId: string }): Promise<PaymentVoid> {
  let approved: VoidRow;
  try {
    approved = await ctx.db.transaction(async (tx) => {
      const { till, row, payment } = await heldForDecision(tx, { ctx, auth, tillId, voidId });
      await assertVoidable(tx, till, payment);
      const now = ctx.clock();
      const refund = await insertPayment(tx, {
        ...refundOfPayment(payment),
        status: 'success',
        reason: `Void: ${row.reason}`,
        initiatedBy: auth.userId,
        paidAt: now,
        verifiedAt: now,
        reviewedBy: auth.userId,
        reviewedAt: now,
        tillSessionId: till.id,
      });
      const decided = await updateVoid(tx, row.id, {
        status: 'approved',
        decidedBy: auth.userId,
        decidedAt: now,
        decisionNote: input.note?.trim() || null,
        refundPaymentId: refund.id,
      });
      await recordAudit(tx, actor, {
        action: 'till_void.approve',
        entity: 'payment_void',
        entityId: decided.id,
        schoolId: decided.schoolId,
        before: auditView(row),
        after: { ...auditView(decided), amountKobo: refund.amountKobo.toString(), receiptNo: payment.receiptNo },
      });
      return decided;
    });
  } catch (error) {
    // A refund of the payment got in first: the unique index on refund_of refuses the second.
    if (isUniqueViolation(error, 'payments_refund_of_idx')) {
      throw voidNotAllowed('This payment was refunded, so it cannot be voided');
    }
    throw error;
  }
  return presentOne(ctx.db, approved);
}

/** Rejected with a note: the payment stands, and another void of it may be asked for. */
export async function rejectVoid({
  ctx,
  auth,
  actor,
  input,
  tillId,
  voidId,
}: VoidCall<TillVoidRejectInput> & { voidId: string }): Promise<PaymentVoid> {
  const rejected = await ctx.db.transaction(async (tx) => {
    const { row } = await heldForDecision(tx, { ctx, auth, tillId, voidId });
    const decided = await updateVoid(tx, row.id, {
      status: 'rejected',
      decidedBy: auth.userId,
      decidedAt: ctx.clock(),
      decisionNote: input.note,
    });
    await recordAudit(tx, actor, {
      action: 'till_void.reject',
      entity: 'payment_void',
      entityId: decided.id,
      schoolId: decided.schoolId,
      before: auditView(row),
      after: auditView(decided),
    });
    return decided;
  });
  return presentOne(ctx.db, rejected);
}

/** The voids of the caller's schools, by status: the approvers' list of those waiting. */
export async function listVoids({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: { status?: PaymentVoidStatus | undefined; school_id?: string | undefined };
}): Promise<PaymentVoidList> {
  if (input.school_id) assertSchoolInScope(auth.scope, input.school_id);
  const views = await voidsInScope(ctx.readDb, auth.scope, {
    ...(input.status ? { status: input.status } : {}),
    ...(input.school_id ? { schoolId: input.school_id } : {}),
  });
  return { voids: await presentVoids(ctx.readDb, views) };
}

import {
  type Adjustment,
  type AdjustmentDecision,
  type AdjustmentInput,
  type AdjustmentStatus,
  adjustmentKobo,
  type adjustmentListQuerySchema,
  percentOf,
  raisesFee,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { feeAdjustments } from '../../db/schema.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { owedOn } from '../fees/fee-ledger.queries.js';
import { feeNotFound } from '../fees/fees.errors.js';
import { findPayableFee, lockFee } from '../fees/fees.queries.js';
import { privateFile, removePrivateDocument, storePrivateDocument } from '../files/private-documents.service.js';
import { notifyAdjustmentAwaitingApproval } from '../notifications/notices.service.js';
import { studentNotFound } from '../students/students.errors.js';
import { findStudent, visibleTo } from '../students/students.queries.js';
import {
  aboveBalance,
  adjustmentNotApproved,
  adjustmentNotFound,
  adjustmentNotPending,
  documentFixed,
  ownAdjustmentApproval,
} from './adjustments.errors.js';
import { toAdjustment } from './adjustments.presenters.js';
import {
  type AdjustmentValues,
  adjustmentsWhere,
  countAdjustments,
  findAdjustment,
  insertAdjustment,
  insertAdjustmentOnce,
  listAdjustments,
  lockAdjustment,
  updateAdjustment,
} from './adjustments.queries.js';

type ListQuery = z.output<typeof adjustmentListQuerySchema>;

/** The multipart field an adjustment's document comes in. */
export const DOCUMENT_FIELD = 'document';

export const ADJUSTMENT = {
  created: 'Adjustment recorded. It counts once another person approves it.',
  approved: 'Adjustment approved',
  rejected: 'Adjustment rejected',
  reversed: 'Adjustment reversed',
  loaded: 'Adjustments loaded',
} as const;

const inScope = (auth: AuthContext) => adjustmentsWhere(auth.scope, {});

/** Who or what made an automatic adjustment: the rule or the late-fee job, not a person. */
const SYSTEM: Actor = { userId: null, ip: null, userAgent: 'adjustments' };

const auditable = (row: typeof feeAdjustments.$inferSelect) => ({
  kind: row.kind,
  basis: row.basis,
  amountKobo: row.amountKobo?.toString() ?? null,
  percentBp: row.percentBp,
  status: row.status,
  feeId: row.feeId,
  studentId: row.studentId,
  reason: row.reason,
});

export async function listAdjustmentPage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const where = adjustmentsWhere(auth.scope, {
    schoolId: query.school_id,
    studentId: query.student_id,
    feeId: query.fee_id,
    status: query.status,
  });
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    listAdjustments(ctx.db, where, { limit: query.limit, offset }),
    countAdjustments(ctx.db, where),
  ]);
  return {
    adjustments: rows.map(toAdjustment),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

export async function getAdjustment(ctx: AppContext, auth: AuthContext, id: string): Promise<Adjustment> {
  const row = await findAdjustment(ctx.db, inScope(auth), id);
  if (!row) throw adjustmentNotFound();
  return toAdjustment(row);
}

/** The field a too-large reduction is blamed on: what the person typed. */
const fieldOf = (input: AdjustmentInput) =>
  input.basis === 'percent' ? 'percent' : input.basis === 'fixed' ? 'amount' : 'basis';

/**
 * A bursar or principal records a discount, scholarship or waiver on a fee of a student of their
 * schools. It waits for a second person; its amount is fixed now (a percentage is of the fee's
 * amount, rounded down to the kobo), except a waiver of the balance, fixed when approved.
 */
export async function createAdjustment(
  ctx: AppContext,
  auth: AuthContext,
  input: AdjustmentInput,
  actor: Actor,
): Promise<Adjustment> {
  const student = await findStudent(
    ctx.db,
    visibleTo({ scope: auth.scope, parentId: null, selfId: null }),
    input.student_id,
  );
  if (!student) throw studentNotFound();
  const found = await findPayableFee(ctx.db, input.student_id, input.fee_id);
  if (!found) throw feeNotFound();
  const fee = found.fee;
  const id = await ctx.db.transaction(async (tx) => {
    await lockFee(tx, fee.id);
    const owed = await owedOn(tx, input.student_id, fee);
    const amount =
      input.basis === 'fixed'
        ? (input.amount ?? 0n)
        : input.basis === 'percent'
          ? percentOf(fee.amountKobo, input.percent ?? 0)
          : null;
    if ((amount ?? owed) > owed || owed === 0n) throw aboveBalance(amount ?? 0n, owed, fieldOf(input));
    const row = await insertAdjustment(tx, {
      schoolId: fee.schoolId,
      feeId: fee.id,
      studentId: input.student_id,
      kind: input.kind,
      basis: input.basis,
      amountKobo: amount,
      percentBp: input.basis === 'percent' ? (input.percent ?? null) : null,
      reason: input.reason,
      status: 'pending',
      createdBy: auth.userId,
    });
    await recordAudit(tx, actor, {
      action: 'fee_adjustment.create',
      entity: 'fee_adjustment',
      entityId: row.id,
      schoolId: row.schoolId,
      after: auditable(row),
    });
    await notifyAdjustmentAwaitingApproval(tx, ctx, row.id);
    return row.id;
  });
  return getAdjustment(ctx, auth, id);
}

/**
 * Four eyes: someone other than the person who recorded it approves or rejects it. Approving
 * fixes a balance waiver's amount and checks again that a reduction is not more than is owed now
 * (a payment may have come in meanwhile), under the fee's lock like every payment.
 */
export async function decideAdjustment(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  decision: AdjustmentDecision,
  actor: Actor,
): Promise<Adjustment> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockAdjustment(tx, inScope(auth), id);
    if (!before) throw adjustmentNotFound();
    if (before.createdBy === auth.userId) throw ownAdjustmentApproval();
    if (before.status !== 'pending') throw adjustmentNotPending();
    const now = ctx.clock();
    let changes: Partial<AdjustmentValues>;
    if (decision.status === 'approved') {
      const fee = await lockFee(tx, before.feeId);
      if (!fee) throw feeNotFound();
      const owed = await owedOn(tx, before.studentId, fee);
      const amount = adjustmentKobo(
        { basis: before.basis, amount: before.amountKobo, percentBp: before.percentBp },
        { amount: fee.amountKobo, owed },
      );
      if (!raisesFee(before.kind) && (amount > owed || amount === 0n)) throw aboveBalance(amount, owed);
      changes = { status: 'approved', amountKobo: amount, decidedBy: auth.userId, decidedAt: now };
    } else {
      changes = { status: 'rejected', rejectionReason: decision.reason, decidedBy: auth.userId, decidedAt: now };
    }
    const after = await updateAdjustment(tx, id, changes);
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'fee_adjustment.approve' : 'fee_adjustment.reject',
      entity: 'fee_adjustment',
      entityId: id,
      schoolId: before.schoolId,
      before: auditable(before),
      after: auditable(after),
    });
  });
  return getAdjustment(ctx, auth, id);
}

/** Takes an approved adjustment back (a late fee waived, a discount withdrawn); the row keeps who, when and why. */
export async function reverseAdjustment(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  reason: string,
  actor: Actor,
): Promise<Adjustment> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockAdjustment(tx, inScope(auth), id);
    if (!before) throw adjustmentNotFound();
    if (before.status !== 'approved') throw adjustmentNotApproved();
    await lockFee(tx, before.feeId);
    const after = await updateAdjustment(tx, id, {
      status: 'reversed',
      reversedBy: auth.userId,
      reversedAt: ctx.clock(),
      reversalReason: reason,
    });
    await recordAudit(tx, actor, {
      action: 'fee_adjustment.reverse',
      entity: 'fee_adjustment',
      entityId: id,
      schoolId: before.schoolId,
      before: auditable(before),
      after: { ...auditable(after), reversalReason: reason },
    });
  });
  return getAdjustment(ctx, auth, id);
}

/**
 * Attaches the document behind an adjustment (a scholarship letter, a hardship form), replacing
 * any earlier one while it waits for its decision; the file is checked by its bytes and kept
 * outside the public folders. Once decided, the document is what the decision was made on, so
 * it is neither replaced nor removed.
 */
export async function attachDocument(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  readFile: () => Promise<Buffer>,
  actor: Actor,
): Promise<Adjustment> {
  // Another school's id is not found before its upload is read, as everywhere else.
  const found = await findAdjustment(ctx.db, inScope(auth), id);
  if (!found) throw adjustmentNotFound();
  assertDocumentOpen(found.adjustment.status);
  const { documentPath } = await storePrivateDocument(ctx, await readFile(), {
    folder: 'adjustments',
    field: DOCUMENT_FIELD,
  });
  let replaced: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await lockAdjustment(tx, inScope(auth), id);
      if (!before) throw adjustmentNotFound();
      // Checked again under the lock: an approval may have come between the read and the upload.
      assertDocumentOpen(before.status);
      replaced = before.documentPath;
      await updateAdjustment(tx, id, { documentPath });
      await recordAudit(tx, actor, {
        action: 'fee_adjustment.document',
        entity: 'fee_adjustment',
        entityId: id,
        schoolId: before.schoolId,
        after: { documentPath, replaced },
      });
    });
  } catch (error) {
    await removePrivateDocument(ctx, documentPath);
    throw error;
  }
  if (replaced) await removePrivateDocument(ctx, replaced);
  return getAdjustment(ctx, auth, id);
}

function assertDocumentOpen(status: AdjustmentStatus) {
  if (status !== 'pending') throw documentFixed(status);
}

/** The stored document of an adjustment the caller may see. */
export async function documentOf(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findAdjustment(ctx.db, inScope(auth), id);
  if (!row?.adjustment.documentPath) throw adjustmentNotFound();
  return privateFile(ctx, row.adjustment.documentPath);
}

/**
 * An adjustment a rule or the late-fee job makes: approved at once (its rule or policy was
 * approved), on the system's name in the trail. Made once: a second call for the same rule, fee
 * and student (or late-fee period) finds the unique index and returns null, as does one made and
 * since reversed, so an override sticks.
 */
export async function applyAutomaticAdjustment(
  tx: DbOrTx,
  now: Date,
  values: Pick<
    AdjustmentValues,
    | 'schoolId'
    | 'feeId'
    | 'studentId'
    | 'kind'
    | 'basis'
    | 'amountKobo'
    | 'percentBp'
    | 'reason'
    | 'ruleId'
    | 'lateFeePolicyId'
    | 'period'
  >,
) {
  const row = await insertAdjustmentOnce(tx, { ...values, status: 'approved', decidedAt: now });
  if (!row) return null;
  await recordAudit(tx, SYSTEM, {
    action: 'fee_adjustment.apply',
    entity: 'fee_adjustment',
    entityId: row.id,
    schoolId: row.schoolId,
    after: auditable(row),
  });
  return row;
}

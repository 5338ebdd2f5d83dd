import {
  type ApplyCreditInput,
  type ApplyCreditResult,
  can,
  displayName,
  type FamilyCredit,
  type FamilyCreditEntryKind,
  type FamilyCreditQuery,
  type Siblings,
} from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import type { fees } from '../../../db/schema.js';
import { forbidden, isCheckViolation } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { feeNotFound } from '../../fees/fees.errors.js';
import { findPayableFee, lockFee } from '../../fees/fees.queries.js';
import { newReference } from '../../ledger/payment-rows.js';
import { insertPayment, type PaymentRow } from '../../ledger/payments.queries.js';
import { type TakeAtOnce, takeAtOnce } from '../../ledger/take-at-once.js';
import { studentNotFound } from '../../students/students.errors.js';
import { findStudent, visibleTo } from '../../students/students.queries.js';
import { recordedPayment } from '../cash/cash.presenter.js';
import { SYSTEM } from '../system-actor.js';
import { creditNotEnough, familyNotFound } from './family-credit.errors.js';
import { toFamilyCredit } from './family-credit.presenters.js';
import {
  autoApplyCreditOn,
  balanceOf,
  countCreditEntries,
  creditHolderOf,
  deskFamilyOf,
  familiesWithWaitingCredit,
  findFamily,
  groupOfSchool,
  insertCreditEntry,
  isParentOf,
  listCreditEntries,
  movedToCreditKobo,
  owedFeesOf,
  siblingsOf,
} from './family-credit.queries.js';

export const CREDIT_MESSAGES = {
  loaded: 'Family credit loaded',
  applied: 'Credit applied to the fee',
  requested: 'Payback requested. Another person who may refund must approve it before the money is paid.',
  approved: 'Payback approved. Pay the money back to the family from the school account.',
  rejected: 'Payback rejected',
  paybacksLoaded: 'Paybacks loaded',
};

/** The reason on the compensating row that takes an over-collection off the fee. */
export const MOVED_TO_CREDIT = 'Moved to family credit';

const BALANCE_CHECK = 'family_credit_balances_not_negative';

interface CreditMove {
  parentId: string;
  schoolId: string;
  /** Signed: positive adds to the family's credit, negative takes from it. */
  amountKobo: bigint;
  kind: FamilyCreditEntryKind;
  paymentId: string | null;
  reason?: string | null;
}

/**
 * Writes one ledger entry and its audit row. The balance moves by trigger in the same statement;
 * its check refuses a take beyond what is there, also when two desks spend the same credit at
 * once, which answers as `creditNotEnough` rather than a database error.
 */
async function moveCredit(tx: DbOrTx, actor: Actor, move: CreditMove) {
  const groupSchoolId = await groupOfSchool(tx, move.schoolId);
  if (!groupSchoolId) throw familyNotFound();
  let entry: Awaited<ReturnType<typeof insertCreditEntry>>;
  try {
    entry = await insertCreditEntry(tx, {
      groupSchoolId,
      parentId: move.parentId,
      schoolId: move.schoolId,
      amountKobo: move.amountKobo,
      kind: move.kind,
      paymentId: move.paymentId,
      reason: move.reason ?? null,
      createdBy: actor.userId,
    });
  } catch (error) {
    if (isCheckViolation(error, BALANCE_CHECK)) throw creditNotEnough();
    throw error;
  }
  await recordAudit(tx, actor, {
    action: `family_credit.${move.kind === 'applied' ? 'apply' : move.kind === 'refunded' ? 'refund' : move.kind}`,
    entity: 'family_credit_entry',
    entityId: entry.id,
    schoolId: move.schoolId,
    after: {
      parentId: move.parentId,
      kind: move.kind,
      amountKobo: move.amountKobo.toString(),
      paymentId: move.paymentId,
      reason: move.reason ?? null,
    },
  });
  return entry;
}

/** Whose credit money paid for `payment` becomes (see `creditHolderOf`); none without a linked parent. */
export const creditHolderOfPayment = (db: DbOrTx, payment: PaymentRow) =>
  creditHolderOf(db, payment.studentId, payment.initiatedBy);

/**
 * A payment (credited in `tx`) brought in `excessKobo` more than its fee was owed: a compensating
 * refund row of the excess, done at once and dated with the payment, takes it off the fee, and the
 * family's credit gains it. The fee shows exactly what was owed as paid, and the day's collections
 * count the money once. `refund_of` stays empty, so the payment itself can still be refunded
 * (for what it left on the fee).
 */
export async function moveExcessToCredit({
  tx,
  ctx,
  actor,
  payment,
  excessKobo,
  parentId,
}: {
  tx: DbOrTx;
  ctx: AppContext;
  actor: Actor;
  payment: PaymentRow;
  excessKobo: bigint;
  /** The family that keeps it (`creditHolderOfPayment`). */
  parentId: string;
}) {
  const now = ctx.clock();
  await insertPayment(tx, {
    schoolId: payment.schoolId,
    studentId: payment.studentId,
    feeId: payment.feeId,
    amountKobo: excessKobo,
    method: payment.method,
    kind: 'refund',
    status: 'success',
    reference: newReference(),
    currency: payment.currency,
    reason: MOVED_TO_CREDIT,
    paidAt: payment.paidAt ?? now,
    verifiedAt: now,
    reviewedBy: actor.userId,
    reviewedAt: now,
  });
  await moveCredit(tx, actor, {
    parentId,
    schoolId: payment.schoolId,
    amountKobo: excessKobo,
    kind: 'overpayment',
    paymentId: payment.id,
    reason: MOVED_TO_CREDIT,
  });
  await applyCreditAutomatically(tx, ctx, parentId, payment.schoolId);
}

/** A refund the school keeps as the family's credit (`refund` is the refund row just written). */
export async function creditRefund({
  tx,
  ctx,
  actor,
  refund,
  parentId,
  reason,
}: {
  tx: DbOrTx;
  ctx: AppContext;
  actor: Actor;
  refund: PaymentRow;
  parentId: string;
  reason: string;
}) {
  await moveCredit(tx, actor, {
    parentId,
    schoolId: refund.schoolId,
    amountKobo: refund.amountKobo,
    kind: 'refund_to_credit',
    paymentId: refund.refundOf,
    reason,
  });
  await applyCreditAutomatically(tx, ctx, parentId, refund.schoolId);
}

/** What `spendCredit` shares with `takeAtOnce`, and the family whose credit pays. */
export interface CreditUse
  extends Pick<TakeAtOnce, 'ctx' | 'actor' | 'studentId' | 'initiatedBy' | 'idempotencyKey' | 'notices'> {
  tx: DbOrTx;
  parentId: string;
  /** Held by the caller's transaction (lock-order.ts, step 1). */
  fee: typeof fees.$inferSelect;
  amountKobo: bigint;
  source: string;
}

/**
 * Pays (part of) a fee from the family's credit: a `credit` payment credited at once like cash
 * (receipt number), and the ledger's matching negative entry, in `tx`.
 */
export async function spendCredit(use: CreditUse) {
  const { tx, ctx, actor } = use;
  const balance = await balanceOf(tx, use.parentId);
  if (use.amountKobo > balance) throw creditNotEnough(balance);
  const taken = await takeAtOnce({
    db: tx,
    ctx,
    actor,
    schoolId: use.fee.schoolId,
    studentId: use.studentId,
    fee: use.fee,
    feeHeld: true,
    amountKobo: use.amountKobo,
    method: 'credit',
    initiatedBy: use.initiatedBy,
    idempotencyKey: use.idempotencyKey ?? null,
    audit: { source: use.source, parentId: use.parentId },
    notices: use.notices,
  });
  await moveCredit(tx, actor, {
    parentId: use.parentId,
    schoolId: use.fee.schoolId,
    amountKobo: -use.amountKobo,
    kind: 'applied',
    paymentId: taken.payment.id,
  });
  return taken;
}

/**
 * Where the school's profile says so, the family's credit pays its children's owed fees of that
 * school by itself, oldest first, until it runs out. Run as credit arises and as a fee becomes
 * payable for the family.
 */
export async function applyCreditAutomatically(tx: DbOrTx, ctx: AppContext, parentId: string, schoolId: string) {
  if (!(await autoApplyCreditOn(tx, schoolId))) return;
  let balance = await balanceOf(tx, parentId);
  if (balance === 0n) return;
  for (const owedFee of await owedFeesOf(tx, { parentId }, schoolId)) {
    if (balance === 0n) break;
    const fee = await lockFee(tx, owedFee.feeId);
    if (!fee) continue;
    const owed = await owedOn(tx, owedFee.studentId, fee);
    if (owed === 0n) continue;
    const amountKobo = owed < balance ? owed : balance;
    await spendCredit({
      tx,
      ctx,
      actor: SYSTEM,
      parentId,
      studentId: owedFee.studentId,
      fee,
      amountKobo,
      initiatedBy: null,
      source: 'auto_apply_credit',
    });
    balance -= amountKobo;
  }
}

/**
 * Credit that waited for a fee: after fees are approved or assigned (and the rules pass has made
 * its discounts, so credit pays only what is left), each family's credit pays its owed fees in the
 * schools that apply it by themselves. One transaction per family and school.
 */
export async function applyWaitingCredit(ctx: AppContext) {
  let families = 0;
  for (const family of await familiesWithWaitingCredit(ctx.db)) {
    await ctx.db.transaction((tx) => applyCreditAutomatically(tx, ctx, family.parent_id, family.school_id));
    families++;
  }
  return { families };
}

/** The family whose credit the caller may use on this student's fee, and the student's school. */
async function familyForUse(ctx: AppContext, auth: AuthContext, input: ApplyCreditInput) {
  const isParent = auth.roles.includes('Parent');
  const isDesk = can(auth.roles, 'payments.cash');
  const student = await findStudent(
    ctx.db,
    visibleTo({ scope: isDesk ? auth.scope : null, parentId: isParent ? auth.userId : null, selfId: null }),
    input.student_id,
  );
  if (!student?.user.schoolId) throw studentNotFound();
  if (isParent && (await isParentOf(ctx.db, auth.userId, student.user.id))) {
    if (input.parent_id && input.parent_id !== auth.userId) throw familyNotFound();
    return auth.userId;
  }
  if (!isDesk) throw studentNotFound();
  const parentId = input.parent_id ?? (await creditHolderOf(ctx.db, student.user.id, null));
  if (!parentId || !(await isParentOf(ctx.db, parentId, student.user.id))) throw familyNotFound();
  return parentId;
}

/** POST /family-credit/apply: the parent for their child, or the desk of the fee's school. */
export async function applyCredit(
  ctx: AppContext,
  auth: AuthContext,
  input: ApplyCreditInput,
  actor: Actor,
): Promise<ApplyCreditResult> {
  const parentId = await familyForUse(ctx, auth, input);
  if (!(await findPayableFee(ctx.db, input.student_id, input.fee_id))) throw feeNotFound();
  return ctx.db.transaction(async (tx) => {
    const fee = await lockFee(tx, input.fee_id);
    if (!fee) throw feeNotFound();
    const { payment, owedBefore } = await spendCredit({
      tx,
      ctx,
      actor,
      parentId,
      studentId: input.student_id,
      fee,
      amountKobo: input.amount,
      initiatedBy: auth.userId,
      source: 'family_credit',
    });
    return {
      payment: recordedPayment(payment),
      outstanding: owedBefore - payment.amountKobo,
      balance: await balanceOf(tx, parentId),
    };
  });
}

/**
 * Credit paid back to the family, once a second person approved it (see credit-paybacks.service):
 * the negative entry, with the reason and who let it go, is the record of that money leaving.
 */
export const payCreditBack = (
  tx: DbOrTx,
  actor: Actor,
  payback: { parentId: string; schoolId: string; amountKobo: bigint; reason: string },
) =>
  moveCredit(tx, actor, {
    parentId: payback.parentId,
    schoolId: payback.schoolId,
    amountKobo: -payback.amountKobo,
    kind: 'refunded',
    paymentId: null,
    reason: payback.reason,
  });

/** GET /family-credit: a parent their own; staff who see payments a family of their schools. */
export async function getFamilyCredit(
  ctx: AppContext,
  auth: AuthContext,
  query: FamilyCreditQuery,
): Promise<FamilyCredit> {
  const own = !query.parent_id || query.parent_id === auth.userId;
  const parentId = query.parent_id ?? auth.userId;
  let family: Awaited<ReturnType<typeof findFamily>>;
  if (own && auth.roles.includes('Parent')) family = await findFamily(ctx.db, null, parentId);
  else if (!query.parent_id) throw forbidden();
  else if (can(auth.roles, 'payments.view')) family = await findFamily(ctx.db, auth.scope, parentId);
  else throw familyNotFound();
  if (!family) throw familyNotFound();
  const offset = (query.page - 1) * query.limit;
  const [rows, total, balance] = [
    await listCreditEntries(ctx.db, parentId, { limit: query.limit, offset }),
    await countCreditEntries(ctx.db, parentId),
    await balanceOf(ctx.db, parentId),
  ];
  return toFamilyCredit(family, balance, rows, { page: query.page, limit: query.limit, total });
}

/**
 * GET /students/{id}/siblings: the desk adds a student's brothers and sisters of the caller's
 * schools to one payment, and sees the credit of the family it would use.
 */
export async function siblingsAtDesk(ctx: AppContext, auth: AuthContext, studentId: string): Promise<Siblings> {
  const student = await findStudent(ctx.db, visibleTo({ scope: auth.scope, parentId: null, selfId: null }), studentId);
  if (!student) throw studentNotFound();
  const rows = await siblingsOf(ctx.db, auth.scope, studentId);
  const holder = await deskFamilyOf(ctx.db, studentId);
  const family = holder ? await findFamily(ctx.db, null, holder) : undefined;
  return {
    students: rows.map((row) => ({
      _id: row.id,
      name: displayName(row),
      regNo: row.regNo,
      school: { _id: row.school.id, name: row.school.name },
      classArm: row.classArm,
    })),
    family: family
      ? { parent: { _id: family.id, name: displayName(family) }, balance: await balanceOf(ctx.db, family.id) }
      : null,
  };
}

/** What of payment `paymentId` already went to the family's credit: a refund gives back only the rest. */
export const movedToCreditOf = (db: DbOrTx, paymentId: string) => movedToCreditKobo(db, paymentId);

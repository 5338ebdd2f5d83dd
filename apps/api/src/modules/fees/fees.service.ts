import {
  can,
  entityMessages,
  type FeeInput,
  feeDescription,
  type feeListQuerySchema,
  type feeStatsQuerySchema,
  koboToNaira,
} from '@schoolledger/domain';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { feeEvents, fees } from '../../db/schema.js';
import { fieldError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { termNotFound } from '../academic/academic.errors.js';
import { findTerm } from '../academic/academic.queries.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { notifyFeeAssigned, notifyFeeAwaitingApproval, notifyFeeReviewed } from '../notifications/notices.service.js';
import { owingOnFees, studentsOfFee } from './fee-students.queries.js';
import {
  feeAlreadyApproved,
  feeHasPayments,
  feeNotAwaitingApproval,
  feeNotFound,
  ownFeeApproval,
} from './fees.errors.js';
import { targetsFor, toFee, toFeeHistoryEntry } from './fees.presenters.js';
import {
  classArmsInSchool,
  countFees,
  countPayments,
  type FeeFilters,
  type FeeRow,
  feesInScope,
  feesVisibleTo,
  feeTotals,
  findFee,
  insertFee,
  insertFeeEvent,
  listFeeEvents,
  listFees,
  lockFee,
  narrowedBy,
  replaceTargets,
  softDeleteFee,
  studentsInSchool,
  targetIdsOf,
  targetsOf,
  updateFeeRow,
} from './fees.queries.js';

export const FEE = entityMessages('Fee');
const SCHOOL = entityMessages('School');

type ListQuery = z.output<typeof feeListQuerySchema>;
type StatsQuery = z.output<typeof feeStatsQuerySchema>;
type FeeStatus = (typeof fees.$inferSelect)['status'];

/* Who sees what */

/**
 * Staff with 'fees.view' see every fee of their schools; a student the payable fees that apply to
 * them; a parent those that apply to one of their children. Several roles see the union.
 */
function visibleFees(auth: AuthContext): SQL {
  const viewer = {
    scope: can(auth.roles, 'fees.view') ? auth.scope : null,
    studentId: auth.roles.includes('Student') ? auth.userId : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
  };
  if (!viewer.scope && !viewer.studentId && !viewer.parentId) throw forbidden();
  return feesVisibleTo(viewer);
}

/** A school or term named in the request must be one the caller can see (404 otherwise, whatever their role); it then narrows the list. */
async function filtersOf(
  ctx: AppContext,
  auth: AuthContext,
  query: Omit<ListQuery, 'page' | 'limit'>,
): Promise<FeeFilters> {
  if (query.school_id) assertSchoolInScope(auth.scope, query.school_id, SCHOOL.notFound);
  if (query.term_id && !(await findTerm(ctx.db, auth.scope, query.term_id))) throw termNotFound();
  return {
    schoolId: query.school_id,
    termId: query.term_id,
    status: query.status === 'all' ? undefined : query.status,
    search: query.search,
  };
}

/** Staff also read who still owes on each fee; a student or parent is not shown what others owe. */
async function present(db: DbOrTx, auth: AuthContext, rows: FeeRow[]) {
  const ids = rows.map((row) => row.fee.id);
  const staff = can(auth.roles, 'fees.view');
  const [targets, owing] = await Promise.all([targetsOf(db, ids), staff ? owingOnFees(db, ids) : undefined]);
  const shown = targetsFor(targets, staff);
  return rows.map((row) => toFee(row, shown, owing?.get(row.fee.id) ?? null));
}

/* Reading */

export async function listFeePage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const where = narrowedBy(visibleFees(auth), await filtersOf(ctx, auth, query));
  const [total, rows] = await Promise.all([
    countFees(ctx.db, where),
    listFees(ctx.db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
  ]);
  return {
    fees: await present(ctx.db, auth, rows),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

async function loadFee(db: DbOrTx, where: SQL, id: string) {
  const row = await findFee(db, where, id);
  if (!row) throw feeNotFound();
  return row;
}

export async function getFee(ctx: AppContext, auth: AuthContext, id: string) {
  const [fee] = await present(ctx.db, auth, [await loadFee(ctx.db, visibleFees(auth), id)]);
  return fee!;
}

const inStaffScope = (auth: AuthContext) => feesInScope(auth.scope);

export async function feeHistory(ctx: AppContext, auth: AuthContext, id: string) {
  await loadFee(ctx.db, inStaffScope(auth), id);
  return (await listFeeEvents(ctx.db, id)).map(toFeeHistoryEntry);
}

export async function feeStats(ctx: AppContext, auth: AuthContext, query: StatsQuery) {
  const totals = await feeTotals(ctx.db, narrowedBy(inStaffScope(auth), await filtersOf(ctx, auth, query)));
  return {
    totalFees: totals.totalFees,
    approvedFees: totals.approvedFees,
    pendingApproval: totals.pendingApproval,
    rejectedFees: totals.rejectedFees,
    activeFees: totals.activeFees,
    totalAmount: BigInt(totals.totalAmount),
    approvedAmount: BigInt(totals.approvedAmount),
    pendingAmount: BigInt(totals.pendingAmount),
  };
}

/* Writing */

/** The stored form of a request: kobo, one spelling of description, targets only for their kind. */
function valuesOf(input: FeeInput) {
  const unique = (ids: string[]) => [...new Set(ids)].sort();
  return {
    termId: input.term_id,
    name: input.name,
    description: feeDescription(input),
    type: input.type,
    amountKobo: input.amount,
    isActive: input.isActive,
    isInstallmentAllowed: input.isInstallmentAllowed,
    installments: input.isInstallmentAllowed ? input.no_ofInstallments : 1,
    dueDate: input.dueDate ?? null,
    appliesTo: input.appliesTo,
    classArmIds: input.appliesTo === 'classArms' ? unique(input.classArm_ids) : [],
    studentIds: input.appliesTo === 'students' ? unique(input.student_ids) : [],
  };
}

type FeeValues = ReturnType<typeof valuesOf>;

/** The term must be one of the school's, and both visible to the caller; targets must be of the school. */
async function checkReferences(ctx: AppContext, auth: AuthContext, schoolId: string, values: FeeValues) {
  assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
  const term = await findTerm(ctx.db, auth.scope, values.termId);
  if (!term || term.term.schoolId !== schoolId) throw termNotFound();
  if (values.classArmIds.length) {
    const known = await classArmsInSchool(ctx.db, schoolId, values.classArmIds);
    if (values.classArmIds.some((id) => !known.has(id))) {
      throw fieldError('classArm_ids', 'Every class arm must belong to the fee’s school');
    }
  }
  if (values.studentIds.length) {
    const known = await studentsInSchool(ctx.db, schoolId, values.studentIds);
    if (values.studentIds.some((id) => !known.has(id))) {
      throw fieldError('student_ids', 'Every student must belong to the fee’s school');
    }
  }
}

interface Change {
  field: string;
  from: unknown;
  to: unknown;
}

/** Fields whose change alters what anyone owes, so an approved fee must be approved again. */
const MATERIAL = new Set([
  'amount',
  'isInstallmentAllowed',
  'no_ofInstallments',
  'term_id',
  'dueDate',
  'isActive',
  'appliesTo',
  'classArm_ids',
  'student_ids',
]);

function changesBetween(before: FeeValues, after: FeeValues): Change[] {
  const pairs: [string, unknown, unknown][] = [
    ['name', before.name, after.name],
    ['description', before.description, after.description],
    ['type', before.type, after.type],
    // Stored as JSON in the fee's history, which keeps the naira a person reads (bigint has no JSON form).
    ['amount', koboToNaira(before.amountKobo), koboToNaira(after.amountKobo)],
    ['isActive', before.isActive, after.isActive],
    ['isInstallmentAllowed', before.isInstallmentAllowed, after.isInstallmentAllowed],
    ['no_ofInstallments', before.installments, after.installments],
    ['term_id', before.termId, after.termId],
    ['dueDate', before.dueDate, after.dueDate],
    ['appliesTo', before.appliesTo, after.appliesTo],
    ['classArm_ids', before.classArmIds, after.classArmIds],
    ['student_ids', before.studentIds, after.studentIds],
  ];
  return pairs
    .filter(([, from, to]) => JSON.stringify(from) !== JSON.stringify(to))
    .map(([field, from, to]) => ({ field, from, to }));
}

/** bigint does not go into JSON: the audit row keeps the amount as a decimal string of kobo. */
export const auditable = (row: typeof fees.$inferSelect) => ({ ...row, amountKobo: row.amountKobo.toString() });

/** Locks the fee for the rest of the transaction; it may have been deleted since it was read. */
async function lockedFee(tx: Tx, id: string) {
  const row = await lockFee(tx, id);
  if (!row) throw feeNotFound();
  return row;
}

async function recordEvent(
  tx: Tx,
  fee: { id: string; schoolId: string },
  actor: Actor,
  action: (typeof feeEvents.$inferInsert)['action'],
  extra: { changes?: Change[]; reason?: string } = {},
) {
  await insertFeeEvent(tx, {
    feeId: fee.id,
    schoolId: fee.schoolId,
    actorId: actor.userId,
    action,
    reason: extra.reason ?? null,
    changes: extra.changes ?? [],
  });
}

/** A fee just became payable: the students it applies to and their parents are told. */
const announce = async (tx: Tx, ctx: AppContext, feeId: string) =>
  notifyFeeAssigned(tx, ctx, feeId, await studentsOfFee(tx, feeId));

/** A fee just became payable: the discount and scholarship rules are asked to cover it, once it is committed. */
const applyRulesSoon = (ctx: AppContext) => ctx.jobs.send('adjustments.rules', {});

/** Only an Admin's pre-approval counts; anyone else's request that says so still waits for approval. */
const preApproves = (auth: AuthContext, input: FeeInput) => input.isApproved && can(auth.roles, 'fees.preapprove');

export async function createFee(ctx: AppContext, auth: AuthContext, input: FeeInput, actor: Actor) {
  const values = valuesOf(input);
  await checkReferences(ctx, auth, input.school_id, values);
  const approved = preApproves(auth, input);
  const now = ctx.clock();
  const id = await ctx.db.transaction(async (tx) => {
    const { classArmIds, studentIds, ...columns } = values;
    const row = await insertFee(tx, {
      ...columns,
      schoolId: input.school_id,
      status: approved ? 'approved' : 'pending',
      createdBy: auth.userId,
      updatedBy: auth.userId,
      approvedBy: approved ? auth.userId : null,
      approvedAt: approved ? now : null,
    });
    await replaceTargets(tx, row, classArmIds, studentIds);
    await recordEvent(tx, row, actor, 'created');
    if (approved) await recordEvent(tx, row, actor, 'approved');
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'fee',
      entityId: row.id,
      schoolId: row.schoolId,
      after: { ...auditable(row), classArmIds, studentIds },
    });
    if (approved) await announce(tx, ctx, row.id);
    else await notifyFeeAwaitingApproval(tx, ctx, row.id);
    return row.id;
  });
  if (approved) await applyRulesSoon(ctx);
  return getFee(ctx, auth, id);
}

export async function updateFee(ctx: AppContext, auth: AuthContext, id: string, input: FeeInput, actor: Actor) {
  const current = await loadFee(ctx.db, inStaffScope(auth), id);
  if (input.school_id !== current.fee.schoolId) throw fieldError('school_id', 'A fee cannot move to another school');
  const values = valuesOf(input);
  await checkReferences(ctx, auth, current.fee.schoolId, values);
  const now = ctx.clock();
  const becamePayable = await ctx.db.transaction(async (tx) => {
    const before = await lockedFee(tx, id);
    const targets = await targetIdsOf(tx, id);
    const { classArmIds, studentIds, ...columns } = values;
    const changes = changesBetween({ ...before, ...targets }, values);
    const material = changes.some((change) => MATERIAL.has(change.field));
    const approved = preApproves(auth, input);
    let status: FeeStatus = before.status;
    if (approved && (material || before.status !== 'approved')) status = 'approved';
    else if (before.status === 'rejected' || (before.status === 'approved' && material)) status = 'pending';
    const approvedNow = status === 'approved' && (material || before.status !== 'approved');
    const after = await updateFeeRow(tx, id, {
      ...columns,
      status,
      updatedBy: auth.userId,
      rejectionReason: null,
      ...(status !== 'approved'
        ? { approvedBy: null, approvedAt: null }
        : approvedNow
          ? { approvedBy: auth.userId, approvedAt: now }
          : {}),
    });
    await replaceTargets(tx, after, classArmIds, studentIds);
    await recordEvent(tx, before, actor, 'edited', { changes });
    if (before.status === 'approved' && status === 'pending') await recordEvent(tx, before, actor, 'sent_back');
    if (approvedNow) await recordEvent(tx, before, actor, 'approved');
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'fee',
      entityId: id,
      schoolId: before.schoolId,
      before: { ...auditable(before), ...targets },
      after: { ...auditable(after), classArmIds, studentIds },
    });
    if (approvedNow && before.status !== 'approved') await announce(tx, ctx, id);
    // Sent back by an edit, or edited after a rejection: it waits for approval again.
    if (status === 'pending' && before.status !== 'pending') await notifyFeeAwaitingApproval(tx, ctx, id);
    return approvedNow;
  });
  if (becamePayable) await applyRulesSoon(ctx);
  return getFee(ctx, auth, id);
}

export async function deleteFee(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  await loadFee(ctx.db, inStaffScope(auth), id);
  await ctx.db.transaction(async (tx) => {
    const before = await lockedFee(tx, id);
    if ((await countPayments(tx, id)) > 0) {
      throw feeHasPayments();
    }
    await softDeleteFee(tx, id, ctx.clock(), auth.userId);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'fee',
      entityId: id,
      schoolId: before.schoolId,
      before: auditable(before),
    });
  });
}

/** Four eyes: the creator and the last editor never review their own fee, whatever their role. */
async function review(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  actor: Actor,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
) {
  await loadFee(ctx.db, inStaffScope(auth), id);
  await ctx.db.transaction(async (tx) => {
    const before = await lockedFee(tx, id);
    if (before.createdBy === auth.userId || before.updatedBy === auth.userId) throw ownFeeApproval();
    if (decision.status === 'approved' && before.status === 'approved') throw feeAlreadyApproved();
    if (decision.status === 'rejected' && before.status !== 'pending') {
      throw feeNotAwaitingApproval();
    }
    const after = await updateFeeRow(
      tx,
      id,
      decision.status === 'approved'
        ? { status: 'approved', approvedBy: auth.userId, approvedAt: ctx.clock(), rejectionReason: null }
        : { status: 'rejected', rejectionReason: decision.reason, approvedBy: null, approvedAt: null },
    );
    const reason = decision.status === 'rejected' ? decision.reason : undefined;
    await recordEvent(tx, before, actor, decision.status, { reason });
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'approve' : 'reject',
      entity: 'fee',
      entityId: id,
      schoolId: before.schoolId,
      before: auditable(before),
      after: auditable(after),
    });
    await notifyFeeReviewed(tx, ctx, id, auth.userId, decision);
    if (decision.status === 'approved') await announce(tx, ctx, id);
  });
  if (decision.status === 'approved') await applyRulesSoon(ctx);
  return getFee(ctx, auth, id);
}

export const approveFee = (ctx: AppContext, auth: AuthContext, id: string, actor: Actor) =>
  review(ctx, auth, id, actor, { status: 'approved' });

export const rejectFee = (ctx: AppContext, auth: AuthContext, id: string, reason: string, actor: Actor) =>
  review(ctx, auth, id, actor, { status: 'rejected', reason });

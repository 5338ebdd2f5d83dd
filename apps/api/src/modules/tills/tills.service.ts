import {
  countTotal,
  LAGOS,
  parseNaira,
  SCHOOL_ERROR_CODES,
  type TillBankInput,
  type TillCashUp,
  type TillCashUpQuery,
  type TillCloseInput,
  type TillConfirmInput,
  type TillList,
  type TillListQuery,
  type TillOpenInput,
  type TillReport,
  type TillSession,
  tillExpected,
  tillVariance,
  todayIn,
  varianceNeedsReason,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { fieldError, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope, assertSchoolInScope, type Scope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { settingsForSchool } from '../settings/settings.service.js';
import { notifyTillVariance } from './till-alerts.service.js';
import { voidPendingOnClose } from './till-voids.errors.js';
import { hasPendingVoid } from './till-voids.queries.js';
import { tillVoidReport } from './till-voids.service.js';
import {
  bankAboveCounted,
  ownTillConfirmation,
  tillAlreadyOpen,
  tillConfirmerNotAllowed,
  tillNotFound,
  tillNotYours,
  tillRequiredForCash,
  tillTransitionNotAllowed,
  varianceReasonRequired,
} from './tills.errors.js';
import { cashUpLineOf, cashUpOf, reportOf, sessionOf, sessionsOf, type TillFlagView } from './tills.presenters.js';
import {
  findTill,
  insertTill,
  listTills as listTillRows,
  lockTill,
  namesOf,
  openTillOf,
  schoolInScope,
  type TillRow,
  tillTakings,
  tillTakingsByMethod,
  updateTill,
} from './tills.queries.js';

export const TILL = {
  opened: 'Till opened',
  loaded: 'Till sessions retrieved',
  report: 'Till report retrieved',
  cashUp: 'Cash-up retrieved',
  closed: 'Till counted and closed. A second person must confirm the count.',
  confirmed: 'Till count confirmed',
  banked: 'Till banked',
};

interface TillCall<Input = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  input: Input;
}

/** The cash desk settings of a school: the group's, overlaid by the school's own. */
async function cashDeskOf({ ctx, db, schoolId }: { ctx: AppContext; db: DbOrTx; schoolId: string }) {
  return (await settingsForSchool({ config: ctx.config, db }, schoolId)).cashDesk;
}

/** What a till's audit rows say of it: its amounts in kobo as text, its people by id. */
export const auditView = (row: TillRow) => ({
  desk: row.desk,
  status: row.status,
  floatKobo: row.floatKobo.toString(),
  countedKobo: row.countedKobo?.toString() ?? null,
  expectedKobo: row.expectedKobo?.toString() ?? null,
  varianceKobo: row.varianceKobo?.toString() ?? null,
  varianceReason: row.varianceReason,
  depositSlipNo: row.depositSlipNo,
  bankName: row.bankName,
  bankedKobo: row.bankedKobo?.toString() ?? null,
});

async function audited({
  tx,
  actor,
  action,
  before,
  after,
}: {
  tx: DbOrTx;
  actor: Actor;
  action: string;
  before: TillRow | null;
  after: TillRow;
}) {
  await recordAudit(tx, actor, {
    action,
    entity: 'till_session',
    entityId: after.id,
    schoolId: after.schoolId,
    before: before ? auditView(before) : null,
    after: auditView(after),
  });
}

/** A bursar opens a till at a desk of their school with a float counted by note and coin; one open till each. */
export async function openTill({ ctx, auth, actor, input }: TillCall<TillOpenInput>): Promise<TillSession> {
  const schoolId = input.school_id ?? auth.schoolId;
  if (!schoolId) throw fieldError('school_id', 'Please select a school');
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const created = await insertTill(tx, {
        schoolId,
        desk: input.desk,
        openedBy: auth.userId,
        openedAt: ctx.clock(),
        floatCount: input.float,
        floatKobo: countTotal(input.float),
      });
      await audited({ tx, actor, action: 'till_session.open', before: null, after: created });
      return created;
    });
    return presented(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error, 'till_sessions_one_open_uq')) throw tillAlreadyOpen();
    throw error;
  }
}

/** A session as the wire shows it, read from the primary: just written, it may not be on the replica yet. */
async function presented(ctx: AppContext, row: TillRow): Promise<TillSession> {
  return sessionOf(ctx.db, row, await flagViewOf(ctx, [row]));
}

/** What the tills' flags are read against: the clock, and the days each of their schools allows to bank. */
async function flagViewOf(ctx: AppContext, rows: readonly TillRow[]): Promise<TillFlagView> {
  const bankWithinDays = new Map<string, number>();
  for (const schoolId of new Set(rows.map((row) => row.schoolId))) {
    bankWithinDays.set(schoolId, (await cashDeskOf({ ctx, db: ctx.db, schoolId })).tillBankWithinDays);
  }
  return { now: ctx.clock(), bankWithinDays };
}

/** The X or Z report of a session already read in the caller's scope. */
async function reportFor({
  ctx,
  db,
  scope,
  row,
}: {
  ctx: AppContext;
  db: ReadDb;
  scope: Scope;
  row: TillRow;
}): Promise<TillReport> {
  const takings = await tillTakings(db, row.id);
  const byMethod = await tillTakingsByMethod(db, row.id);
  const names = await namesOf(
    db,
    takings.byRecorder.map((recorder) => recorder.userId),
  );
  const school = await schoolInScope(db, scope, row.schoolId);
  if (!school) throw tillNotFound();
  return reportOf({
    session: await sessionOf(db, row, await flagViewOf(ctx, [row])),
    school,
    takings,
    byMethod,
    names,
    voids: await tillVoidReport(db, row.id),
  });
}

export async function listTills({ ctx, auth, input }: Omit<TillCall<TillListQuery>, 'actor'>): Promise<TillList> {
  if (input.school_id) assertSchoolInScope(auth.scope, input.school_id);
  const rows = await listTillRows(ctx.readDb, auth.scope, {
    schoolId: input.school_id,
    status: input.status,
    openedOn: input.date,
  });
  return { sessions: await sessionsOf(ctx.readDb, rows, await flagViewOf(ctx, rows)) };
}

/** The X report: the session so far (float, cash taken and by whom, refunds, what the drawer should hold). */
export async function tillReport({
  ctx,
  auth,
  id,
}: {
  ctx: AppContext;
  auth: AuthContext;
  id: string;
}): Promise<TillReport> {
  const row = await findTill(ctx.readDb, auth.scope, id);
  if (!row) throw tillNotFound();
  return reportFor({ ctx, db: ctx.readDb, scope: auth.scope, row });
}

/**
 * A school's day at the cash desk: every till opened that day (Lagos) with its float, takings,
 * refunds, expected, count, variance and banking, and the day's totals with the cash not yet banked.
 */
export async function tillCashUp({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: TillCashUpQuery;
}): Promise<TillCashUp> {
  const schoolId = input.school_id ?? auth.schoolId;
  if (!schoolId) throw fieldError('school_id', 'Please select a school');
  assertSchoolInScope(auth.scope, schoolId);
  const school = await schoolInScope(ctx.readDb, auth.scope, schoolId);
  if (!school) throw notFound('School not found', SCHOOL_ERROR_CODES.schoolNotFound);
  const date = input.date ?? todayIn(LAGOS, ctx.clock());
  // The list is newest first; the day reads in the order its tills were opened.
  const rows = (await listTillRows(ctx.readDb, auth.scope, { schoolId, openedOn: date })).reverse();
  const sessions = await sessionsOf(ctx.readDb, rows, await flagViewOf(ctx, rows));
  const tills = [];
  for (const session of sessions) {
    const takings = await tillTakings(ctx.readDb, session._id);
    tills.push({ session, line: cashUpLineOf({ session, takings }) });
  }
  return cashUpOf({ school, date, tills });
}

/**
 * The bursar who opened the till counts the drawer by denomination: expected is the float plus the
 * cash taken into it less the cash paid back out of it; a variance beyond the school's tolerance
 * needs a reason. The till then waits for a second person's confirmation.
 */
export async function closeTill({ ctx, auth, actor, input, id }: TillCall<TillCloseInput> & { id: string }) {
  const row = await ctx.db.transaction(async (tx) => {
    const till = await lockTill(tx, auth.scope, id);
    if (!till) throw tillNotFound();
    if (till.status !== 'open') throw tillTransitionNotAllowed(till.status, 'closed');
    if (till.openedBy !== auth.userId) throw tillNotYours();
    if (await hasPendingVoid(tx, till.id)) throw voidPendingOnClose();
    const takings = await tillTakings(tx, till.id);
    const countedKobo = countTotal(input.count);
    const expectedKobo = tillExpected({
      floatKobo: till.floatKobo,
      takenKobo: takings.takenKobo,
      refundedKobo: takings.refundedKobo,
      voidedKobo: takings.voidedKobo,
    });
    const varianceKobo = tillVariance({ countedKobo, expectedKobo });
    const { tillVarianceToleranceNaira } = await cashDeskOf({ ctx, db: tx, schoolId: till.schoolId });
    const toleranceKobo = parseNaira(tillVarianceToleranceNaira) ?? 0n;
    const reason = input.variance_reason?.trim() || null;
    if (varianceNeedsReason({ varianceKobo, toleranceKobo }) && !reason) {
      throw varianceReasonRequired(varianceKobo, toleranceKobo);
    }
    const closed = await updateTill(tx, till.id, {
      status: 'closing',
      closedCount: input.count,
      countedKobo,
      expectedKobo,
      varianceKobo,
      varianceReason: reason,
      closedBy: auth.userId,
      closedAt: ctx.clock(),
    });
    await audited({ tx, actor, action: 'till_session.close', before: till, after: closed });
    // Beyond the tolerance, the proprietors and principals hear of it as it is counted.
    if (varianceNeedsReason({ varianceKobo, toleranceKobo })) await notifyTillVariance(tx, ctx, closed, toleranceKobo);
    return closed;
  });
  return reportFor({ ctx, db: ctx.db, scope: auth.scope, row });
}

/**
 * A second person confirms the count (four eyes): never whoever opened or closed the till, and only
 * a role the school lets confirm. The variance is posted to Cash over and short as it is confirmed.
 */
export async function confirmTill({ ctx, auth, actor, input, id }: TillCall<TillConfirmInput> & { id: string }) {
  const row = await ctx.db.transaction(async (tx) => {
    const till = await lockTill(tx, auth.scope, id);
    if (!till) throw tillNotFound();
    if (till.status !== 'closing') throw tillTransitionNotAllowed(till.status, 'confirmed');
    if (till.openedBy === auth.userId || till.closedBy === auth.userId) throw ownTillConfirmation();
    const { tillCloseConfirmers } = await cashDeskOf({ ctx, db: tx, schoolId: till.schoolId });
    if (!auth.roles.some((role) => (tillCloseConfirmers as readonly string[]).includes(role))) {
      throw tillConfirmerNotAllowed(tillCloseConfirmers);
    }
    const confirmed = await updateTill(tx, till.id, {
      status: 'closed',
      confirmedBy: auth.userId,
      confirmedAt: ctx.clock(),
    });
    await recordAudit(tx, actor, {
      action: 'till_session.confirm',
      entity: 'till_session',
      entityId: confirmed.id,
      schoolId: confirmed.schoolId,
      before: auditView(till),
      after: { ...auditView(confirmed), note: input.note ?? null },
    });
    return confirmed;
  });
  return presented(ctx, row);
}

/**
 * The confirmed till's cash taken to the bank: the deposit slip, the bank, the amount (at most what
 * was counted; what is kept back, the float, returns to the cash on hand). The database moves it
 * from the till to the bank in the books (`ledger_post_till_banking`).
 */
export async function bankTill({ ctx, auth, actor, input, id }: TillCall<TillBankInput> & { id: string }) {
  const row = await ctx.db.transaction(async (tx) => {
    const till = await lockTill(tx, auth.scope, id);
    if (!till) throw tillNotFound();
    if (till.status !== 'closed') throw tillTransitionNotAllowed(till.status, 'banked');
    if (input.amount > till.countedKobo!) throw bankAboveCounted(till.countedKobo!);
    const banked = await updateTill(tx, till.id, {
      status: 'banked',
      depositSlipNo: input.deposit_slip_no,
      bankName: input.bank_name,
      bankedKobo: input.amount,
      bankedBy: auth.userId,
      bankedAt: ctx.clock(),
    });
    await audited({ tx, actor, action: 'till_session.bank', before: till, after: banked });
    return banked;
  });
  return presented(ctx, row);
}

/**
 * Before cash is taken: a school that requires an open till refuses cash from someone with none
 * there. Where one is open, the database takes the payment into it as the row is written.
 */
export async function assertTillForCash({
  ctx,
  userId,
  schoolIds,
}: {
  ctx: AppContext;
  userId: string;
  schoolIds: readonly string[];
}) {
  for (const schoolId of new Set(schoolIds)) {
    if (!(await cashDeskOf({ ctx, db: ctx.db, schoolId })).requireOpenTillForCash) continue;
    if (!(await openTillOf(ctx.db, schoolId, userId))) throw tillRequiredForCash();
  }
}

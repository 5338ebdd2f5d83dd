import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, ReadDb } from '../../../db/client.js';
import { awaitingPayment, paymentsThatHappened } from '../../../db/payment-attempts.js';
import { personMatches } from '../../../db/person-search.js';
import {
  fees,
  parentStudents,
  paymentCheckouts,
  paymentDisputes,
  payments,
  paymentVoids,
  schools,
  terms,
  users,
} from '../../../db/schema.js';
import { writtenIn } from '../../../db/written-in.js';
import { inSchoolScope, type Scope } from '../../../plugins/tenancy.js';
import { signedAmountKobo } from '../../fees/fees.queries.js';

const refund = alias(payments, 'refund');

/** Start of a calendar day in Nigeria, as a timestamp the payments indexes can compare with. */
export const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

/** When the money moved: the credit time once credited, else when the row was made. */
export const transDate = sql`coalesce(${payments.paidAt}, ${payments.createdAt})`;

export interface PaymentFilters {
  schoolId?: string | undefined;
  termId?: string | undefined;
  studentId?: string | undefined;
  feeId?: string | undefined;
  status?: (typeof payments.$inferSelect)['status'] | undefined;
  method?: (typeof payments.$inferSelect)['method'] | undefined;
  kind?: (typeof payments.$inferSelect)['kind'] | undefined;
  disputed?: boolean | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Whose payments a caller sees, as the service decides from their roles; at least one is set. */
export interface PaymentViewer {
  /** Staff: every payment of the schools in scope. */
  scope: Scope | null;
  /** A student: their own. */
  studentId: string | null;
  /** A parent: their linked children's. */
  parentId: string | null;
}

export function paymentsVisibleTo(viewer: PaymentViewer): SQL {
  const payerIds = [viewer.studentId, viewer.parentId].filter((id): id is string => id !== null);
  const payers = or(
    viewer.studentId ? eq(payments.studentId, viewer.studentId) : undefined,
    viewer.parentId
      ? sql`${payments.studentId} in (select ${parentStudents.studentId} from ${parentStudents} where ${parentStudents.parentId} = ${viewer.parentId})`
      : undefined,
  );
  // A checkout not paid yet is only its payer's business: their child or parent does not see it.
  const ownAttempt = payerIds.length ? and(awaitingPayment(), inArray(payments.initiatedBy, payerIds)) : undefined;
  return or(
    viewer.scope ? paymentsInScope(viewer.scope) : undefined,
    payers ? and(payers, or(paymentsThatHappened(), ownAttempt)) : undefined,
  )!;
}

/** The payments of the schools in scope; an online checkout never paid is not one (db/payment-attempts.ts). */
export const paymentsInScope = (scope: Scope) => and(inSchoolScope(scope, payments.schoolId), paymentsThatHappened())!;

/** The schools a staff list walks, newest payments first: those in scope, or the one chosen. */
export const schoolsWalked = (scope: Scope, schoolId: string | undefined) =>
  and(inSchoolScope(scope, schools.id), schoolId ? eq(schools.id, schoolId) : undefined)!;

/** `where` narrowed by the filters of a payment list. */
export const narrowedBy = (where: SQL, filters: PaymentFilters) => and(where, paymentFilters(filters))!;

/**
 * The filters as conditions on `payments` alone (subqueries rather than joins), so the count and
 * the page share them and the planner can walk the payments indexes.
 */
function paymentFilters(filters: PaymentFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.schoolId) conditions.push(eq(payments.schoolId, filters.schoolId));
  if (filters.studentId) conditions.push(eq(payments.studentId, filters.studentId));
  if (filters.feeId) conditions.push(eq(payments.feeId, filters.feeId));
  if (filters.termId) {
    conditions.push(
      sql`${payments.feeId} in (select ${fees.id} from ${fees} where ${fees.termId} = ${filters.termId})`,
    );
  }
  // Written in, not bound: a generic plan for a status read the whole table for a rare one (db/written-in.ts).
  if (filters.status) conditions.push(eq(payments.status, writtenIn(filters.status)));
  if (filters.method) conditions.push(eq(payments.method, writtenIn(filters.method)));
  if (filters.kind) conditions.push(eq(payments.kind, writtenIn(filters.kind)));
  if (filters.disputed !== undefined) {
    const disputedIds = sql`(select ${paymentDisputes.paymentId} from ${paymentDisputes})`;
    conditions.push(
      filters.disputed ? sql`${payments.id} in ${disputedIds}` : sql`${payments.id} not in ${disputedIds}`,
    );
  }
  if (filters.from) conditions.push(sql`${transDate} >= ${lagosDayStart(filters.from)}`);
  if (filters.to) conditions.push(sql`${transDate} < ${lagosDayStart(filters.to)} + interval '1 day'`);
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`(${payments.reference} ilike ${pattern} or ${payments.receiptNo} ilike ${pattern}
      or ${payments.studentId} in (select ${users.id} from ${users} where ${personMatches(filters.search)}))`);
  }
  return and(...conditions)!;
}

/** The payment's latest dispute, if any: one index probe per row of the page (payment_disputes_payment_idx). */
function latestDispute(db: ReadDb) {
  return db
    .select({
      status: paymentDisputes.status,
      resolution: paymentDisputes.resolution,
      openedAt: paymentDisputes.createdAt,
      changedAt: paymentDisputes.updatedAt,
    })
    .from(paymentDisputes)
    .where(sql`${paymentDisputes.paymentId} = ${payments.id}`)
    .orderBy(desc(paymentDisputes.createdAt))
    .limit(1)
    .as('dispute');
}

function paymentsFrom(db: ReadDb) {
  const dispute = latestDispute(db);
  // A refund the provider failed does not refund the payment (another may follow).
  return db
    .select({
      payment: payments,
      student: { id: users.id, firstname: users.firstname, lastname: users.lastname, regNo: users.regNo },
      school: { id: schools.id, name: schools.name },
      fee: { id: fees.id, name: fees.name, type: fees.type, amountKobo: fees.amountKobo },
      term: { id: terms.id, name: terms.name },
      refundId: refund.id,
      voidedAt: sql<Date | string | null>`(select ${paymentVoids.decidedAt} from ${paymentVoids}
        where ${paymentVoids.paymentId} = ${payments.id} and ${paymentVoids.status} = 'approved')`,
      // A family checkout's lines share its page; a single payment has its own.
      checkoutUrl: sql<string | null>`coalesce(${payments.paymentUrl}, (select ${paymentCheckouts.paymentUrl}
        from ${paymentCheckouts} where ${paymentCheckouts.id} = ${payments.checkoutId}))`,
      disputeStatus: dispute.status,
      disputeResolution: dispute.resolution,
      disputeOpenedAt: dispute.openedAt,
      disputeChangedAt: dispute.changedAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .leftJoin(terms, eq(terms.id, fees.termId))
    .leftJoin(refund, and(eq(refund.refundOf, payments.id), ne(refund.status, 'failed')))
    .leftJoinLateral(dispute, sql`true`);
}

const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/** Where a newest-first page ends: its last row's creation time (microseconds since 1970, exact) and id. */
export interface PageKey {
  createdAtMicros: string;
  id: string;
}

/**
 * Which rows of a newest-first list a page holds: `limit` rows after `after` (the key of the
 * previous page's last row) when the caller has it, else after skipping `offset` rows.
 */
export interface PageWindow {
  limit: number;
  offset: number;
  after?: PageKey | undefined;
}

const createdAtMicros = sql<string>`(extract(epoch from ${payments.createdAt}) * 1000000)::bigint::text`;

/** Rows after the key, newest first: a range condition the (school_id, created_at, id) index walks. */
const olderThan = (key: PageKey) =>
  sql`(${payments.createdAt}, ${payments.id}) < (timestamptz 'epoch' + ${key.createdAtMicros}::bigint * interval '1 microsecond', ${key.id}::uuid)`;

/**
 * The ids of one page, newest first (the id breaks ties between rows of one transaction), and
 * the key of its last row when more rows follow it. `acrossSchools` names the schools a staff
 * list spans: each school's newest rows are taken from its own (school_id, created_at, id) index
 * and merged, so a group or the whole platform pages without sorting every payment it holds.
 */
async function pageIds(db: ReadDb, where: SQL, window: PageWindow, acrossSchools?: SQL) {
  const offset = window.after ? 0 : window.offset;
  const after = window.after ? olderThan(window.after) : undefined;
  // One row past the page tells whether another page follows, without counting.
  const take = window.limit + 1;
  let rows: { id: string; createdAtMicros: string }[];
  if (!acrossSchools) {
    rows = await db
      .select({ id: payments.id, createdAtMicros })
      .from(payments)
      .where(and(where, after))
      .orderBy(...newestFirst)
      .limit(take)
      .offset(offset);
  } else {
    const newest = db
      .select({ id: payments.id, createdAt: payments.createdAt, createdAtMicros: createdAtMicros.as('micros') })
      .from(payments)
      .where(and(sql`${payments.schoolId} = ${schools.id}`, where, after))
      .orderBy(...newestFirst)
      .limit(offset + take)
      .as('newest');
    rows = await db
      .select({ id: newest.id, createdAtMicros: newest.createdAtMicros })
      .from(schools)
      .crossJoinLateral(newest)
      .where(acrossSchools)
      .orderBy(desc(newest.createdAt), desc(newest.id))
      .limit(take)
      .offset(offset);
  }
  const page = rows.slice(0, window.limit);
  const last = page.at(-1);
  const next: PageKey | null =
    rows.length > window.limit && last ? { createdAtMicros: last.createdAtMicros, id: last.id } : null;
  return { ids: page.map((row) => row.id), next };
}

/** One page of a newest-first payment list, and the key to read the page after it (null on the last). */
export async function listPayments(db: ReadDb, where: SQL, window: PageWindow, acrossSchools?: SQL) {
  const { ids, next } = await pageIds(db, where, window, acrossSchools);
  if (!ids.length) return { rows: [], next };
  const rows = await paymentsFrom(db)
    .where(inArray(payments.id, ids))
    .orderBy(...newestFirst);
  return { rows, next };
}

export type PaymentListRow = Awaited<ReturnType<typeof listPayments>>['rows'][number];

export async function findPayment(db: DbOrTx, where: SQL, id: string) {
  const [row] = await paymentsFrom(db).where(and(where, eq(payments.id, id)));
  return row;
}

/**
 * How many payments match, counting no further than `cap`: exact below it, and `capped` when more
 * match, so a list of a million rows stops reading after `cap` of them. A filter that few rows
 * match still reads until it has found them all, as any exact count must.
 */
export async function countPaymentRows(db: DbOrTx, where: SQL, cap: number) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(payments)
    .where(where)
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = row?.n ?? 0;
  return { total: Math.min(n, cap), capped: n > cap };
}

/** `student:fee` → what that student has paid on that fee, net of refunds, for a whole page in one query. */
export async function feePaidFor(db: DbOrTx, rows: { studentId: string; feeId: string }[]) {
  const paid = new Map<string, bigint>();
  if (!rows.length) return paid;
  const result = await db
    .select({
      studentId: payments.studentId,
      feeId: payments.feeId,
      paid: sql<string>`sum(${signedAmountKobo})::bigint::text`,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.feeId, [...new Set(rows.map((row) => row.feeId))]),
        inArray(payments.studentId, [...new Set(rows.map((row) => row.studentId))]),
        eq(payments.status, 'success'),
      ),
    )
    .groupBy(payments.studentId, payments.feeId);
  for (const row of result) paid.set(`${row.studentId}:${row.feeId}`, BigInt(row.paid));
  return paid;
}

/** A term the caller's scope holds, for filters that name one. */
export async function termInScope(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.id, id), inSchoolScope(scope, terms.schoolId)));
  return row;
}

/** A fee the caller's scope holds, for filters that name one. */
export async function feeInScope(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: fees.id })
    .from(fees)
    .where(and(eq(fees.id, id), inSchoolScope(scope, fees.schoolId)));
  return row;
}

import { and, arrayContains, asc, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  academicSessions,
  classArms,
  feeClassArms,
  feeEvents,
  feeStudents,
  fees,
  payments,
  schools,
  terms,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/**
 * The fee applies to the student row `s` (a users row): same school, and the whole school, the
 * student's current class arm, or the student chosen by name. Columns of the outer fee are
 * qualified by hand because drizzle renders them bare in single-table selects. The database's
 * `refresh_term_balances` (migration 0009) applies the same rule, and `payable` below, to keep
 * the dashboards' term positions; collection-summaries.test.ts holds the two equal.
 */
export function feeAppliesTo(s: string): SQL {
  const student = sql.raw(s);
  return sql`(${student}.school_id = "fees"."school_id" and (
    "fees"."applies_to" = 'school'
    or ("fees"."applies_to" = 'classArms' and exists (
      select 1 from ${feeClassArms} fca where fca.fee_id = "fees"."id" and fca.class_arm_id = ${student}.class_arm_id))
    or ("fees"."applies_to" = 'students' and exists (
      select 1 from ${feeStudents} fst where fst.fee_id = "fees"."id" and fst.student_id = ${student}.id))))`;
}

/**
 * The domain's effectiveDueDate in SQL: the fee's due date, else its term's end (`termEnd`, a date
 * expression) minus 30 days, else its creation plus 60.
 */
export const effectiveDueDate = (termEnd: SQL) =>
  sql`coalesce("fees"."due_date", ${termEnd} - 30, ("fees"."created_at" at time zone 'Africa/Lagos')::date + 60)`;

/** What a student or parent may be asked to pay: approved, active and not deleted. */
export const payable = sql`("fees"."status" = 'approved' and "fees"."is_active" and "fees"."deleted_at" is null)`;

const appliesToStudent = (studentId: string) =>
  sql`exists (select 1 from ${users} s where s.id = ${studentId} and ${feeAppliesTo('s')})`;

const appliesToChildOf = (parentId: string) =>
  sql`exists (select 1 from parent_students ps join ${users} s on s.id = ps.student_id
    where ps.parent_id = ${parentId} and s.deleted_at is null and ${feeAppliesTo('s')})`;

/** Whose fees a caller sees, as the service decides from their roles; at least one is set. */
export interface FeeViewer {
  /** Staff: every fee of the schools in scope. */
  scope: Scope | null;
  /** A student: the payable fees that apply to them. */
  studentId: string | null;
  /** A parent: the payable fees that apply to one of their children. */
  parentId: string | null;
}

export function feesVisibleTo(viewer: FeeViewer): SQL {
  return or(
    viewer.scope ? inSchoolScope(viewer.scope, fees.schoolId) : undefined,
    viewer.studentId ? and(payable, appliesToStudent(viewer.studentId)) : undefined,
    viewer.parentId ? and(payable, appliesToChildOf(viewer.parentId)) : undefined,
  )!;
}

export const feesInScope = (scope: Scope) => inSchoolScope(scope, fees.schoolId);

export interface FeeFilters {
  schoolId?: string | undefined;
  termId?: string | undefined;
  /** Only where `terms` is joined (the fee lists). */
  sessionId?: string | undefined;
  /** Terms that have started by this day (only where `terms` is joined). */
  startedBy?: string | undefined;
  status?: (typeof fees.$inferSelect)['status'] | undefined;
  /** In the name or the description, case-insensitive; `%` and `_` match themselves. */
  search?: string | undefined;
}

export function narrowedBy(where: SQL, filters: FeeFilters): SQL {
  const pattern = filters.search && `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return and(
    where,
    filters.schoolId ? eq(fees.schoolId, filters.schoolId) : undefined,
    filters.termId ? eq(fees.termId, filters.termId) : undefined,
    filters.sessionId ? eq(terms.sessionId, filters.sessionId) : undefined,
    filters.startedBy ? lte(terms.startDate, filters.startedBy) : undefined,
    filters.status ? eq(fees.status, filters.status) : undefined,
    pattern ? sql`(${fees.name} ilike ${pattern} or ${fees.description} ilike ${pattern})` : undefined,
  )!;
}

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
const approver = alias(users, 'approver');
const eventActor = alias(users, 'event_actor');
const person = (table: typeof creator | typeof updater | typeof approver | typeof eventActor) => ({
  id: table.id,
  firstname: table.firstname,
  middlename: table.middlename,
  lastname: table.lastname,
});

const feeColumns = {
  fee: fees,
  school: { id: schools.id, name: schools.name },
  term: { id: terms.id, name: terms.name, startDate: terms.startDate, endDate: terms.endDate },
  session: { id: academicSessions.id, name: academicSessions.name },
  createdBy: person(creator),
  updatedBy: person(updater),
  approvedBy: person(approver),
};

const live = isNull(fees.deletedAt);

/** A fee of the schools in scope that applies to the student, for the cash desk's one read of what it takes. */
export const feeOfStudentInScope = (scope: Scope, studentId: string, feeId: string) =>
  and(live, feesInScope(scope), appliesToStudent(studentId), eq(fees.id, feeId))!;

export async function listFees(db: DbOrTx, where: SQL, page?: { limit: number; offset: number }) {
  const query = db
    .select(feeColumns)
    .from(fees)
    .innerJoin(schools, eq(schools.id, fees.schoolId))
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .leftJoin(creator, eq(creator.id, fees.createdBy))
    .leftJoin(updater, eq(updater.id, fees.updatedBy))
    .leftJoin(approver, eq(approver.id, fees.approvedBy))
    .where(and(live, where))
    .orderBy(desc(fees.createdAt), asc(fees.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export type FeeRow = Awaited<ReturnType<typeof listFees>>[number];

/** A fee the student may be asked to pay (approved, active, applying to them), whoever pays it. */
export async function findPayableFee(db: DbOrTx, studentId: string, feeId: string) {
  const [row] = await listFees(db, and(payable, appliesToStudent(studentId), eq(fees.id, feeId))!);
  return row;
}

export async function countFees(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ n: count() }).from(fees).where(and(live, where));
  return row?.n ?? 0;
}

export async function findFee(db: DbOrTx, where: SQL, id: string) {
  const [row] = await listFees(db, and(where, eq(fees.id, id))!);
  return row;
}

/**
 * The bare fee row, locked for the rest of the transaction so approval, editing, adjustments and
 * the payers that take it take turns (in the order of ledger/lock-order.ts).
 */
export async function lockFee(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(fees)
    .where(and(eq(fees.id, id), live))
    .for('update');
  return row;
}

/**
 * Several bare fee rows, locked in one statement in the order of their ids (the sort runs below the
 * row locks, so PostgreSQL takes them in that order: ledger/lock-order.ts step 1). A fee there is not
 * (or that was deleted) is absent.
 */
export async function lockFees(tx: Tx, ids: readonly string[]) {
  return tx
    .select()
    .from(fees)
    .where(and(inArray(fees.id, [...ids]), live))
    .orderBy(asc(fees.id))
    .for('update');
}

export async function insertFee(tx: Tx, values: typeof fees.$inferInsert) {
  const [row] = await tx.insert(fees).values(values).returning();
  return row!;
}

export async function updateFeeRow(tx: Tx, id: string, values: Partial<typeof fees.$inferInsert>) {
  const [row] = await tx.update(fees).set(values).where(eq(fees.id, id)).returning();
  return row!;
}

export async function softDeleteFee(tx: Tx, id: string, at: Date, by: string) {
  await tx.update(fees).set({ deletedAt: at, updatedBy: by }).where(eq(fees.id, id));
}

export async function insertFeeEvent(tx: Tx, values: typeof feeEvents.$inferInsert) {
  await tx.insert(feeEvents).values(values);
}

export interface FeeTargets {
  arms: Map<string, { _id: string; name: string }[]>;
  students: Map<
    string,
    { _id: string; firstname: string; middlename: string | null; lastname: string; regNo: string | null }[]
  >;
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export async function targetsOf(db: DbOrTx, feeIds: string[]): Promise<FeeTargets> {
  const targets: FeeTargets = { arms: new Map(), students: new Map() };
  if (!feeIds.length) return targets;
  const [arms, students] = await Promise.all([
    db
      .select({ feeId: feeClassArms.feeId, id: classArms.id, name: classArms.name })
      .from(feeClassArms)
      .innerJoin(classArms, eq(classArms.id, feeClassArms.classArmId))
      .where(inArray(feeClassArms.feeId, feeIds))
      .orderBy(classArms.name),
    db
      .select({
        feeId: feeStudents.feeId,
        id: users.id,
        firstname: users.firstname,
        middlename: users.middlename,
        lastname: users.lastname,
        regNo: users.regNo,
      })
      .from(feeStudents)
      .innerJoin(users, eq(users.id, feeStudents.studentId))
      .where(inArray(feeStudents.feeId, feeIds))
      .orderBy(users.lastname, users.firstname),
  ]);
  for (const { feeId, id, name } of arms) push(targets.arms, feeId, { _id: id, name });
  for (const { feeId, id, ...student } of students) push(targets.students, feeId, { _id: id, ...student });
  return targets;
}

/** The ids among `ids` that are class arms of the school. */
export async function classArmsInSchool(db: DbOrTx, schoolId: string, ids: string[]) {
  const rows = await db
    .select({ id: classArms.id })
    .from(classArms)
    .where(and(eq(classArms.schoolId, schoolId), inArray(classArms.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** The ids among `ids` that are students of the school. */
export async function studentsInSchool(db: DbOrTx, schoolId: string, ids: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        inArray(users.id, ids),
        arrayContains(users.roles, ['Student']),
        isNull(users.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function replaceTargets(
  db: DbOrTx,
  { id: feeId, schoolId }: { id: string; schoolId: string },
  classArmIds: string[],
  studentIds: string[],
) {
  await db.delete(feeClassArms).where(eq(feeClassArms.feeId, feeId));
  await db.delete(feeStudents).where(eq(feeStudents.feeId, feeId));
  if (classArmIds.length) {
    await db.insert(feeClassArms).values(classArmIds.map((classArmId) => ({ feeId, schoolId, classArmId })));
  }
  if (studentIds.length) {
    await db.insert(feeStudents).values(studentIds.map((studentId) => ({ feeId, schoolId, studentId })));
  }
}

export async function targetIdsOf(db: DbOrTx, feeId: string) {
  const [arms, students] = await Promise.all([
    db.select({ id: feeClassArms.classArmId }).from(feeClassArms).where(eq(feeClassArms.feeId, feeId)),
    db.select({ id: feeStudents.studentId }).from(feeStudents).where(eq(feeStudents.feeId, feeId)),
  ]);
  return { classArmIds: arms.map((row) => row.id).sort(), studentIds: students.map((row) => row.id).sort() };
}

export async function countPayments(db: DbOrTx, feeId: string) {
  const [row] = await db.select({ n: count() }).from(payments).where(eq(payments.feeId, feeId));
  return row?.n ?? 0;
}

export async function listFeeEvents(db: DbOrTx, feeId: string) {
  return db
    .select({ event: feeEvents, actor: person(eventActor) })
    .from(feeEvents)
    .leftJoin(eventActor, eq(eventActor.id, feeEvents.actorId))
    .where(eq(feeEvents.feeId, feeId))
    .orderBy(
      asc(feeEvents.createdAt),
      // The events of one change share its transaction's timestamp; they happen in this order.
      sql`array_position(array['created', 'edited', 'sent_back', 'approved', 'rejected'], ${feeEvents.action})`,
    );
}

export type FeeEventRow = Awaited<ReturnType<typeof listFeeEvents>>[number];

/** Counts and kobo totals, summed in SQL as bigint and read back as text so no precision is lost. */
export async function feeTotals(db: DbOrTx, where: SQL) {
  const sumOf = (condition: SQL) =>
    sql<string>`coalesce(sum(${fees.amountKobo}) filter (where ${condition}), 0)::bigint::text`;
  const [row] = await db
    .select({
      totalFees: count(),
      approvedFees: sql<number>`count(*) filter (where ${fees.status} = 'approved')::int`,
      pendingApproval: sql<number>`count(*) filter (where ${fees.status} = 'pending')::int`,
      rejectedFees: sql<number>`count(*) filter (where ${fees.status} = 'rejected')::int`,
      activeFees: sql<number>`count(*) filter (where ${fees.isActive})::int`,
      totalAmount: sumOf(sql`true`),
      approvedAmount: sumOf(sql`${fees.status} = 'approved'`),
      pendingAmount: sumOf(sql`${fees.status} = 'pending'`),
    })
    .from(fees)
    .where(and(live, where));
  return row!;
}

/**
 * A successful row's effect on what was paid: a payment adds its amount, a refund takes it back.
 * Every sum of money paid goes through this, so a refund lowers paid and raises outstanding.
 */
export const signedAmountKobo = sql`case when ${payments.kind} = 'refund' then -${payments.amountKobo} else ${payments.amountKobo} end`;

/**
 * The term a school is in today; between terms the latest that has started; before any has
 * started the first one.
 */
export async function defaultTermOf(db: DbOrTx, schoolId: string, today: string) {
  const started = sql`${terms.startDate} <= ${today}`;
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(eq(terms.schoolId, schoolId))
    .orderBy(desc(started), sql`case when ${started} then ${terms.startDate} end desc`, asc(terms.startDate))
    .limit(1);
  return row?.id;
}

export async function findTermOfSchool(db: DbOrTx, schoolId: string, termId: string) {
  const [row] = await db
    .select({ id: terms.id, name: terms.name })
    .from(terms)
    .where(and(eq(terms.id, termId), eq(terms.schoolId, schoolId)));
  return row;
}

export async function findSessionOfSchool(db: DbOrTx, schoolId: string, sessionId: string) {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(and(eq(academicSessions.id, sessionId), eq(academicSessions.schoolId, schoolId)));
  return row;
}

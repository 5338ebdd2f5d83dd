import { and, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { academicSessions, classArms, feeClassArms, fees, terms, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/** Each filter left out does not narrow the list. */
export async function listSessions(
  db: DbOrTx,
  scope: Scope,
  filter: { id?: string; schoolId?: string | undefined } = {},
) {
  return db
    .select()
    .from(academicSessions)
    .where(
      and(
        inSchoolScope(scope, academicSessions.schoolId),
        filter.id ? eq(academicSessions.id, filter.id) : undefined,
        filter.schoolId ? eq(academicSessions.schoolId, filter.schoolId) : undefined,
      ),
    )
    .orderBy(sql`${academicSessions.startDate} desc`);
}

export async function findSession(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listSessions(db, scope, { id });
  return row;
}

/** A session of the same school whose dates overlap [startDate, endDate]. */
export async function findOverlappingSession(
  db: DbOrTx,
  period: { schoolId: string; startDate: string; endDate: string; exceptId?: string },
) {
  const [row] = await db
    .select({ name: academicSessions.name })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.schoolId, period.schoolId),
        sql`${academicSessions.startDate} <= ${period.endDate} and ${academicSessions.endDate} >= ${period.startDate}`,
        period.exceptId ? ne(academicSessions.id, period.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Each filter left out does not narrow the list; `onDate` keeps the terms running on that day. */
export async function listTerms(
  db: DbOrTx,
  scope: Scope,
  filter: { id?: string; schoolId?: string | undefined; sessionId?: string; onDate?: string } = {},
) {
  return db
    .select({ term: terms, session: { id: academicSessions.id, name: academicSessions.name } })
    .from(terms)
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .where(
      and(
        inSchoolScope(scope, terms.schoolId),
        filter.id ? eq(terms.id, filter.id) : undefined,
        filter.schoolId ? eq(terms.schoolId, filter.schoolId) : undefined,
        filter.sessionId ? eq(terms.sessionId, filter.sessionId) : undefined,
        filter.onDate
          ? sql`${terms.startDate} <= ${filter.onDate} and ${terms.endDate} >= ${filter.onDate}`
          : undefined,
      ),
    )
    .orderBy(terms.startDate);
}

export async function findTerm(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listTerms(db, scope, { id });
  return row;
}

export type TermRow = NonNullable<Awaited<ReturnType<typeof findTerm>>>;

export async function findOverlappingTerm(
  db: DbOrTx,
  period: { sessionId: string; startDate: string; endDate: string; exceptId?: string },
) {
  const [row] = await db
    .select({ name: terms.name })
    .from(terms)
    .where(
      and(
        eq(terms.sessionId, period.sessionId),
        sql`${terms.startDate} <= ${period.endDate} and ${terms.endDate} >= ${period.startDate}`,
        period.exceptId ? ne(terms.id, period.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function countTermsInSession(db: DbOrTx, sessionId: string) {
  const [row] = await db.select({ n: count() }).from(terms).where(eq(terms.sessionId, sessionId));
  return row?.n ?? 0;
}

// The outer column is qualified by hand: drizzle renders `${classArms.id}` as a bare "id" in a
// single-table select, which inside this subquery would mean u.id.
const studentCount = sql<number>`(
  select count(*)::int from ${users} u
  where u.class_arm_id = ${classArms}.${sql.identifier('id')} and 'Student' = any(u.roles)
)`;

/** Each filter left out does not narrow the list. */
export async function listClassArms(
  db: DbOrTx,
  scope: Scope,
  filter: { id?: string; schoolId?: string | undefined } = {},
) {
  return db
    .select({ ...getTableColumns(classArms), currentStudentCount: studentCount })
    .from(classArms)
    .where(
      and(
        inSchoolScope(scope, classArms.schoolId),
        filter.id ? eq(classArms.id, filter.id) : undefined,
        filter.schoolId ? eq(classArms.schoolId, filter.schoolId) : undefined,
      ),
    )
    .orderBy(classArms.name);
}

export async function findClassArm(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listClassArms(db, scope, { id });
  return row;
}

export type ClassArmRow = NonNullable<Awaited<ReturnType<typeof findClassArm>>>;

/** Fees keep their term for good, even deleted ones: the money recorded against them needs it. */
export async function countFeesOfTerm(db: DbOrTx, termId: string) {
  const [row] = await db.select({ n: count() }).from(fees).where(eq(fees.termId, termId));
  return row?.n ?? 0;
}

export async function countStudentsInClassArm(db: DbOrTx, classArmId: string) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.classArmId, classArmId));
  return row?.n ?? 0;
}

export async function countFeesBilledToClassArm(db: DbOrTx, classArmId: string) {
  const [row] = await db.select({ n: count() }).from(feeClassArms).where(eq(feeClassArms.classArmId, classArmId));
  return row?.n ?? 0;
}

type PeriodValues = { name: string; startDate: string; endDate: string; isActive: boolean };

export async function insertSession(tx: DbOrTx, values: PeriodValues & { schoolId: string }) {
  const [row] = await tx.insert(academicSessions).values(values).returning();
  return row!;
}

export async function updateSessionRow(tx: DbOrTx, id: string, values: PeriodValues) {
  const [row] = await tx.update(academicSessions).set(values).where(eq(academicSessions.id, id)).returning();
  return row!;
}

export async function deleteSessionRow(tx: DbOrTx, id: string) {
  await tx.delete(academicSessions).where(eq(academicSessions.id, id));
}

export async function insertTerm(tx: DbOrTx, values: PeriodValues & { schoolId: string; sessionId: string }) {
  const [row] = await tx.insert(terms).values(values).returning();
  return row!;
}

export async function updateTermRow(tx: DbOrTx, id: string, values: PeriodValues) {
  const [row] = await tx.update(terms).set(values).where(eq(terms.id, id)).returning();
  return row;
}

export async function deleteTermRow(tx: DbOrTx, id: string) {
  await tx.delete(terms).where(eq(terms.id, id));
}

type ClassArmValues = { name: string; capacity: number };

export async function insertClassArm(tx: DbOrTx, values: ClassArmValues & { schoolId: string }) {
  const [row] = await tx.insert(classArms).values(values).returning();
  return row!;
}

export async function updateClassArmRow(tx: DbOrTx, id: string, values: ClassArmValues) {
  const [row] = await tx.update(classArms).set(values).where(eq(classArms.id, id)).returning();
  return row;
}

export async function deleteClassArmRow(tx: DbOrTx, id: string) {
  await tx.delete(classArms).where(eq(classArms.id, id));
}

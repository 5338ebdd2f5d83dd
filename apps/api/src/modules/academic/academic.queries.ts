import { and, count, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { academicSessions, classArms, terms, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export async function listSessions(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select()
    .from(academicSessions)
    .where(and(inSchoolScope(scope, academicSessions.schoolId), where))
    .orderBy(sql`${academicSessions.startDate} desc`);
}

export async function findSession(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listSessions(db, scope, eq(academicSessions.id, id));
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

export async function listTerms(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select({ term: terms, session: { id: academicSessions.id, name: academicSessions.name } })
    .from(terms)
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .where(and(inSchoolScope(scope, terms.schoolId), where))
    .orderBy(terms.startDate);
}

export async function findTerm(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listTerms(db, scope, eq(terms.id, id));
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

export async function listClassArms(db: DbOrTx, scope: Scope, where?: SQL) {
  return db
    .select({ ...getTableColumns(classArms), currentStudentCount: studentCount })
    .from(classArms)
    .where(and(inSchoolScope(scope, classArms.schoolId), where))
    .orderBy(classArms.name);
}

export async function findClassArm(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await listClassArms(db, scope, eq(classArms.id, id));
  return row;
}

export type ClassArmRow = NonNullable<Awaited<ReturnType<typeof findClassArm>>>;

import { and, arrayContains, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { personMatches } from '../../db/person-search.js';
import {
  classArms,
  parentStudents,
  schools,
  studentDisciplinaryRecords,
  studentProfiles,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/**
 * Who the caller may see among students: staff their schools, a parent their linked children,
 * a student themself. A caller holding several of these sees the union.
 */
export interface StudentVisibility {
  scope: Scope | null;
  parentId: string | null;
  selfId: string | null;
}

export const isStudent = and(arrayContains(users.roles, ['Student']), isNull(users.deletedAt))!;

export function visibleTo(visibility: StudentVisibility): SQL {
  const parts: SQL[] = [];
  if (visibility.scope) parts.push(inSchoolScope(visibility.scope, users.schoolId));
  if (visibility.parentId) {
    parts.push(
      sql`exists (select 1 from ${parentStudents} ps where ps.student_id = ${users.id} and ps.parent_id = ${visibility.parentId})`,
    );
  }
  if (visibility.selfId) parts.push(eq(users.id, visibility.selfId));
  return parts.length ? or(...parts)! : sql`false`;
}

/** Student rows for which `where` (a visibility) holds, without the joins of `listStudents`. */
export const studentWhere = (where: SQL) => and(isStudent, where)!;

/** Staff changes and exports: the students of the caller's schools. */
export const inSchoolsOf = (scope: Scope) => inSchoolScope(scope, users.schoolId);

/** Re-reads a student the caller was already allowed to see, inside the transaction that changed them. */
export const anyStudent = sql`true`;

type ProfileRow = typeof studentProfiles.$inferSelect;

/** The list and statistics filters; each one left out does not narrow. */
export interface StudentFilters {
  search?: string | undefined;
  schoolId?: string | undefined;
  classArmId?: string | undefined;
  /** Enrolled between these two dates, both included. */
  enrolledBetween?: [string, string] | undefined;
  gender?: ProfileRow['gender'] | undefined;
  type?: ProfileRow['type'] | undefined;
  academicStatus?: ProfileRow['academicStatus'] | undefined;
}

/** `where` (who the caller may see) narrowed by the filters. */
export function narrowedBy(where: SQL, filters: StudentFilters): SQL {
  const [from, to] = filters.enrolledBetween ?? [];
  return and(
    where,
    filters.search ? personMatches(filters.search) : undefined,
    filters.schoolId ? eq(users.schoolId, filters.schoolId) : undefined,
    filters.classArmId ? eq(users.classArmId, filters.classArmId) : undefined,
    from && to ? sql`${studentProfiles.enrolledAt} between ${from} and ${to}` : undefined,
    filters.gender ? eq(studentProfiles.gender, filters.gender) : undefined,
    filters.type ? eq(studentProfiles.type, filters.type) : undefined,
    filters.academicStatus ? eq(studentProfiles.academicStatus, filters.academicStatus) : undefined,
  )!;
}

const studentColumns = {
  user: {
    id: users.id,
    firstname: users.firstname,
    middlename: users.middlename,
    lastname: users.lastname,
    email: users.email,
    phone: users.phone,
    regNo: users.regNo,
    paymentCode: users.paymentCode,
    status: users.status,
    schoolId: users.schoolId,
    classArmId: users.classArmId,
    profilePicture: users.profilePicture,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  },
  profile: studentProfiles,
  school: { id: schools.id, name: schools.name, groupSchoolId: schools.groupSchoolId },
  classArm: { id: classArms.id, name: classArms.name },
};

function studentsFrom(db: DbOrTx) {
  return db
    .select(studentColumns)
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(classArms, eq(classArms.id, users.classArmId));
}

export async function listStudents(db: DbOrTx, where: SQL, page?: { limit: number; offset: number }) {
  const query = studentsFrom(db)
    .where(and(isStudent, where))
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export type StudentRow = Awaited<ReturnType<typeof listStudents>>[number];

export async function countStudents(db: DbOrTx, where: SQL) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(isStudent, where));
  return row?.n ?? 0;
}

export async function findStudent(db: DbOrTx, where: SQL, id: string) {
  const [row] = await listStudents(db, and(where, eq(users.id, id))!);
  return row;
}

/** The students of a class arm still at the school (a student without a profile counts as active). */
export async function listActiveStudentsInClassArm(db: DbOrTx, classArmId: string) {
  return listStudents(
    db,
    and(eq(users.classArmId, classArmId), sql`coalesce(${studentProfiles.academicStatus}, 'active') = 'active'`)!,
  );
}

export interface ParentSummary {
  studentId: string;
  id: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  email: string;
}

/** The parents of many students in one query, so a page of students costs two round trips. */
export async function parentsOf(db: DbOrTx, studentIds: string[]): Promise<ParentSummary[]> {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: parentStudents.studentId,
      id: users.id,
      firstname: users.firstname,
      middlename: users.middlename,
      lastname: users.lastname,
      email: users.email,
    })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .where(and(inArray(parentStudents.studentId, studentIds), isNull(users.deletedAt)))
    .orderBy(asc(users.lastname), asc(users.firstname));
}

export async function findClassArmInSchool(db: DbOrTx, schoolId: string, classArmId: string) {
  const [row] = await db
    .select()
    .from(classArms)
    .where(and(eq(classArms.id, classArmId), eq(classArms.schoolId, schoolId)));
  return row;
}

export async function findClassArmInScope(db: DbOrTx, scope: Scope, classArmId: string, lock = false) {
  const query = db
    .select()
    .from(classArms)
    .where(and(eq(classArms.id, classArmId), inSchoolScope(scope, classArms.schoolId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function classArmsOfSchool(db: DbOrTx, schoolId: string) {
  return db.select({ id: classArms.id, name: classArms.name }).from(classArms).where(eq(classArms.schoolId, schoolId));
}

/** Students, not deleted, who count against a class arm's capacity. */
export async function countInClassArm(db: DbOrTx, classArmId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isStudent, eq(users.classArmId, classArmId)));
  return row?.n ?? 0;
}

/** Registration numbers of the school already taken by live users, compared without case. */
export async function takenRegNos(db: DbOrTx, schoolId: string, regNos: string[], exceptUserId?: string) {
  if (regNos.length === 0) return new Set<string>();
  const rows = await db
    .select({ regNo: sql<string>`lower(${users.regNo})` })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        isNull(users.deletedAt),
        inArray(
          sql`lower(${users.regNo})`,
          regNos.map((regNo) => regNo.toLowerCase()),
        ),
        exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    );
  return new Set(rows.map((row) => row.regNo));
}

/** Emails already taken by live users, compared without case. */
export async function takenEmails(db: DbOrTx, emails: string[], exceptUserId?: string) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        inArray(
          sql`lower(${users.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
        exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
      ),
    );
  return new Set(rows.map((row) => row.email));
}

export async function findParentUser(db: DbOrTx, parentId: string) {
  const [row] = await db
    .select({ user: users, groupSchoolId: schools.groupSchoolId })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, parentId), isNull(users.deletedAt)));
  return row;
}

/** The figures of the statistics view over the students matching `where`, in one round trip. */
export async function studentTotals(db: DbOrTx, where: SQL, newSince: string) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${studentProfiles.academicStatus} = 'active')::int`,
      male: sql<number>`count(*) filter (where ${studentProfiles.gender} = 'Male')::int`,
      female: sql<number>`count(*) filter (where ${studentProfiles.gender} = 'Female')::int`,
      day: sql<number>`count(*) filter (where ${studentProfiles.type} = 'day')::int`,
      boarding: sql<number>`count(*) filter (where ${studentProfiles.type} = 'boarding')::int`,
      newEnrollments: sql<number>`count(*) filter (where ${studentProfiles.enrolledAt} >= ${newSince})::int`,
      graduated: sql<number>`count(*) filter (where ${studentProfiles.academicStatus} = 'graduated')::int`,
      averageGpa: sql<string | null>`round(avg(${studentProfiles.currentGpa}), 2)::text`,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(isStudent, where));
  return row!;
}

export async function studentsByClass(db: DbOrTx, where: SQL) {
  return db
    .select({ className: classArms.name, count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(classArms, eq(classArms.id, users.classArmId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(isStudent, where))
    .groupBy(classArms.name)
    .orderBy(classArms.name);
}

/** Enrolments per calendar month over the twelve months ending with `today`'s, empty months included. */
export async function enrollmentTrends(db: DbOrTx, where: SQL, today: string) {
  const thisMonth = sql`date_trunc('month', ${today}::date)::date`;
  const firstMonth = sql`(${thisMonth} - interval '11 months')::date`;
  // Only the window's enrolments are read and counted per month before the months are joined:
  // formatting every student's enrolment date to match it against the months cost a group of
  // 50,000 students about 100 ms.
  const enrolled = db
    .select({
      month: sql<string>`date_trunc('month', ${studentProfiles.enrolledAt})::date`.as('month'),
      enrollments: sql<number>`count(*)::int`.as('enrollments'),
    })
    .from(users)
    .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(
      and(
        isStudent,
        where,
        sql`${studentProfiles.enrolledAt} >= ${firstMonth}`,
        sql`${studentProfiles.enrolledAt} < (${thisMonth} + interval '1 month')::date`,
      ),
    )
    .groupBy(sql`1`)
    .as('enrolled');
  return db
    .select({
      month: sql<string>`to_char(m.start, 'YYYY-MM')`,
      enrollments: sql<number>`coalesce(${enrolled.enrollments}, 0)::int`,
    })
    .from(sql`generate_series(${firstMonth}, ${thisMonth}, interval '1 month') as m(start)`)
    .leftJoin(enrolled, sql`${enrolled.month} = m.start::date`)
    .orderBy(sql`m.start`);
}

const recorders = alias(users, 'recorders');

/** Disciplinary records matching `where`, newest first, each with who recorded it. */
async function listDisciplinaryRecords(db: DbOrTx, where: SQL) {
  return db
    .select({
      record: studentDisciplinaryRecords,
      recorder: {
        id: recorders.id,
        firstname: recorders.firstname,
        middlename: recorders.middlename,
        lastname: recorders.lastname,
      },
    })
    .from(studentDisciplinaryRecords)
    .leftJoin(recorders, eq(recorders.id, studentDisciplinaryRecords.recordedBy))
    .where(where)
    .orderBy(desc(studentDisciplinaryRecords.date), desc(studentDisciplinaryRecords.createdAt));
}

export type DisciplinaryRow = Awaited<ReturnType<typeof listDisciplinaryRecords>>[number];

export async function countDisciplinaryRecords(db: DbOrTx, studentId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(studentDisciplinaryRecords)
    .where(eq(studentDisciplinaryRecords.studentId, studentId));
  return row?.n ?? 0;
}

export async function listDisciplinaryRecordsOf(db: DbOrTx, studentId: string) {
  return listDisciplinaryRecords(db, eq(studentDisciplinaryRecords.studentId, studentId));
}

export async function findDisciplinaryRecord(db: DbOrTx, id: string) {
  const [row] = await listDisciplinaryRecords(db, eq(studentDisciplinaryRecords.id, id));
  return row;
}

export async function insertDisciplinaryRecord(tx: DbOrTx, values: typeof studentDisciplinaryRecords.$inferInsert) {
  const [row] = await tx
    .insert(studentDisciplinaryRecords)
    .values(values)
    .returning({ id: studentDisciplinaryRecords.id });
  return row!.id;
}

/** The accounts of new students, returning each one's id and email (to match them with their profiles). */
export async function insertStudentUsers(tx: DbOrTx, values: (typeof users.$inferInsert)[]) {
  return tx.insert(users).values(values).returning({ id: users.id, email: users.email });
}

export async function insertStudentProfiles(tx: DbOrTx, values: (typeof studentProfiles.$inferInsert)[]) {
  await tx.insert(studentProfiles).values(values);
}

/** Creates the profile with `values`, or, when the student already has one, applies `changes` to it. */
export async function upsertStudentProfile(
  tx: DbOrTx,
  values: typeof studentProfiles.$inferInsert,
  changes: Partial<typeof studentProfiles.$inferInsert>,
) {
  await tx.insert(studentProfiles).values(values).onConflictDoUpdate({ target: studentProfiles.userId, set: changes });
}

export async function updateStudentUser(tx: DbOrTx, id: string, changes: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(changes).where(eq(users.id, id));
}

export async function moveStudentsToClassArm(tx: DbOrTx, studentIds: string[], classArmId: string) {
  await tx.update(users).set({ classArmId }).where(inArray(users.id, studentIds));
}

/** Whether the link is new (linking twice changes nothing). */
export async function linkParentToStudent(tx: DbOrTx, link: typeof parentStudents.$inferInsert) {
  const inserted = await tx
    .insert(parentStudents)
    .values(link)
    .onConflictDoNothing()
    .returning({ parentId: parentStudents.parentId });
  return inserted.length > 0;
}

/** Whether there was a link to remove. */
export async function unlinkParentFromStudent(tx: DbOrTx, parentId: string, studentId: string) {
  const removed = await tx
    .delete(parentStudents)
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)))
    .returning({ parentId: parentStudents.parentId });
  return removed.length > 0;
}

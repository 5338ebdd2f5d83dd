import {
  type ACADEMIC_STATUSES,
  attendanceRate,
  type CalendarDate,
  type GENDERS,
  type ResultSubject,
  type StudentAcademic,
  type TermResultInput,
} from '@schoolledger/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { classArms, studentProfiles, termResultSubjects, termResults, terms, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/*
 * Term results as the schools imported them. Averages and scores are numeric(5,2) in the
 * database and leave it as text, so 67.35 stays 67.35 rather than a float's neighbour of it.
 */

const num = (text: string | null) => (text === null ? null : Number(text));

interface AcademicRow {
  student_id: string;
  term_id: string;
  term_name: string;
  average: string | null;
  position: number | null;
  class_size: number | null;
  days_present: number | null;
  total_days: number | null;
  late_days: number | null;
  subjects: { name: string; score: string | null; grade: string | null }[];
}

const subjectsJson = sql`coalesce((
    select json_agg(json_build_object('name', s.subject, 'score', s.score::text, 'grade', s.grade) order by s.subject)
    from ${termResultSubjects} s where s.result_id = r.id), '[]'::json)`;

export const subjectsOf = (rows: { name: string; score: string | null; grade: string | null }[]): ResultSubject[] =>
  rows.map((subject) => ({ name: subject.name, score: num(subject.score), grade: subject.grade }));

/**
 * Each student's recorded figures: for the given term, or else the latest term (by start date)
 * they have results for. A student with nothing recorded is absent from the map. The caller has
 * already limited `studentIds` to students it may see.
 */
export async function academicOf(
  db: ReadDb,
  studentIds: string[],
  termId?: string,
): Promise<Map<string, StudentAcademic>> {
  if (studentIds.length === 0) return new Map();
  const rows = await rowsOf<AcademicRow>(
    db,
    sql`select distinct on (r.student_id) r.student_id, r.term_id, t.name as term_name, r.average::text as average,
      r.position, r.class_size, r.days_present, r.total_days, r.late_days, ${subjectsJson} as subjects
    from ${termResults} r join ${terms} t on t.id = r.term_id
    where r.student_id = any(${`{${studentIds.join(',')}}`}::uuid[])
      ${termId ? sql`and r.term_id = ${termId}` : sql``}
    order by r.student_id, t.start_date desc, t.created_at desc`,
  );
  return new Map(
    rows.map((row) => [
      row.student_id,
      {
        termId: row.term_id,
        termName: row.term_name,
        average: num(row.average),
        position: row.position,
        classSize: row.class_size,
        attendance:
          row.days_present === null || row.total_days === null
            ? null
            : {
                daysPresent: row.days_present,
                totalDays: row.total_days,
                late: row.late_days,
                rate: attendanceRate(row.days_present, row.total_days),
              },
        subjects: subjectsOf(row.subjects),
      },
    ]),
  );
}

/** A term the caller may see, with its school. */
export async function termInScope(db: DbOrTx, scope: Scope, termId: string) {
  const [row] = await db
    .select({ id: terms.id, schoolId: terms.schoolId, name: terms.name })
    .from(terms)
    .where(and(eq(terms.id, termId), inSchoolScope(scope, terms.schoolId)));
  return row;
}

/**
 * The school's current term, by the rule the fee figures use: the term it is in today, else the
 * latest that has started, else the first.
 */
export async function currentTermOf(db: ReadDb, schoolId: string, today: CalendarDate) {
  const [row] = await db
    .select({ id: terms.id, name: terms.name })
    .from(terms)
    .where(eq(terms.schoolId, schoolId))
    .orderBy(
      sql`(${terms.startDate} <= ${today}) desc`,
      sql`case when ${terms.startDate} <= ${today} then ${terms.startDate} end desc`,
      terms.startDate,
    )
    .limit(1);
  return row ?? null;
}

export interface SchoolStudent {
  id: string;
  regNo: string;
  name: string;
  classArmId: string | null;
}

/** The school's students among the registration numbers, matched without regard to case. */
export async function studentsByRegNo(db: DbOrTx, schoolId: string, regNos: string[]): Promise<SchoolStudent[]> {
  if (regNos.length === 0) return [];
  return db
    .select({
      id: users.id,
      regNo: sql<string>`${users.regNo}`,
      name: sql<string>`concat_ws(' ', ${users.firstname}, ${users.middlename}, ${users.lastname})`,
      classArmId: users.classArmId,
    })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        sql`'Student' = any(${users.roles})`,
        isNull(users.deletedAt),
        inArray(
          sql`lower(${users.regNo})`,
          regNos.map((regNo) => regNo.toLowerCase()),
        ),
      ),
    );
}

/** Where else in the group the registration numbers belong, so a row can say why it is refused. */
export async function regNosOfOtherSchools(db: DbOrTx, schoolId: string, regNos: string[]): Promise<Set<string>> {
  if (regNos.length === 0) return new Set();
  const rows = await db
    .select({ regNo: sql<string>`lower(${users.regNo})` })
    .from(users)
    .where(
      and(
        sql`${users.schoolId} <> ${schoolId}`,
        isNull(users.deletedAt),
        inArray(
          sql`lower(${users.regNo})`,
          regNos.map((regNo) => regNo.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.regNo));
}

/** Of the students, those who already have results for the term. */
export async function studentsWithResults(db: DbOrTx, termId: string, studentIds: string[]): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: termResults.studentId })
    .from(termResults)
    .where(and(eq(termResults.termId, termId), inArray(termResults.studentId, studentIds)));
  return new Set(rows.map((row) => row.id));
}

const numericText = (value: number | null) => (value === null ? null : value.toFixed(2));

const figuresOf = (input: TermResultInput) => ({
  average: numericText(input.average),
  position: input.position,
  classSize: input.classSize,
  daysPresent: input.daysPresent,
  totalDays: input.totalDays,
  lateDays: input.lateDays,
  remark: input.remark ?? null,
});

async function replaceSubjects(tx: DbOrTx, resultIds: string[], subjects: Map<string, TermResultInput['subjects']>) {
  await tx.delete(termResultSubjects).where(inArray(termResultSubjects.resultId, resultIds));
  const values = resultIds.flatMap((resultId) =>
    (subjects.get(resultId) ?? []).map((subject) => ({
      resultId,
      subject: subject.name,
      score: numericText(subject.score),
      grade: subject.grade || null,
    })),
  );
  for (let at = 0; at < values.length; at += WRITE_CHUNK) {
    await tx.insert(termResultSubjects).values(values.slice(at, at + WRITE_CHUNK));
  }
}

const WRITE_CHUNK = 500;

export interface ResultWrite {
  studentId: string;
  classArmId: string | null;
  input: TermResultInput;
}

/**
 * Writes each student's figures for the term, replacing what they had: a re-import of a corrected
 * file leaves exactly the file's figures. Call inside the import's transaction.
 */
export async function upsertTermResults(
  tx: DbOrTx,
  target: { schoolId: string; termId: string; importedBy: string | null },
  rows: ResultWrite[],
): Promise<{ created: number; updated: number }> {
  let created = 0;
  for (let at = 0; at < rows.length; at += WRITE_CHUNK) {
    const chunk = rows.slice(at, at + WRITE_CHUNK);
    const written = await tx
      .insert(termResults)
      .values(
        chunk.map((row) => ({
          ...target,
          studentId: row.studentId,
          classArmId: row.classArmId,
          ...figuresOf(row.input),
        })),
      )
      .onConflictDoUpdate({
        target: [termResults.termId, termResults.studentId],
        set: {
          classArmId: sql`excluded.class_arm_id`,
          average: sql`excluded.average`,
          position: sql`excluded.position`,
          classSize: sql`excluded.class_size`,
          daysPresent: sql`excluded.days_present`,
          totalDays: sql`excluded.total_days`,
          lateDays: sql`excluded.late_days`,
          remark: sql`excluded.remark`,
          importedBy: sql`excluded.imported_by`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: termResults.id, studentId: termResults.studentId, inserted: sql<boolean>`xmax = 0` });
    created += written.filter((row) => row.inserted).length;
    const byStudent = new Map(chunk.map((row) => [row.studentId, row.input.subjects]));
    await replaceSubjects(
      tx,
      written.map((row) => row.id),
      new Map(written.map((row) => [row.id, byStudent.get(row.studentId) ?? []])),
    );
  }
  return { created, updated: rows.length - created };
}

interface ResultRow {
  id: string;
  student_id: string;
  student_name: string;
  reg_no: string | null;
  class_arm_id: string | null;
  class_arm_name: string | null;
  term_id: string;
  term_name: string;
  school_id: string;
  average: string | null;
  position: number | null;
  class_size: number | null;
  days_present: number | null;
  total_days: number | null;
  late_days: number | null;
  remark: string | null;
  updated_at: string;
  subjects: { name: string; score: string | null; grade: string | null }[];
}

export type { ResultRow };

/** `term_results` as `r`, so the tenancy condition names the alias the statement uses. */
const aliased = alias(termResults, 'r');

const resultSelect = sql`select r.id, r.student_id, concat_ws(' ', u.firstname, u.middlename, u.lastname) as student_name,
    u.reg_no, r.class_arm_id, ca.name as class_arm_name, r.term_id, t.name as term_name, r.school_id,
    r.average::text as average, r.position, r.class_size, r.days_present, r.total_days, r.late_days, r.remark,
    to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at, ${subjectsJson} as subjects
  from ${termResults} r
  join ${users} u on u.id = r.student_id
  join ${terms} t on t.id = r.term_id
  left join ${classArms} ca on ca.id = r.class_arm_id`;

/** A page of a term's results, by class arm then position then name. */
export async function listTermResults(
  db: DbOrTx,
  filter: { termId: string; classArmId?: string | undefined; page: number; limit: number },
): Promise<{ rows: ResultRow[]; total: number }> {
  const where = sql`r.term_id = ${filter.termId} ${filter.classArmId ? sql`and r.class_arm_id = ${filter.classArmId}` : sql``}`;
  const [rows, [counted]] = await Promise.all([
    rowsOf<ResultRow>(
      db,
      sql`${resultSelect} where ${where}
      order by ca.name nulls last, r.position nulls last, u.lastname, u.firstname, r.id
      limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total from ${termResults} r where ${where}`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One result, if its school is in the caller's scope. */
export async function findTermResult(db: DbOrTx, scope: Scope, id: string): Promise<ResultRow | undefined> {
  const [row] = await rowsOf<ResultRow>(
    db,
    sql`${resultSelect} where r.id = ${id} and ${inSchoolScope(scope, aliased.schoolId)}`,
  );
  return row;
}

export async function updateTermResult(tx: DbOrTx, id: string, input: TermResultInput) {
  await tx.update(termResults).set(figuresOf(input)).where(eq(termResults.id, id));
  await replaceSubjects(tx, [id], new Map([[id, input.subjects]]));
}

export async function deleteTermResult(tx: DbOrTx, id: string) {
  await tx.delete(termResults).where(eq(termResults.id, id));
}

/** Removes every result of the term; answers how many there were. */
export async function deleteResultsOfTerm(tx: DbOrTx, termId: string): Promise<number> {
  const removed = await tx.delete(termResults).where(eq(termResults.termId, termId)).returning({ id: termResults.id });
  return removed.length;
}

export interface ResultsTally {
  students: number;
  averageSum: number;
  averages: number;
  daysPresent: number;
  totalDays: number;
}

/** A term's results of one school per class arm at import (`null`: imported for a student in no arm). */
export async function resultsTallyByClassArm(db: ReadDb, schoolId: string, termId: string) {
  const rows = await rowsOf<{
    class_arm_id: string | null;
    students: number;
    average_sum: string | null;
    averages: number;
    days_present: string | null;
    total_days: string | null;
  }>(
    db,
    sql`select class_arm_id, count(*)::int as students, sum(average)::text as average_sum, count(average)::int as averages,
      sum(days_present) filter (where total_days > 0)::text as days_present,
      sum(total_days) filter (where total_days > 0)::text as total_days
    from ${termResults} where school_id = ${schoolId} and term_id = ${termId}
    group by class_arm_id`,
  );
  return new Map<string | null, ResultsTally>(
    rows.map((row) => [
      row.class_arm_id,
      {
        students: row.students,
        averageSum: Number(row.average_sum ?? 0),
        averages: row.averages,
        daysPresent: Number(row.days_present ?? 0),
        totalDays: Number(row.total_days ?? 0),
      },
    ]),
  );
}

/** The school's class arms with how many active students each holds now. */
export async function classArmFill(db: ReadDb, schoolId: string) {
  return rowsOf<{ id: string; name: string; capacity: number; students: number }>(
    db,
    sql`select ca.id, ca.name, ca.capacity, count(u.id)::int as students
    from ${classArms} ca
    left join ${users} u on u.class_arm_id = ca.id and 'Student' = any(u.roles) and u.deleted_at is null
      and u.status = 'active'
    where ca.school_id = ${schoolId}
    group by ca.id order by ca.name`,
  );
}

/** The school's students (accounts not removed) by academic status and gender. */
export async function studentMakeup(db: ReadDb, schoolId: string) {
  return rowsOf<{ status: (typeof ACADEMIC_STATUSES)[number]; gender: (typeof GENDERS)[number] | null; count: number }>(
    db,
    sql`select coalesce(p.academic_status, 'active') as status, p.gender, count(*)::int as count
    from ${users} u left join ${studentProfiles} p on p.user_id = u.id
    where u.school_id = ${schoolId} and 'Student' = any(u.roles) and u.deleted_at is null
    group by 1, 2 order by 1, 2`,
  );
}

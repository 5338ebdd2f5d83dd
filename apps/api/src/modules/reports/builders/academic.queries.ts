import { and, arrayContains, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReadDb } from '../../../db/client.js';
import { auditLogs, classArms, parentStudents, schools, studentProfiles, users } from '../../../db/schema.js';
import { inRange, type ResolvedReport } from '../report-definition.js';
import { personName } from './person-name.js';

const isStudent = and(arrayContains(users.roles, ['Student']), isNull(users.deletedAt));
/** A student without a profile row was enrolled before profiles existed: active, as everywhere else. */
const academicStatus = sql<string>`coalesce(${studentProfiles.academicStatus}, 'active')`;

/** The class arms of the report's schools (or the one chosen), in the order the app lists them. */
export function reportClassArms(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      id: classArms.id,
      name: classArms.name,
      capacity: classArms.capacity,
      schoolId: classArms.schoolId,
      school: schools.name,
    })
    .from(classArms)
    .innerJoin(schools, eq(schools.id, classArms.schoolId))
    .where(
      and(report.inSchools(classArms.schoolId), report.classArm ? eq(classArms.id, report.classArm.id) : undefined),
    )
    .orderBy(schools.name, classArms.name);
}

const parent = alias(users, 'parent');
/** The linked parents' names; else the guardian written on the student's profile. */
const parentOrGuardian = sql<string | null>`coalesce(
  (select string_agg(${personName(parent)}, ', ' order by ${parent.lastname}, ${parent.firstname})
   from ${parentStudents} join ${users} ${sql.identifier('parent')} on ${parent.id} = ${parentStudents.parentId}
   where ${parentStudents.studentId} = ${users.id} and ${parent.deletedAt} is null),
  ${studentProfiles.guardian} ->> 'name')`;

/** The students of the report's schools (or of the chosen class arm), by name. */
export function classListStudents(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      schoolId: users.schoolId,
      school: schools.name,
      classArmId: users.classArmId,
      regNo: users.regNo,
      name: personName(users),
      gender: studentProfiles.gender,
      status: academicStatus,
      parentOrGuardian,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(
      and(
        isStudent,
        report.inSchools(users.schoolId),
        report.classArm ? eq(users.classArmId, report.classArm.id) : undefined,
      ),
    )
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
}

/** How many students each class arm (or none) of the report's schools has, per academic status. */
export function enrolmentCounts(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      schoolId: users.schoolId,
      school: schools.name,
      classArmId: users.classArmId,
      status: academicStatus,
      students: sql<number>`count(*)::int`,
    })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(isStudent, report.inSchools(users.schoolId)))
    .groupBy(users.schoolId, schools.name, users.classArmId, academicStatus);
}

const actor = alias(users, 'actor');
const movedStudents: SQL<number> = sql`case
  when ${auditLogs.entityId} is not null then 1
  when jsonb_typeof(${auditLogs.after} -> 'studentIds') = 'array' then jsonb_array_length(${auditLogs.after} -> 'studentIds')
  else 0 end`;

/**
 * The promotions recorded in the period: a class's promotion is one entry naming its students
 * (`after.studentIds`), a single student's names them as the entry's record. The arms are named
 * as they were called then.
 */
export function promotionsInRange(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      at: auditLogs.createdAt,
      school: schools.name,
      fromArm: sql<string | null>`${auditLogs.before} -> 'classArm' ->> 'name'`,
      toArm: sql<string | null>`${auditLogs.after} -> 'classArm' ->> 'name'`,
      students: movedStudents,
      by: sql<string | null>`case when ${actor.id} is not null then ${personName(actor)} end`,
    })
    .from(auditLogs)
    .leftJoin(schools, eq(schools.id, auditLogs.schoolId))
    .leftJoin(actor, eq(actor.id, auditLogs.actorId))
    .where(
      and(
        eq(auditLogs.action, 'promote'),
        eq(auditLogs.entity, 'student'),
        report.inSchools(auditLogs.schoolId),
        inRange(auditLogs.createdAt, report.range),
      ),
    )
    .orderBy(auditLogs.createdAt, auditLogs.seq);
}

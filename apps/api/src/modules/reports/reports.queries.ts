import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  academicSessions,
  addresses,
  classArms,
  groupSchools,
  parentStudents,
  schools,
  terms,
  users,
} from '../../db/schema.js';

export async function findSchool(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({ id: schools.id, name: schools.name, groupSchoolId: schools.groupSchoolId })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

export async function findTerm(db: DbOrTx, termId: string) {
  const [row] = await db
    .select({
      id: terms.id,
      schoolId: terms.schoolId,
      sessionId: terms.sessionId,
      name: terms.name,
      session: academicSessions.name,
      startDate: terms.startDate,
      endDate: terms.endDate,
    })
    .from(terms)
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .where(eq(terms.id, termId));
  return row;
}

export async function findSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      id: academicSessions.id,
      schoolId: academicSessions.schoolId,
      name: academicSessions.name,
      startDate: academicSessions.startDate,
      endDate: academicSessions.endDate,
    })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  return row;
}

export async function findClassArm(db: DbOrTx, classArmId: string) {
  const [row] = await db
    .select({ id: classArms.id, schoolId: classArms.schoolId, name: classArms.name })
    .from(classArms)
    .where(eq(classArms.id, classArmId));
  return row;
}

export async function findStudent(db: DbOrTx, studentId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      middlename: users.middlename,
      lastname: users.lastname,
      regNo: users.regNo,
      schoolId: users.schoolId,
      paymentCode: users.paymentCode,
    })
    .from(users)
    .where(and(eq(users.id, studentId), sql`'Student' = any(${users.roles})`, isNull(users.deletedAt)));
  return row;
}

export async function isParentOf(db: DbOrTx, parentId: string, studentId: string) {
  const [row] = await db
    .select({ studentId: parentStudents.studentId })
    .from(parentStudents)
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)));
  return row !== undefined;
}

/** What the letterhead prints: the school's name, address and contacts, and the group's logo. */
export async function findLetterhead(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({
      name: schools.name,
      email: schools.email,
      phone: schools.phoneNumber,
      logoUrl: groupSchools.logoUrl,
      street: addresses.street,
      streetNo: addresses.streetNo,
      town: addresses.town,
      state: addresses.state,
    })
    .from(schools)
    .innerJoin(groupSchools, eq(groupSchools.id, schools.groupSchoolId))
    .leftJoin(addresses, and(eq(addresses.schoolId, schools.id), eq(addresses.isSchoolAddress, true)))
    .where(eq(schools.id, schoolId))
    .limit(1);
  return row;
}

export async function findGroupLetterhead(db: DbOrTx, groupSchoolId: string) {
  const [row] = await db
    .select({ name: groupSchools.name, logoUrl: groupSchools.logoUrl })
    .from(groupSchools)
    .where(eq(groupSchools.id, groupSchoolId));
  return row;
}

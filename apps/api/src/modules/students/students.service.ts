import {
  type ACADEMIC_STATUSES,
  type CreateStudentRequest,
  can,
  type DisciplinaryRecordInput,
  displayName,
  entityMessages,
  initialStudentPassword,
  type Permission,
  type promoteRequestSchema,
  type Student,
  type StudentInput,
  type StudentPerformance,
  type StudentProfileUpdate,
  type StudentStats,
  type studentListQuerySchema,
  type studentStatsQuerySchema,
  todayIn,
  type updateAcademicRequestSchema,
} from '@schoolledger/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { personMatches } from '../../db/person-search.js';
import { parentStudents, studentDisciplinaryRecords, studentProfiles, users } from '../../db/schema.js';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope, inSchoolScope } from '../../plugins/tenancy.js';
import { classArmNotFound } from '../academic/academic.errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { revokeUserTokens } from '../auth/auth.queries.js';
import { findAddress } from '../schools/schools.queries.js';
import { emailTaken } from '../users/users.errors.js';
import { regNoTaken, studentNotFound } from './students.errors.js';
import { storedContacts, toDisciplinaryRecord, toStudent } from './students.presenters.js';
import {
  countDisciplinaryRecords,
  countInClassArm,
  countStudents,
  enrollmentTrends,
  findClassArmInSchool,
  findClassArmInScope,
  findParentUser,
  findStudent,
  listDisciplinaryRecords,
  listStudents,
  parentsOf,
  type StudentRow,
  studentsByClass,
  studentTotals,
  takenEmails,
  takenRegNos,
  visibleTo,
} from './students.queries.js';

export const STUDENT = entityMessages('Student');
const SCHOOL = entityMessages('School');
const PARENT = entityMessages('Parent');
const ADDRESS = entityMessages('Address');

type ListQuery = z.output<typeof studentListQuerySchema>;
type StatsQuery = z.output<typeof studentStatsQuerySchema>;
type AcademicInput = z.output<typeof updateAcademicRequestSchema>;
type PromoteInput = z.output<typeof promoteRequestSchema>;
type AcademicStatus = (typeof ACADEMIC_STATUSES)[number];
type Optional = 'guardian' | 'emergencyContact' | 'expectedGraduationYear';
/** A student as stored: the form's fields, less those SPEC §7's two-call creation does not send. */
export type StudentValues = Omit<StudentInput, Optional> & Partial<Pick<StudentInput, Optional>>;

/** Statuses that end a student's time at the school, and with it their sign-in. */
const LEAVING: readonly AcademicStatus[] = ['graduated', 'transferred', 'dropped'];

/** SPEC §9 derives the first password from the name and registration number; it must still meet the minimum. */
export function initialPasswordProblem(firstname: string, regNo: string): string | null {
  return initialStudentPassword(firstname, regNo).length < 8
    ? 'The first password (first name in lower case followed by the registration number) would be shorter than 8 characters: use a longer registration number'
    : null;
}

/* Who sees what */

/**
 * Pass `self: false` for what staff and parents may read about a student but the student may not,
 * and `alsoFor` for a permission whose holders may read it too (those who record discipline).
 */
function visibilityOf(auth: AuthContext, { self = true, alsoFor }: { self?: boolean; alsoFor?: Permission } = {}) {
  const staff = can(auth.roles, 'students.view') || (alsoFor !== undefined && can(auth.roles, alsoFor));
  const visibility = {
    scope: staff ? auth.scope : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
    selfId: self && auth.roles.includes('Student') ? auth.userId : null,
  };
  if (!visibility.scope && !visibility.parentId && !visibility.selfId) throw forbidden();
  return visibility;
}

/** Changes and exports are for staff only, within their schools. */
const inCallerSchools = (auth: AuthContext) => inSchoolScope(auth.scope, users.schoolId);

async function present(db: DbOrTx, rows: StudentRow[]): Promise<Student[]> {
  const parents = await parentsOf(
    db,
    rows.map((row) => row.user.id),
  );
  return rows.map((row) => toStudent(row, parents));
}

async function loadStudent(db: DbOrTx, where: SQL, id: string) {
  const row = await findStudent(db, where, id);
  if (!row) throw studentNotFound();
  const [student] = await present(db, [row]);
  return { row, student: student! };
}

/* Reading */

/** The list filters as SQL; the caller's visibility is added by the callers of this. */
async function filtersOf(db: DbOrTx, auth: AuthContext, query: Omit<ListQuery, 'page' | 'limit'>): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) conditions.push(personMatches(query.search));
  // A school or class named by the caller must be one they can see (404 otherwise, whatever their role).
  if (query.school) {
    assertSchoolInScope(auth.scope, query.school, SCHOOL.notFound);
    conditions.push(eq(users.schoolId, query.school));
  }
  if (query.classArm) {
    if (!(await findClassArmInScope(db, auth.scope, query.classArm))) throw classArmNotFound();
    conditions.push(eq(users.classArmId, query.classArm));
  }
  if (query.academicYear) {
    const [first, second] = query.academicYear.split('/');
    conditions.push(sql`${studentProfiles.enrolledAt} between ${`${first}-09-01`} and ${`${second}-08-31`}`);
  }
  if (query.gender) conditions.push(eq(studentProfiles.gender, query.gender));
  if (query.type) conditions.push(eq(studentProfiles.type, query.type));
  if (query.academicStatus) conditions.push(eq(studentProfiles.academicStatus, query.academicStatus));
  return and(sql`true`, ...conditions)!;
}

export async function listStudentPage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const visibility = visibilityOf(auth, { alsoFor: 'students.search' });
  const where = and(visibleTo(visibility), await filtersOf(ctx.db, auth, query))!;
  const [total, rows] = await Promise.all([
    countStudents(ctx.db, where),
    listStudents(ctx.db, where, { limit: query.limit, offset: (query.page - 1) * query.limit }),
  ]);
  return {
    students: await present(ctx.db, rows),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** Every student matching the filters, for the export (staff only). */
export async function listStudentsForExport(
  ctx: AppContext,
  auth: AuthContext,
  query: Omit<ListQuery, 'page' | 'limit'>,
) {
  const rows = await listStudents(ctx.db, and(inCallerSchools(auth), await filtersOf(ctx.db, auth, query))!);
  return present(ctx.db, rows);
}

export async function getStudent(ctx: AppContext, auth: AuthContext, id: string) {
  return (await loadStudent(ctx.db, visibleTo(visibilityOf(auth)), id)).student;
}

export async function listChildren(ctx: AppContext, auth: AuthContext) {
  if (!auth.roles.includes('Parent')) throw forbidden();
  const rows = await listStudents(ctx.db, visibleTo({ scope: null, parentId: auth.userId, selfId: null }));
  return present(ctx.db, rows);
}

/** 1 September of the academic year that contains `today`. */
function academicYearStart(today: string) {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 9 ? `${year}-09-01` : `${year - 1}-09-01`;
}

export async function studentStats(ctx: AppContext, auth: AuthContext, query: StatsQuery): Promise<StudentStats> {
  const conditions: SQL[] = [inSchoolScope(auth.scope, users.schoolId)];
  if (query.school) {
    assertSchoolInScope(auth.scope, query.school, SCHOOL.notFound);
    conditions.push(eq(users.schoolId, query.school));
  }
  if (query.classArm) {
    if (!(await findClassArmInScope(ctx.db, auth.scope, query.classArm))) throw classArmNotFound();
    conditions.push(eq(users.classArmId, query.classArm));
  }
  const where = and(...conditions)!;
  const today = todayIn('Africa/Lagos', ctx.clock());
  const [totals, byClass, trends] = await Promise.all([
    studentTotals(ctx.db, where, academicYearStart(today)),
    studentsByClass(ctx.db, where),
    enrollmentTrends(ctx.db, where, today),
  ]);
  return {
    totalStudents: totals.total,
    activeStudents: totals.active,
    maleStudents: totals.male,
    femaleStudents: totals.female,
    dayStudents: totals.day,
    boardingStudents: totals.boarding,
    newEnrollments: totals.newEnrollments,
    graduatedStudents: totals.graduated,
    averageAttendance: null,
    averageGPA: totals.averageGpa === null ? null : Number(totals.averageGpa),
    studentsByClass: byClass,
    enrollmentTrends: trends,
  };
}

/* Creating and editing */

async function classArmOf(db: DbOrTx, schoolId: string, classArmId: string) {
  const arm = await findClassArmInSchool(db, schoolId, classArmId);
  if (!arm) throw fieldError('classArm_id', 'This class does not belong to the selected school');
  return arm;
}

async function assertUnique(db: DbOrTx, input: StudentValues, exceptUserId?: string) {
  if ((await takenRegNos(db, input.school_id, [input.regNo], exceptUserId)).size) throw regNoTaken(input.regNo);
  if ((await takenEmails(db, [input.email], exceptUserId)).size) throw emailTaken();
}

/** A race past the checks ends at the unique indexes; say which field clashed. */
async function uniqueFields<T>(
  db: DbOrTx,
  input: StudentValues,
  exceptUserId: string | undefined,
  work: () => Promise<T>,
) {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertUnique(db, input, exceptUserId);
    throw conflict('This registration number or email is already in use');
  }
}

export function userValues(input: StudentValues) {
  return {
    schoolId: input.school_id,
    classArmId: input.classArm_id,
    firstname: input.firstname,
    middlename: input.middlename || null,
    lastname: input.lastname,
    email: input.email,
    phone: input.phone,
    regNo: input.regNo,
  };
}

/** The contact columns of a student profile: address, guardian and emergency contact. */
function contactValues(input: Pick<StudentValues, 'address' | 'guardian' | 'emergencyContact'>) {
  return {
    street: input.address.street,
    city: input.address.city,
    state: input.address.state,
    country: input.address.country,
    postalCode: input.address.postalCode || null,
    ...storedContacts(input),
  };
}

export function profileValues(input: StudentValues) {
  return {
    schoolId: input.school_id,
    dob: input.DOB,
    gender: input.gender,
    type: input.type,
    expectedGraduationYear: input.expectedGraduationYear ?? null,
    previousSchool: input.previousSchool || null,
    ...contactValues(input),
  };
}

/**
 * SPEC §7 creates the address first and names it: it must be one of the student's school's
 * addresses; another school's (or a made-up id) is not found. The profile keeps its own copy.
 */
async function addressFor(
  ctx: AppContext,
  auth: AuthContext,
  input: CreateStudentRequest,
): Promise<StudentInput['address']> {
  if (!input.address_id) return input.address!;
  const address = await findAddress(ctx.db, auth.scope, input.address_id);
  if (!address || address.schoolId !== input.school_id) throw notFound(ADDRESS.notFound);
  return {
    street: `${address.streetNo} ${address.street}`,
    city: address.town,
    state: address.state,
    country: address.country,
    postalCode: address.zipCode,
  };
}

export async function createStudent(ctx: AppContext, auth: AuthContext, request: CreateStudentRequest, actor: Actor) {
  assertSchoolInScope(auth.scope, request.school_id, SCHOOL.notFound);
  const { address_id: _addressId, ...fields } = request;
  const input: StudentValues = { ...fields, address: await addressFor(ctx, auth, request) };
  await classArmOf(ctx.db, input.school_id, input.classArm_id);
  const passwordProblem = initialPasswordProblem(input.firstname, input.regNo);
  if (passwordProblem) throw fieldError('regNo', passwordProblem);
  await assertUnique(ctx.db, input);
  const id = await uniqueFields(ctx.db, input, undefined, () =>
    ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...userValues(input), roles: ['Student'], passwordHash: null, mustChangePassword: true })
        .returning({ id: users.id });
      await tx
        .insert(studentProfiles)
        .values({ userId: user!.id, ...profileValues(input), enrolledAt: todayIn('Africa/Lagos', ctx.clock()) });
      const { student } = await loadStudent(tx, sql`true`, user!.id);
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'student',
        entityId: user!.id,
        schoolId: input.school_id,
        after: student,
      });
      return user!.id;
    }),
  );
  return (await loadStudent(ctx.db, sql`true`, id)).student;
}

export async function updateStudent(ctx: AppContext, auth: AuthContext, id: string, input: StudentInput, actor: Actor) {
  const { student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  assertSchoolInScope(auth.scope, input.school_id, SCHOOL.notFound);
  await classArmOf(ctx.db, input.school_id, input.classArm_id);
  await assertUnique(ctx.db, input, id);
  return uniqueFields(ctx.db, input, id, () =>
    ctx.db.transaction(async (tx) => {
      await tx.update(users).set(userValues(input)).where(eq(users.id, id));
      await tx
        .insert(studentProfiles)
        .values({ userId: id, ...profileValues(input) })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: profileValues(input) });
      const { student: after } = await loadStudent(tx, sql`true`, id);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'student',
        entityId: id,
        schoolId: input.school_id,
        before,
        after,
      });
      return after;
    }),
  );
}

const contactsOf = (student: Student) => ({
  phone: student.phone,
  address: student.address,
  guardian: student.guardian,
  emergencyContact: student.emergencyContact,
});

/** Changes only how to reach the student and their family; the academic record and account stay as they are. */
export async function updateStudentProfile(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: StudentProfileUpdate,
  actor: Actor,
) {
  const { row, student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const schoolId = row.school.id;
  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ phone: input.phone }).where(eq(users.id, id));
    const contact = contactValues(input);
    await tx
      .insert(studentProfiles)
      .values({ userId: id, schoolId, ...contact })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: contact });
    const { student: after } = await loadStudent(tx, sql`true`, id);
    await recordAudit(tx, actor, {
      action: 'update_profile',
      entity: 'student',
      entityId: id,
      schoolId,
      before: contactsOf(before),
      after: contactsOf(after),
    });
    return after;
  });
}

/** Students are never removed: payments and audit rows keep pointing at them. */
export async function deleteStudent(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const { row, student } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: now, status: 'inactive' }).where(eq(users.id, id));
    await revokeUserTokens(tx, id, now);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'student',
      entityId: id,
      schoolId: row.school.id,
      before: student,
    });
  });
}

/* Academic record and class moves */

/** Locks the target class arm, then refuses a move that would take it past its capacity. */
async function assertRoom(tx: DbOrTx, auth: AuthContext, classArmId: string, moving: number, field = 'toClassArm_id') {
  const arm = await findClassArmInScope(tx, auth.scope, classArmId, true);
  if (!arm) throw classArmNotFound();
  const enrolled = await countInClassArm(tx, arm.id);
  if (enrolled + moving > arm.capacity) {
    const room = Math.max(0, arm.capacity - enrolled);
    throw fieldError(
      field,
      `${arm.name} has room for ${room} more student${room === 1 ? '' : 's'} (capacity ${arm.capacity}, ${enrolled} enrolled) but ${moving} ${moving === 1 ? 'was' : 'were'} selected`,
    );
  }
  return arm;
}

export async function updateAcademic(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: AcademicInput,
  actor: Actor,
) {
  const { row, student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const schoolId = row.school.id;
  const moving = input.classArm_id !== undefined && input.classArm_id !== row.user.classArmId;
  if (moving) await classArmOf(ctx.db, schoolId, input.classArm_id!);
  const leaving = LEAVING.includes(input.academicStatus);
  const returning = !leaving && LEAVING.includes(before.academicStatus);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    if (moving) await assertRoom(tx, auth, input.classArm_id!, 1, 'classArm_id');
    const profile = {
      academicStatus: input.academicStatus,
      ...(input.currentGPA === undefined
        ? {}
        : { currentGpa: input.currentGPA === null ? null : input.currentGPA.toFixed(2) }),
    };
    await tx
      .insert(studentProfiles)
      .values({ userId: id, schoolId, ...profile })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
    const account = {
      ...(moving ? { classArmId: input.classArm_id } : {}),
      ...(leaving ? { status: 'inactive' as const } : returning ? { status: 'active' as const } : {}),
    };
    if (Object.keys(account).length) await tx.update(users).set(account).where(eq(users.id, id));
    if (leaving) await revokeUserTokens(tx, id, now);
    const { student: after } = await loadStudent(tx, sql`true`, id);
    await recordAudit(tx, actor, {
      action: 'update_academic',
      entity: 'student',
      entityId: id,
      schoolId,
      before: { academicStatus: before.academicStatus, classArm: before.classArm, currentGPA: before.currentGPA },
      after: {
        academicStatus: after.academicStatus,
        classArm: after.classArm,
        currentGPA: after.currentGPA,
        reason: input.reason || null,
      },
    });
    return after;
  });
}

const promotedSummary = (row: StudentRow) => ({
  _id: row.user.id,
  name: displayName(row.user),
  regNo: row.user.regNo ?? '',
});

async function targetArm(ctx: AppContext, auth: AuthContext, classArmId: string, schoolId: string) {
  const arm = await findClassArmInScope(ctx.db, auth.scope, classArmId);
  if (!arm) throw classArmNotFound();
  if (arm.schoolId !== schoolId) throw fieldError('toClassArm_id', 'The target class must be in the same school');
  return arm;
}

/** Moves a class arm's active students, or the chosen ones among them, to another class arm of the school. */
export async function promoteStudents(ctx: AppContext, auth: AuthContext, input: PromoteInput, actor: Actor) {
  const from = await findClassArmInScope(ctx.db, auth.scope, input.fromClassArm_id);
  if (!from) throw classArmNotFound();
  const to = await targetArm(ctx, auth, input.toClassArm_id, from.schoolId);
  if (to.id === from.id) throw fieldError('toClassArm_id', 'Choose a class other than the current one');
  return ctx.db.transaction(async (tx) => {
    const active = await listStudents(
      tx,
      and(eq(users.classArmId, from.id), sql`coalesce(${studentProfiles.academicStatus}, 'active') = 'active'`)!,
    );
    let chosen = active;
    if (input.studentIds) {
      const wanted = new Set(input.studentIds);
      chosen = active.filter((row) => wanted.has(row.user.id));
      if (chosen.length !== wanted.size) {
        const missing = wanted.size - chosen.length;
        throw fieldError(
          'studentIds',
          `${missing} of the selected students ${missing === 1 ? 'is not an active student' : 'are not active students'} of ${from.name}`,
        );
      }
    }
    if (chosen.length === 0) throw fieldError('fromClassArm_id', `${from.name} has no active students to promote`);
    await assertRoom(tx, auth, to.id, chosen.length);
    const students = chosen.map(promotedSummary);
    if (input.dryRun) return { students, promoted: chosen.length, dryRun: true };
    const ids = chosen.map((row) => row.user.id);
    await tx.update(users).set({ classArmId: to.id }).where(inArray(users.id, ids));
    await recordAudit(tx, actor, {
      action: 'promote',
      entity: 'student',
      entityId: null,
      schoolId: from.schoolId,
      before: { classArm: { _id: from.id, name: from.name } },
      after: { classArm: { _id: to.id, name: to.name }, studentIds: ids },
    });
    return { students, promoted: chosen.length, dryRun: false };
  });
}

export async function promoteStudent(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  toClassArmId: string,
  actor: Actor,
) {
  const { row, student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const to = await targetArm(ctx, auth, toClassArmId, row.school.id);
  if (to.id === row.user.classArmId) throw fieldError('toClassArm_id', `${before.firstname} is already in ${to.name}`);
  return ctx.db.transaction(async (tx) => {
    await assertRoom(tx, auth, to.id, 1);
    await tx.update(users).set({ classArmId: to.id }).where(eq(users.id, id));
    const { student: after } = await loadStudent(tx, sql`true`, id);
    await recordAudit(tx, actor, {
      action: 'promote',
      entity: 'student',
      entityId: id,
      schoolId: row.school.id,
      before: { classArm: before.classArm },
      after: { classArm: after.classArm },
    });
    return { student: after, classArmName: to.name };
  });
}

/* Conduct and performance */

export async function recordDisciplinary(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: DisciplinaryRecordInput,
  actor: Actor,
) {
  const { row } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  if (input.date > todayIn('Africa/Lagos', ctx.clock())) throw fieldError('date', 'Date cannot be in the future');
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(studentDisciplinaryRecords)
      .values({
        schoolId: row.school.id,
        studentId: id,
        recordedBy: auth.userId,
        date: input.date,
        category: input.category,
        description: input.description,
        actionTaken: input.actionTaken || null,
      })
      .returning({ id: studentDisciplinaryRecords.id });
    const [stored] = await listDisciplinaryRecords(tx, eq(studentDisciplinaryRecords.id, created!.id));
    const record = toDisciplinaryRecord(stored!);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'student_disciplinary_record',
      entityId: record._id,
      schoolId: row.school.id,
      after: record,
    });
    return record;
  });
}

export async function listDisciplinary(ctx: AppContext, auth: AuthContext, id: string) {
  await loadStudent(ctx.db, visibleTo(visibilityOf(auth, { self: false, alsoFor: 'students.discipline' })), id);
  const rows = await listDisciplinaryRecords(ctx.db, eq(studentDisciplinaryRecords.studentId, id));
  return rows.map(toDisciplinaryRecord);
}

/** Only what is recorded: there are no attendance or subject results yet, so those stay null and empty. */
export async function studentPerformance(ctx: AppContext, auth: AuthContext, id: string): Promise<StudentPerformance> {
  const { student } = await loadStudent(
    ctx.db,
    visibleTo(visibilityOf(auth, { self: false, alsoFor: 'students.discipline' })),
    id,
  );
  return {
    currentGPA: student.currentGPA,
    academicStatus: student.academicStatus,
    classArm: student.classArm,
    disciplinaryCount: await countDisciplinaryRecords(ctx.db, id),
    attendanceRate: null,
    subjects: [],
  };
}

/* Parents */

export async function linkParent(ctx: AppContext, auth: AuthContext, id: string, parentId: string, actor: Actor) {
  const { row } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  const parent = await findParentUser(ctx.db, parentId);
  // A parent of another group, like one that does not exist, is not found.
  if (!parent || parent.groupSchoolId !== row.school.groupSchoolId) throw notFound(PARENT.notFound);
  if (!parent.user.roles.includes('Parent')) throw fieldError('parentId', 'This user does not have the Parent role');
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(parentStudents)
      .values({ parentId, studentId: id, schoolId: row.school.id })
      .onConflictDoNothing()
      .returning({ parentId: parentStudents.parentId });
    if (inserted.length) {
      await recordAudit(tx, actor, {
        action: 'link_parent',
        entity: 'student',
        entityId: id,
        schoolId: row.school.id,
        after: { parentId, parentName: displayName(parent.user) },
      });
    }
    return (await loadStudent(tx, sql`true`, id)).student;
  });
}

export async function unlinkParent(ctx: AppContext, auth: AuthContext, id: string, parentId: string, actor: Actor) {
  const { row } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(parentStudents)
      .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, id)))
      .returning({ parentId: parentStudents.parentId });
    if (!removed.length) throw notFound('This parent is not linked to the student');
    await recordAudit(tx, actor, {
      action: 'unlink_parent',
      entity: 'student',
      entityId: id,
      schoolId: row.school.id,
      before: { parentId },
    });
    return (await loadStudent(tx, sql`true`, id)).student;
  });
}

/* Picture */

export async function assertManageableStudent(ctx: AppContext, auth: AuthContext, id: string) {
  return (await loadStudent(ctx.db, inCallerSchools(auth), id)).row;
}

export async function setStudentImage(ctx: AppContext, row: StudentRow, url: string, actor: Actor) {
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ profilePicture: url }).where(eq(users.id, row.user.id));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'student_profile_image',
      entityId: row.user.id,
      schoolId: row.school.id,
      before: { profilePicture: row.user.profilePicture },
      after: { profilePicture: url },
    });
  });
}

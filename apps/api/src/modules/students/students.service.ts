import {
  type CreateStudentRequest,
  entityMessages,
  initialStudentPassword,
  type Student,
  type StudentInput,
  type StudentProfileUpdate,
  type StudentStats,
  type studentListQuerySchema,
  type studentStatsQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { classArmNotFound } from '../academic/academic.errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { revokeUserTokens } from '../auth/auth.queries.js';
import { notifyAccountsCreated } from '../notifications/notices.service.js';
import { findAddress } from '../schools/schools.queries.js';
import { emailTaken } from '../users/users.errors.js';
import { assertMayChange } from '../users/users.service.js';
import { classArmOf, inCallerSchools, loadStudent, present, SCHOOL, visibilityOf } from './students.access.js';
import { regNoTaken } from './students.errors.js';
import { storedContacts } from './students.presenters.js';
import {
  anyStudent,
  countStudents,
  enrollmentTrends,
  findClassArmInScope,
  inSchoolsOf,
  insertStudentProfiles,
  insertStudentUsers,
  listStudents,
  narrowedBy,
  type StudentFilters,
  type StudentRow,
  studentsByClass,
  studentTotals,
  takenEmails,
  takenRegNos,
  updateStudentUser,
  upsertStudentProfile,
  visibleTo,
} from './students.queries.js';

const ADDRESS = entityMessages('Address');

type ListQuery = z.output<typeof studentListQuerySchema>;
type StatsQuery = z.output<typeof studentStatsQuerySchema>;
type Optional = 'guardian' | 'emergencyContact' | 'expectedGraduationYear';
/** A student as stored: the form's fields, less those SPEC §7's two-call creation does not send. */
export type StudentValues = Omit<StudentInput, Optional> & Partial<Pick<StudentInput, Optional>>;

/** SPEC §9 derives the first password from the name and registration number; it must still meet the minimum. */
export function initialPasswordProblem(firstname: string, regNo: string): string | null {
  return initialStudentPassword(firstname, regNo).length < 8
    ? 'The first password (first name in lower case followed by the registration number) would be shorter than 8 characters: use a longer registration number'
    : null;
}

/* Reading */

/** A school or class named by the caller must be one they can see (404 otherwise, whatever their role). */
async function assertPlacesVisible(db: DbOrTx, auth: AuthContext, query: { school?: string; classArm?: string }) {
  if (query.school) assertSchoolInScope(auth.scope, query.school, SCHOOL.notFound);
  if (query.classArm && !(await findClassArmInScope(db, auth.scope, query.classArm))) throw classArmNotFound();
}

/** The list filters; the caller's visibility is added by the callers of this. */
async function filtersOf(
  db: DbOrTx,
  auth: AuthContext,
  query: Omit<ListQuery, 'page' | 'limit'>,
): Promise<StudentFilters> {
  await assertPlacesVisible(db, auth, query);
  const [first, second] = query.academicYear?.split('/') ?? [];
  return {
    search: query.search,
    schoolId: query.school,
    classArmId: query.classArm,
    enrolledBetween: query.academicYear ? [`${first}-09-01`, `${second}-08-31`] : undefined,
    gender: query.gender,
    type: query.type,
    academicStatus: query.academicStatus,
  };
}

export async function listStudentPage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const visibility = visibilityOf(auth, { alsoFor: 'students.search' });
  const where = narrowedBy(visibleTo(visibility), await filtersOf(ctx.db, auth, query));
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
/** An export of personal data is itself on the trail: who took whose details, with which filters. */
export async function listStudentsForExport(
  ctx: AppContext,
  auth: AuthContext,
  query: Omit<ListQuery, 'page' | 'limit'>,
  download: { actor: Actor; format: string },
) {
  const rows = await listStudents(ctx.db, narrowedBy(inCallerSchools(auth), await filtersOf(ctx.db, auth, query)));
  await recordAudit(ctx.db, download.actor, {
    action: 'export',
    entity: 'student',
    entityId: null,
    schoolId: query.school ?? auth.schoolId,
    after: { format: download.format, filters: query, rows: rows.length },
  });
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
  await assertPlacesVisible(ctx.db, auth, query);
  const where = narrowedBy(inSchoolsOf(auth.scope), { schoolId: query.school, classArmId: query.classArm });
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
  assertMayChange({ auth, target: null, roles: ['Student'] });
  const { address_id: _addressId, ...fields } = request;
  const input: StudentValues = { ...fields, address: await addressFor(ctx, auth, request) };
  await classArmOf(ctx.db, input.school_id, input.classArm_id);
  const passwordProblem = initialPasswordProblem(input.firstname, input.regNo);
  if (passwordProblem) throw fieldError('regNo', passwordProblem);
  await assertUnique(ctx.db, input);
  const id = await uniqueFields(ctx.db, input, undefined, () =>
    ctx.db.transaction(async (tx) => {
      const [user] = await insertStudentUsers(tx, [
        { ...userValues(input), roles: ['Student'], passwordHash: null, mustChangePassword: true },
      ]);
      await insertStudentProfiles(tx, [
        { userId: user!.id, ...profileValues(input), enrolledAt: todayIn('Africa/Lagos', ctx.clock()) },
      ]);
      const { student } = await loadStudent(tx, anyStudent, user!.id);
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'student',
        entityId: user!.id,
        schoolId: input.school_id,
        after: student,
      });
      await notifyAccountsCreated(tx, ctx, [user!.id]);
      return user!.id;
    }),
  );
  return (await loadStudent(ctx.db, anyStudent, id)).student;
}

export async function updateStudent(ctx: AppContext, auth: AuthContext, id: string, input: StudentInput, actor: Actor) {
  const { student: before } = await loadStudent(ctx.db, inCallerSchools(auth), id);
  assertSchoolInScope(auth.scope, input.school_id, SCHOOL.notFound);
  await classArmOf(ctx.db, input.school_id, input.classArm_id);
  await assertUnique(ctx.db, input, id);
  return uniqueFields(ctx.db, input, id, () =>
    ctx.db.transaction(async (tx) => {
      await updateStudentUser(tx, id, userValues(input));
      await upsertStudentProfile(tx, { userId: id, ...profileValues(input) }, profileValues(input));
      const { student: after } = await loadStudent(tx, anyStudent, id);
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
    await updateStudentUser(tx, id, { phone: input.phone });
    const contact = contactValues(input);
    await upsertStudentProfile(tx, { userId: id, schoolId, ...contact }, contact);
    const { student: after } = await loadStudent(tx, anyStudent, id);
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
    await updateStudentUser(tx, id, { deletedAt: now, status: 'inactive' });
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

/* Picture */

export async function assertManageableStudent(ctx: AppContext, auth: AuthContext, id: string) {
  return (await loadStudent(ctx.db, inCallerSchools(auth), id)).row;
}

export async function setStudentImage(ctx: AppContext, row: StudentRow, url: string, actor: Actor) {
  await ctx.db.transaction(async (tx) => {
    await updateStudentUser(tx, row.user.id, { profilePicture: url });
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

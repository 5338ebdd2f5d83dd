import { randomUUID } from 'node:crypto';
import {
  type ClassArmInput,
  type CreateStudentRequest,
  classArmInputSchema,
  createStudentRequestSchema,
  type FeeInput,
  feeInputSchema,
  type Role,
  type SchoolInput,
  type SessionInput,
  STUDENT_FILE_COLUMNS,
  schoolInputSchema,
  sessionInputSchema,
  type TermInput,
  termInputSchema,
} from '@schoolledger/domain';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { type academicSessions, classArms, fees, schools, terms, users } from '../src/db/schema.js';
import { createClassArm, createSession, createTerm } from '../src/modules/academic/academic.service.js';
import type { Actor } from '../src/modules/audit/audit.queries.js';
import { findAuthUser } from '../src/modules/auth/auth.queries.js';
import { createFee } from '../src/modules/fees/fees.service.js';
import { createSchool } from '../src/modules/schools/schools.service.js';
import { createStudent } from '../src/modules/students/students.service.js';
import type { AuthContext } from '../src/plugins/auth.js';
import { scopeFor } from '../src/plugins/tenancy.js';
import { demoEmail, FIRST_SCHOOL, insertUser, type TestApp } from './helper.js';

/*
 * Test data built through the same services the routes call, as the demo super-admin, so each row
 * passes the rules a real one does. Each builder takes the request body's fields to change and
 * returns the stored row, typed by the schema.
 */

export type School = typeof schools.$inferSelect;
export type Session = typeof academicSessions.$inferSelect;
export type Term = typeof terms.$inferSelect;
export type ClassArm = typeof classArms.$inferSelect;
export type User = typeof users.$inferSelect;
export type Fee = typeof fees.$inferSelect;

let serial = 0;
/** Unique across the builders of one test file, so names and emails never collide. */
const next = () => `${++serial}-${randomUUID().slice(0, 6)}`;

/** The demo super-admin, as a route would hand them to a service. */
async function asAdmin(t: TestApp): Promise<{ auth: AuthContext; actor: Actor }> {
  const [admin] = await t.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('admin')));
  const row = await findAuthUser(t.ctx.db, admin!.id, null, t.ctx.clock());
  const roles = admin!.roles as Role[];
  const auth: AuthContext = {
    row: row!,
    userId: admin!.id,
    roles,
    schoolId: admin!.schoolId,
    familyId: randomUUID(),
    scope: scopeFor({ roles, schoolId: admin!.schoolId, groupSchoolId: null, groupSchoolIds: [], childSchoolIds: [] }),
  };
  return { auth, actor: { userId: admin!.id, ip: null, userAgent: null } };
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('the builder did not find the row it created');
  return row;
}

/** A school in the demo group. */
export async function aSchool(t: TestApp, change: Partial<SchoolInput> = {}): Promise<School> {
  const { auth, actor } = await asAdmin(t);
  const demo = await one(t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL)));
  const input = schoolInputSchema.parse({
    groupSchool_id: demo.groupSchoolId,
    name: `Built School ${next()}`,
    phoneNumber: '+2348031234567',
    street: 'Allen Avenue',
    street_no: '12',
    town: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
    zip_code: '100271',
    ...change,
  });
  const created = await createSchool(t.ctx, auth, input, actor);
  return one(t.ctx.db.select().from(schools).where(eq(schools.id, created.school.id)));
}

/** The 2025/2026 session of a school. */
export async function aSession(t: TestApp, change: Partial<SessionInput> & { school_id: string }): Promise<Session> {
  const { auth, actor } = await asAdmin(t);
  const input = sessionInputSchema.parse({
    name: '2025/2026',
    startDate: '2025-09-01',
    endDate: '2026-07-31',
    ...change,
  });
  return createSession(t.ctx, auth, input, actor);
}

/** A term of a session (the session's first term dates unless told). */
export async function aTerm(t: TestApp, change: Partial<TermInput> & { session: string }): Promise<Term> {
  const { auth, actor } = await asAdmin(t);
  const input = termInputSchema.parse({
    name: 'First Term',
    startDate: '2025-09-08',
    endDate: '2025-12-19',
    ...change,
  });
  const created = await createTerm(t.ctx, auth, input, actor);
  return one(t.ctx.db.select().from(terms).where(eq(terms.id, created.term.id)));
}

export async function aClassArm(t: TestApp, change: Partial<ClassArmInput> & { school_id: string }): Promise<ClassArm> {
  const { auth, actor } = await asAdmin(t);
  const input = classArmInputSchema.parse({ name: `JSS ${next()}`, capacity: 40, ...change });
  const created = await createClassArm(t.ctx, auth, input, actor);
  return one(t.ctx.db.select().from(classArms).where(eq(classArms.id, created.id)));
}

/** A whole student form (address, guardian and emergency contact given), unique by `tag`. */
export function studentFormBody(tag: string, prefix = 'BLT') {
  return {
    firstname: 'Temilade',
    lastname: 'Ogunbanjo',
    email: `${prefix.toLowerCase()}-student-${tag}@example.ng`,
    phone: '08031112222',
    DOB: '2013-04-21',
    gender: 'Female',
    regNo: `${prefix}/2025/${tag}`,
    address: { street: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '100271' },
    type: 'day',
    expectedGraduationYear: 2031,
    guardian: { name: 'Bukola Ogunbanjo', relationship: 'Mother', phone: '08035556666' },
    emergencyContact: { name: 'Kunle Ogunbanjo', relationship: 'Uncle', phone: '08037778888' },
  };
}

/** A student enrolled through the two-field form flow. */
export async function aStudent(
  t: TestApp,
  change: Partial<CreateStudentRequest> & { school_id: string; classArm_id: string },
): Promise<User> {
  const { auth, actor } = await asAdmin(t);
  const input = createStudentRequestSchema.parse({ ...studentFormBody(next()), ...change });
  const created = await createStudent(t.ctx, auth, input, actor);
  return one(t.ctx.db.select().from(users).where(eq(users.id, created._id)));
}

/** A parent account of a school (parents are made by the user administration, which has no builder yet). */
export async function aParent(t: TestApp, schoolId: string): Promise<User> {
  return insertUser(t, { email: `built-parent-${next()}@example.ng`, roles: ['Parent'], schoolId });
}

/** A library fee of ₦1,500 for a school's term, pending approval (the super-admin created it). */
export async function aFee(
  t: TestApp,
  change: Partial<Record<keyof FeeInput, unknown>> & { school_id: string; term_id: string },
): Promise<Fee> {
  const { auth, actor } = await asAdmin(t);
  const input = feeInputSchema.parse({
    name: `Built Fee ${next()}`,
    description: 'Built for a test',
    type: 'library',
    amount: '1500.00',
    ...change,
  });
  const created = await createFee(t.ctx, auth, input, actor);
  return one(t.ctx.db.select().from(fees).where(eq(fees.id, created._id)));
}

export type StudentFileRow = Record<(typeof STUDENT_FILE_COLUMNS)[number], string>;

/** A valid row of the student import template; `n` keeps the registration number and email unique. */
export function studentFileRow(n: number, change: Partial<StudentFileRow> = {}): StudentFileRow {
  return {
    'First Name': 'Oluwadamilare',
    'Middle Name': n % 2 ? 'Ayomide' : '',
    'Last Name': `Adeyemi${n}`,
    Email: `import${n}@example.ng`,
    Phone: '0803 123 4567',
    'Date of Birth': '14/03/2012',
    Gender: n % 2 ? 'male' : 'Female',
    'Registration Number': `IMP/2025/${String(n).padStart(4, '0')}`,
    'Class Arm': n % 3 ? 'JSS 2B' : 'jss 3a',
    Type: n % 4 ? 'Day' : 'boarding',
    'Expected Graduation Year': '2030',
    Street: '5 Opebi Road',
    City: 'Ikeja',
    State: 'Lagos',
    Country: 'Nigeria',
    'Postal Code': '',
    'Guardian Name': 'Kehinde Adeyemi',
    'Guardian Relationship': 'mother',
    'Guardian Phone': '08091234567',
    'Guardian Email': '',
    'Emergency Contact Name': 'Taiwo Adeyemi',
    'Emergency Contact Relationship': 'Family Friend',
    'Emergency Contact Phone': '+234 809 765 4321',
    ...change,
  };
}

/** Rows as the CSV a school would upload, with the template's header. */
export const studentFileCsv = (rows: readonly StudentFileRow[]) =>
  Buffer.from(
    stringify([[...STUDENT_FILE_COLUMNS], ...rows.map((row) => STUDENT_FILE_COLUMNS.map((column) => row[column]))]),
  );

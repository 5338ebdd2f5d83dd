import { MSG, STUDENT_FILE_COLUMNS, type StudentFormValues } from '@schoolledger/domain';
import { and, arrayContains, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  classArms,
  groupSchools,
  parentStudents,
  refreshTokens,
  schools,
  studentProfiles,
  users,
} from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, insertUser, login, multipart, SECOND_SCHOOL, tinyPng, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Listed {
  _id: string;
  firstname: string;
  lastname: string;
  school: { _id: string };
  parents: { _id: string; email: string }[];
}

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');

describe('students', () => {
  const t = useTestApp({ clock: () => now });
  const ids = {
    first: '',
    second: '',
    chiamaka: '',
    parent: '',
    arms: new Map<string, string>(),
  };
  const arm = (school: 'first' | 'second', name: string) => ids.arms.get(`${ids[school]}:${name}`)!;

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    for (const row of await t.ctx.db.select().from(classArms)) ids.arms.set(`${row.schoolId}:${row.name}`, row.id);
    ids.chiamaka = (await userByEmail(demoEmail('student'))).id;
    ids.parent = (await userByEmail(demoEmail('parent'))).id;
  });

  async function userByEmail(email: string) {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return row!;
  }

  async function call(who: string, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function dataOf(who: string, url: string) {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** Live students matching `where`, counted straight from the database. */
  async function countWhere(where?: SQL) {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(and(arrayContains(users.roles, ['Student']), isNull(users.deletedAt), where));
    return row!.n;
  }

  async function auditsOf(entityId: string, action: string) {
    return t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, entityId), eq(auditLogs.action, action)));
  }

  let serial = 0;
  function studentBody(change: Partial<StudentFormValues> = {}): StudentFormValues {
    serial++;
    return {
      firstname: 'Temilade',
      middlename: 'Oluwaseyi',
      lastname: 'Ogunbanjo',
      email: `temilade${serial}@example.ng`,
      phone: '08031112222',
      DOB: '2013-04-21',
      gender: 'Female',
      regNo: `CVC/2025/9${String(serial).padStart(3, '0')}`,
      address: { street: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '100271' },
      school_id: ids.first,
      classArm_id: arm('first', 'JSS 1B'),
      type: 'day',
      expectedGraduationYear: 2031,
      previousSchool: 'Corona School, Ikeja',
      guardian: {
        name: 'Bukola Ogunbanjo',
        relationship: 'Mother',
        phone: '08035556666',
        email: 'bukola@example.ng',
        occupation: 'Pharmacist',
        isEmergencyContact: false,
      },
      emergencyContact: { name: 'Kunle Ogunbanjo', relationship: 'Uncle', phone: '08037778888' },
      ...change,
    };
  }

  async function createStudent(change: Partial<StudentFormValues> = {}, who = 'admin') {
    const response = await call(who, 'POST', '/students', studentBody(change));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Listed & { regNo: string; email: string };
  }

  describe('listing', () => {
    it('pages all students for the super-admin, ordered by last then first name, with their parents', async () => {
      const total = await countWhere();
      expect(total).toBeGreaterThan(250);
      const page1 = await dataOf('admin', '/students');
      expect(page1.pagination).toEqual({ page: 1, limit: 10, total, totalPages: Math.ceil(total / 10) });
      expect(page1.students).toHaveLength(10);
      const page2 = await dataOf('admin', '/students?page=2&limit=25');
      expect(page2.pagination).toMatchObject({ page: 2, limit: 25, total });
      const all = await dataOf('admin', '/students?limit=100&page=1');
      const names = all.students.map((row: Listed) => `${row.lastname} ${row.firstname}`);
      expect(names).toEqual([...names].sort((a, b) => (a.split(' ')[0] === b.split(' ')[0] ? 0 : a < b ? -1 : 1)));
      expect(page2.students.map((row: Listed) => row._id)).toEqual(
        all.students.slice(25, 50).map((row: Listed) => row._id),
      );

      const [chiamaka] = (await dataOf('admin', '/students?search=CVC/2025/0142')).students;
      expect(chiamaka).toMatchObject({
        _id: ids.chiamaka,
        firstname: 'Chiamaka',
        middlename: 'Ifeoma',
        lastname: 'Obi',
        regNo: 'CVC/2025/0142',
        school: { _id: ids.first, name: FIRST_SCHOOL },
        classArm: { _id: arm('first', 'JSS 2A'), name: 'JSS 2A' },
        gender: 'Female',
        academicStatus: 'active',
        status: 'active',
        guardian: { name: 'Chukwudi Obi', relationship: 'Father', email: demoEmail('parent') },
        parents: [{ _id: ids.parent, name: 'Chukwudi Obi', email: demoEmail('parent') }],
      });
      expect(chiamaka.address.country).toBe('Nigeria');
      expect(chiamaka.emergencyContact.phone).toMatch(/^0\d{10}$/);
    });

    it('answers /students/search the same way', async () => {
      const a = await dataOf('principal', '/students?search=obi&gender=Female');
      const b = await dataOf('principal', '/students/search?search=obi&gender=Female');
      expect(b).toEqual(a);
    });

    it("limits staff to their schools: principals their own, the proprietor the group's", async () => {
      const first = await dataOf('principal', '/students?limit=100');
      expect(first.pagination.total).toBe(await countWhere(eq(users.schoolId, ids.first)));
      expect(new Set(first.students.map((row: Listed) => row.school._id))).toEqual(new Set([ids.first]));
      const second = await dataOf('principal2', '/students?limit=100');
      expect(second.pagination.total).toBe(await countWhere(eq(users.schoolId, ids.second)));
      expect(new Set(second.students.map((row: Listed) => row.school._id))).toEqual(new Set([ids.second]));
      expect((await dataOf('proprietor', '/students')).pagination.total).toBe(await countWhere());
      expect((await dataOf('ict', '/students')).pagination.total).toBe(first.pagination.total);

      const foreign = await call('principal2', 'GET', `/students?school=${ids.first}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('School not found');
    });

    it('filters by school, class arm, academic year, gender, type, status and search, in SQL', async () => {
      const totalOf = async (query: string) => (await dataOf('admin', `/students?${query}`)).pagination.total;
      expect(await totalOf(`school=${ids.second}`)).toBe(await countWhere(eq(users.schoolId, ids.second)));
      expect(await totalOf(`classArm=${arm('first', 'JSS 2A')}`)).toBe(13);
      expect(await totalOf('gender=Male')).toBe(await countWhere(eq(studentProfiles.gender, 'Male')));
      expect(await totalOf('type=boarding')).toBe(await countWhere(eq(studentProfiles.type, 'boarding')));
      expect(await totalOf('academicStatus=suspended')).toBe(
        await countWhere(eq(studentProfiles.academicStatus, 'suspended')),
      );
      expect(await totalOf('academicYear=2024/2025')).toBe(
        await countWhere(sql`${studentProfiles.enrolledAt} between '2024-09-01' and '2025-08-31'`),
      );
      expect(await totalOf(`school=${ids.first}&gender=Female&type=day`)).toBe(
        await countWhere(
          and(eq(users.schoolId, ids.first), eq(studentProfiles.gender, 'Female'), eq(studentProfiles.type, 'day')),
        ),
      );
      expect(await totalOf('search=chiamaka%20obi')).toBe(1);
      expect(await totalOf('search=IFEOMA')).toBeGreaterThanOrEqual(1);
      expect(await totalOf(`search=${encodeURIComponent(demoEmail('student'))}`)).toBe(1);
      expect(await totalOf('search=%25')).toBe(0);

      const bad = await call('admin', 'GET', '/students?academicYear=2025&gender=Other');
      expect(bad.statusCode).toBe(422);
    });

    it('shows a parent only their linked children, in any school of the group', async () => {
      const listed = await dataOf('parent', '/students');
      expect(listed.pagination.total).toBe(2);
      const schoolsSeen = new Set(listed.students.map((row: Listed) => row.school._id));
      expect(schoolsSeen).toEqual(new Set([ids.first, ids.second]));
      expect(listed.students.map((row: Listed) => row._id)).toContain(ids.chiamaka);

      const children = await dataOf('parent', '/parent/children');
      expect(children.map((row: Listed) => row._id).sort()).toEqual(
        listed.students.map((row: Listed) => row._id).sort(),
      );
      expect((await dataOf('parent', `/students/${ids.chiamaka}`))._id).toBe(ids.chiamaka);

      const [stranger] = (await dataOf('admin', '/students?search=Musa')).students;
      const response = await call('parent', 'GET', `/students/${stranger._id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Student not found' });
    });

    it('shows a student only themself', async () => {
      const listed = await dataOf('student', '/students');
      expect(listed.pagination.total).toBe(1);
      expect(listed.students[0]._id).toBe(ids.chiamaka);
      expect((await dataOf('student', `/students/${ids.chiamaka}`)).regNo).toBe('CVC/2025/0142');
      const [other] = (await dataOf('admin', `/students?classArm=${arm('first', 'JSS 2A')}`)).students.filter(
        (row: Listed) => row._id !== ids.chiamaka,
      );
      expect((await call('student', 'GET', `/students/${other._id}`)).statusCode).toBe(404);
      expect((await call('student', 'GET', '/parent/children')).statusCode).toBe(403);
    });

    it('refuses roles without student access', async () => {
      for (const who of ['auditor', 'headteacher']) {
        const response = await call(who, 'GET', '/students');
        expect(response.statusCode, who).toBe(403);
        expect(response.json().message).toBe(MSG.notAuthorized);
      }
      for (const who of ['bursar', 'auditor', 'headteacher']) {
        expect((await call(who, 'GET', `/students/${ids.chiamaka}`)).statusCode).toBe(403);
        expect((await call(who, 'GET', '/students/stats')).statusCode).toBe(403);
      }
      expect((await call('parent', 'GET', '/students/stats')).statusCode).toBe(403);
    });

    it("lets a bursar search their own school's students, to bill them or take their cash", async () => {
      const found = await call('bursar', 'GET', '/students?search=CVC/2025/0142');
      expect(found.statusCode).toBe(200);
      expect(found.json().data.students.map((row: Listed) => row._id)).toEqual([ids.chiamaka]);
      const wuse = await call('bursar', 'GET', '/students');
      expect(new Set(wuse.json().data.students.map((row: { school: { name: string } }) => row.school.name))).toEqual(
        new Set([FIRST_SCHOOL]),
      );
    });

    it("answers 404 for another school's student, both ways", async () => {
      expect((await call('principal2', 'GET', `/students/${ids.chiamaka}`)).statusCode).toBe(404);
      const [wuse] = (await dataOf('principal2', '/students')).students;
      expect((await call('principal', 'GET', `/students/${wuse._id}`)).statusCode).toBe(404);
      expect(
        (await call('ict', 'PUT', `/students/${wuse._id}`, studentBody({ school_id: ids.first }))).statusCode,
      ).toBe(404);
      expect((await call('ict', 'DELETE', `/students/${wuse._id}`)).statusCode).toBe(404);
      expect(
        (await call('ict', 'PUT', `/students/${wuse._id}/academic`, { academicStatus: 'suspended' })).statusCode,
      ).toBe(404);
      expect(
        (await call('ict', 'POST', `/students/${wuse._id}/link-parent`, { parentId: ids.parent })).statusCode,
      ).toBe(404);
      expect(
        (await call('principal', 'POST', `/students/${wuse._id}/promote`, { toClassArm_id: arm('first', 'JSS 3A') }))
          .statusCode,
      ).toBe(404);
      expect((await call('admin', 'GET', '/students/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('creating and editing', () => {
    it('creates a student whose first password is their lower-case first name and registration number', async () => {
      const body = studentBody({ firstname: 'Kelechi', regNo: 'CVC/2025/7001', email: 'kelechi.new@example.ng' });
      const response = await call('ict', 'POST', '/students', body);
      expect(response.statusCode, response.body).toBe(200);
      const created = response.json();
      expect(created).toMatchObject({
        success: true,
        message: 'Student created successfully!',
        data: {
          firstname: 'Kelechi',
          regNo: 'CVC/2025/7001',
          classArm: { name: 'JSS 1B' },
          school: { _id: ids.first },
          academicStatus: 'active',
          enrolledAt: '2025-11-12',
          guardian: { name: 'Bukola Ogunbanjo', occupation: 'Pharmacist', workAddress: null },
          emergencyContact: { name: 'Kunle Ogunbanjo', email: null, address: null },
          parents: [],
        },
      });
      const signIn = await login(t, 'kelechi.new@example.ng', 'kelechiCVC/2025/7001');
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.json().data.user).toMatchObject({ roles: ['Student'], mustChangePassword: true });
      expect(await auditsOf(created.data._id, 'create')).toHaveLength(1);
    });

    it('accepts only the derived first password, and only until the student sets their own', async () => {
      const body = studentBody({ firstname: 'Zainab', regNo: 'CVC/2025/7002', email: 'zainab.new@example.ng' });
      expect((await call('ict', 'POST', '/students', body)).statusCode).toBe(200);
      expect((await login(t, 'zainab.new@example.ng', 'zainabCVC/2025/7003')).statusCode).toBe(401);
      const first = await login(t, 'zainab.new@example.ng', 'zainabCVC/2025/7002');
      expect(first.statusCode).toBe(200);
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/profile/change-password',
        headers: { authorization: `Bearer ${first.json().data.token}` },
        payload: { currentPassword: 'zainabCVC/2025/7002', newPassword: 'zainab-own-password' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await login(t, 'zainab.new@example.ng', 'zainabCVC/2025/7002')).statusCode).toBe(401);
      const own = await login(t, 'zainab.new@example.ng', 'zainab-own-password');
      expect(own.json().data.user.mustChangePassword).toBe(false);
    });

    it('also answers POST /user/create-student', async () => {
      const response = await call(
        'proprietor',
        'POST',
        '/user/create-student',
        studentBody({ school_id: ids.second, classArm_id: arm('second', 'SS 1A') }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Student created successfully!',
        data: { school: { _id: ids.second } },
      });
    });

    it('refuses duplicates, foreign class arms and too-short first passwords, naming the field', async () => {
      const first = await createStudent();
      const sameReg = await call('admin', 'POST', '/students', studentBody({ regNo: first.regNo.toLowerCase() }));
      expect(sameReg.statusCode).toBe(409);
      expect(sameReg.json().errors).toEqual([
        {
          field: 'regNo',
          message: `A student with registration number ${first.regNo.toLowerCase()} already exists in this school`,
        },
      ]);
      const sameEmail = await call('admin', 'POST', '/students', studentBody({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().errors).toEqual([{ field: 'email', message: MSG.emailTaken }]);
      // The same registration number is free in the other school.
      const otherSchool = await call(
        'admin',
        'POST',
        '/students',
        studentBody({ regNo: first.regNo, school_id: ids.second, classArm_id: arm('second', 'JSS 1A') }),
      );
      expect(otherSchool.statusCode, otherSchool.body).toBe(200);

      const foreignArm = await call(
        'admin',
        'POST',
        '/students',
        studentBody({ classArm_id: arm('second', 'JSS 1A') }),
      );
      expect(foreignArm.statusCode).toBe(422);
      expect(foreignArm.json().errors[0].field).toBe('classArm_id');

      const short = await call('admin', 'POST', '/students', studentBody({ firstname: 'Ada', regNo: '042' }));
      expect(short.statusCode).toBe(422);
      expect(short.json().errors[0]).toMatchObject({ field: 'regNo' });
      expect(short.json().message).toMatch(/shorter than 8 characters/);

      const foreignSchool = await call(
        'ict',
        'POST',
        '/students',
        studentBody({ school_id: ids.second, classArm_id: arm('second', 'JSS 1A') }),
      );
      expect(foreignSchool.statusCode).toBe(404);
    });

    it('validates the form with its messages', async () => {
      const response = await call(
        'admin',
        'POST',
        '/students',
        studentBody({
          firstname: ' ',
          email: 'not-an-email',
          phone: '0803',
          gender: 'Other' as 'Male',
          expectedGraduationYear: 2070,
          guardian: { name: '', relationship: 'Father', phone: '0803 111 2222' },
        }),
      );
      expect(response.statusCode).toBe(422);
      const errors = response.json().errors as { field: string; message: string }[];
      expect(errors).toEqual(
        expect.arrayContaining([
          { field: 'firstname', message: 'First name is required' },
          { field: 'email', message: MSG.invalidEmail },
          { field: 'phone', message: 'Phone number must have at least 10 digits' },
          { field: 'gender', message: 'Gender is required' },
          { field: 'expectedGraduationYear', message: 'Graduation year must be between 2020 and 2050' },
          { field: 'guardian.name', message: 'Guardian name is required' },
        ]),
      );
      expect(errors.some((error) => error.field === 'guardian.phone')).toBe(false);
    });

    it('lets only managers create, update and delete', async () => {
      for (const who of ['principal', 'bursar', 'parent', 'student']) {
        expect((await call(who, 'POST', '/students', studentBody())).statusCode, who).toBe(403);
        expect((await call(who, 'DELETE', `/students/${ids.chiamaka}`)).statusCode, who).toBe(403);
      }
    });

    it('updates a student and audits before and after', async () => {
      const created = await createStudent();
      const response = await call(
        'admin',
        'PUT',
        `/students/${created._id}`,
        studentBody({
          firstname: 'Temi',
          email: created.email,
          regNo: created.regNo,
          type: 'boarding',
          classArm_id: arm('first', 'JSS 1A'),
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Student updated successfully!',
        data: { firstname: 'Temi', type: 'boarding', classArm: { name: 'JSS 1A' } },
      });
      const [audit] = await auditsOf(created._id, 'update');
      expect(audit).toMatchObject({ before: { firstname: 'Temilade' }, after: { firstname: 'Temi' } });

      const clash = await call('admin', 'PUT', `/students/${created._id}`, studentBody({ regNo: 'CVC/2025/0142' }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json().errors[0].field).toBe('regNo');
    });

    it('soft-deletes a student: gone from lists, signed out, account inactive', async () => {
      const created = await createStudent({
        firstname: 'Halima',
        regNo: 'CVC/2025/7777',
        email: 'halima.gone@example.ng',
      });
      const signIn = await login(t, 'halima.gone@example.ng', 'halimaCVC/2025/7777');
      expect(signIn.statusCode).toBe(200);
      const response = await call('admin', 'DELETE', `/students/${created._id}`);
      expect(response.json()).toEqual({ success: true, message: 'Student deleted successfully!', data: null });
      expect((await call('admin', 'GET', `/students/${created._id}`)).statusCode).toBe(404);
      expect((await dataOf('admin', '/students?search=CVC/2025/7777')).pagination.total).toBe(0);
      const row = await userByEmail('halima.gone@example.ng');
      expect(row.deletedAt).not.toBeNull();
      expect(row.status).toBe('inactive');
      const tokens = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, created._id));
      expect(tokens.length).toBeGreaterThan(0);
      expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
      expect(await auditsOf(created._id, 'delete')).toHaveLength(1);
      // The registration number and email are free again.
      await createStudent({ regNo: 'CVC/2025/7777', email: 'halima.gone@example.ng' });
    });
  });

  describe('academic record and promotion', () => {
    it('updates status and GPA; a graduate’s account becomes inactive', async () => {
      const created = await createStudent();
      const suspended = await call('admin', 'PUT', `/students/${created._id}/academic`, {
        academicStatus: 'suspended',
        currentGPA: 3.25,
        reason: 'Exam malpractice',
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(suspended.json().data).toMatchObject({ academicStatus: 'suspended', currentGPA: 3.25, status: 'active' });

      const graduated = await call('admin', 'PUT', `/students/${created._id}/academic`, {
        academicStatus: 'graduated',
        classArm_id: arm('first', 'SS 3A'),
      });
      expect(graduated.json().data).toMatchObject({
        academicStatus: 'graduated',
        status: 'inactive',
        currentGPA: 3.25,
        classArm: { name: 'SS 3A' },
      });
      const audits = await auditsOf(created._id, 'update_academic');
      expect(audits).toHaveLength(2);
      expect(audits.map((row) => (row.after as { reason: string | null }).reason)).toContain('Exam malpractice');

      const back = await call('admin', 'PUT', `/students/${created._id}/academic`, { academicStatus: 'active' });
      expect(back.json().data).toMatchObject({ academicStatus: 'active', status: 'active' });

      const foreign = await call('admin', 'PUT', `/students/${created._id}/academic`, {
        academicStatus: 'active',
        classArm_id: arm('second', 'SS 3A'),
      });
      expect(foreign.statusCode).toBe(422);
      const badGpa = await call('admin', 'PUT', `/students/${created._id}/academic`, {
        academicStatus: 'active',
        currentGPA: 4.5,
      });
      expect(badGpa.statusCode).toBe(422);
      expect(badGpa.json().message).toBe('GPA is between 0 and 4.0');
    });

    it('previews and promotes a class arm, respecting the target capacity', async () => {
      const [small] = await t.ctx.db
        .insert(classArms)
        .values({ schoolId: ids.first, name: 'Promotion 1', capacity: 3 })
        .returning();
      const [next] = await t.ctx.db
        .insert(classArms)
        .values({ schoolId: ids.first, name: 'Promotion 2', capacity: 2 })
        .returning();
      const a = await createStudent({ classArm_id: small!.id, lastname: 'Aboderin' });
      const b = await createStudent({ classArm_id: small!.id, lastname: 'Bakare' });
      const c = await createStudent({ classArm_id: small!.id, lastname: 'Chukwu' });

      const full = await call('principal', 'POST', '/students/promote', {
        fromClassArm_id: small!.id,
        toClassArm_id: next!.id,
        dryRun: true,
      });
      expect(full.statusCode).toBe(422);
      expect(full.json().errors).toEqual([
        {
          field: 'toClassArm_id',
          message: 'Promotion 2 has room for 2 more students (capacity 2, 0 enrolled) but 3 were selected',
        },
      ]);

      const preview = await call('principal', 'POST', '/students/promote', {
        fromClassArm_id: small!.id,
        toClassArm_id: next!.id,
        studentIds: [a._id, b._id],
        dryRun: true,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({
        message: '2 students will be promoted',
        data: { promoted: 2, dryRun: true },
      });
      expect(preview.json().data.students.map((row: { _id: string }) => row._id)).toEqual([a._id, b._id]);
      expect((await userByEmail(a.email)).classArmId).toBe(small!.id);

      const done = await call('principal', 'POST', '/students/promote', {
        fromClassArm_id: small!.id,
        toClassArm_id: next!.id,
        studentIds: [a._id, b._id],
      });
      expect(done.json()).toMatchObject({
        message: '2 students promoted successfully!',
        data: { promoted: 2, dryRun: false },
      });
      expect((await userByEmail(b.email)).classArmId).toBe(next!.id);
      const [audit] = await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'promote'), isNull(auditLogs.entityId)));
      expect(audit).toMatchObject({ schoolId: ids.first, after: { studentIds: [a._id, b._id] } });

      const one = await call('principal', 'POST', `/students/${c._id}/promote`, { toClassArm_id: next!.id });
      expect(one.statusCode).toBe(422);
      expect(one.json().message).toBe(
        'Promotion 2 has room for 0 more students (capacity 2, 2 enrolled) but 1 was selected',
      );
      const moved = await call('principal', 'POST', `/students/${c._id}/promote`, {
        toClassArm_id: arm('first', 'JSS 3A'),
      });
      expect(moved.json()).toMatchObject({
        message: 'Student promoted to JSS 3A successfully!',
        data: { classArm: { name: 'JSS 3A' } },
      });
      expect(await auditsOf(c._id, 'promote')).toHaveLength(1);

      const notHere = await call('principal', 'POST', '/students/promote', {
        fromClassArm_id: small!.id,
        toClassArm_id: next!.id,
        studentIds: [ids.chiamaka],
      });
      expect(notHere.statusCode).toBe(422);
      expect(notHere.json().errors[0].field).toBe('studentIds');
    });

    it('keeps promotion inside one school and to staff with the permission', async () => {
      const body = { fromClassArm_id: arm('first', 'JSS 1A'), toClassArm_id: arm('first', 'JSS 2A'), dryRun: true };
      expect((await call('bursar', 'POST', '/students/promote', body)).statusCode).toBe(403);
      expect((await call('principal2', 'POST', '/students/promote', body)).statusCode).toBe(404);
      const across = await call('admin', 'POST', '/students/promote', {
        ...body,
        toClassArm_id: arm('second', 'JSS 2A'),
      });
      expect(across.statusCode).toBe(422);
      expect(across.json().message).toBe('The target class must be in the same school');
    });
  });

  describe('parents', () => {
    it('links and unlinks a parent of the group; the parent then sees the child', async () => {
      const parent = await insertUser(t, { email: 'new.parent@example.ng', roles: ['Parent'], schoolId: ids.second });
      const child = await createStudent();
      const linked = await call('ict', 'POST', `/students/${child._id}/link-parent`, { parentId: parent.id });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json()).toMatchObject({
        message: 'Parent linked successfully!',
        data: { parents: [{ _id: parent.id, email: 'new.parent@example.ng' }] },
      });
      expect(await auditsOf(child._id, 'link_parent')).toHaveLength(1);
      const again = await call('ict', 'POST', `/students/${child._id}/link-parent`, { parentId: parent.id });
      expect(again.statusCode).toBe(200);
      expect(await auditsOf(child._id, 'link_parent')).toHaveLength(1);

      const signIn = await login(t, 'new.parent@example.ng');
      const headers = { authorization: `Bearer ${signIn.json().data.token}` };
      const children = await t.app.inject({ method: 'GET', url: '/api/v1/parent/children', headers });
      expect(children.json().data.map((row: Listed) => row._id)).toEqual([child._id]);

      const byQuery = await call('ict', 'DELETE', `/students/${child._id}/unlink-parent?parentId=${parent.id}`);
      expect(byQuery.json()).toMatchObject({ message: 'Parent unlinked successfully!', data: { parents: [] } });
      expect(await auditsOf(child._id, 'unlink_parent')).toHaveLength(1);
      const missing = await call('ict', 'DELETE', `/students/${child._id}/unlink-parent`, { parentId: parent.id });
      expect(missing.statusCode).toBe(404);
      await call('ict', 'POST', `/students/${child._id}/link-parent`, { parentId: parent.id });
      const byBody = await call('ict', 'DELETE', `/students/${child._id}/unlink-parent`, { parentId: parent.id });
      expect(byBody.statusCode).toBe(200);
      const none = await call('ict', 'DELETE', `/students/${child._id}/unlink-parent`);
      expect(none.statusCode).toBe(422);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/parent/children', headers })).json().data).toEqual([]);
    });

    it('refuses a user who is not a parent, a deleted parent, and a parent of another group', async () => {
      const bursar = await userByEmail(demoEmail('bursar'));
      const notParent = await call('admin', 'POST', `/students/${ids.chiamaka}/link-parent`, { parentId: bursar.id });
      expect(notParent.statusCode).toBe(422);
      expect(notParent.json().errors[0].field).toBe('parentId');

      const [group] = await t.ctx.db.insert(groupSchools).values({ name: 'Other Group', description: 'x' }).returning();
      const [school] = await t.ctx.db
        .insert(schools)
        .values({ groupSchoolId: group!.id, name: 'Other School', phoneNumber: '+2348000000000' })
        .returning();
      const outsider = await insertUser(t, { email: 'outsider@example.ng', roles: ['Parent'], schoolId: school!.id });
      const foreign = await call('admin', 'POST', `/students/${ids.chiamaka}/link-parent`, { parentId: outsider.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Parent not found');

      const gone = await insertUser(t, { email: 'gone.parent@example.ng', roles: ['Parent'] });
      await t.ctx.db.update(users).set({ deletedAt: now }).where(eq(users.id, gone.id));
      expect(
        (await call('admin', 'POST', `/students/${ids.chiamaka}/link-parent`, { parentId: gone.id })).statusCode,
      ).toBe(404);
      const links = await t.ctx.db.select().from(parentStudents).where(eq(parentStudents.studentId, ids.chiamaka));
      expect(links.map((row) => row.parentId)).toEqual([ids.parent]);
    });

    it('lets only parents ask for their children', async () => {
      expect((await call('admin', 'GET', '/parent/children')).statusCode).toBe(403);
      expect((await dataOf('parent', '/parent/children')).length).toBe(2);
    });
  });

  describe('statistics', () => {
    it('computes the figures in SQL over a known set', async () => {
      const [known] = await t.ctx.db
        .insert(classArms)
        .values({ schoolId: ids.second, name: 'Stats Arm', capacity: 10 })
        .returning();
      const inKnown = { school_id: ids.second, classArm_id: known!.id };
      const a = await createStudent({ ...inKnown, gender: 'Male', type: 'boarding' });
      const b = await createStudent({ ...inKnown, gender: 'Female', type: 'day' });
      await createStudent({ ...inKnown, gender: 'Female', type: 'boarding' });
      await call('admin', 'PUT', `/students/${a._id}/academic`, { academicStatus: 'graduated', currentGPA: 3.5 });
      await call('admin', 'PUT', `/students/${b._id}/academic`, { academicStatus: 'active', currentGPA: 2.75 });

      const response = await call('principal2', 'GET', `/students/stats?classArm=${known!.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const stats = response.json().data;
      expect(stats).toMatchObject({
        totalStudents: 3,
        activeStudents: 2,
        maleStudents: 1,
        femaleStudents: 2,
        dayStudents: 1,
        boardingStudents: 2,
        newEnrollments: 3,
        graduatedStudents: 1,
        averageAttendance: null,
        averageGPA: 3.13,
        studentsByClass: [{ className: 'Stats Arm', count: 3 }],
      });
      expect(stats.enrollmentTrends).toHaveLength(12);
      expect(stats.enrollmentTrends[0]).toEqual({ month: '2024-12', enrollments: 0 });
      expect(stats.enrollmentTrends[11]).toEqual({ month: '2025-11', enrollments: 3 });
    });

    it('counts enrolments by month from the first day of the twelfth month back to the end of this one', async () => {
      const [arm] = await t.ctx.db
        .insert(classArms)
        .values({ schoolId: ids.second, name: 'Trend Arm', capacity: 10 })
        .returning();
      const enrolledOn = ['2024-11-30', '2024-12-01', '2025-06-15', '2025-06-30', '2025-11-30'];
      for (const day of enrolledOn) {
        const student = await createStudent({ school_id: ids.second, classArm_id: arm!.id });
        await t.ctx.db.update(studentProfiles).set({ enrolledAt: day }).where(eq(studentProfiles.userId, student._id));
      }

      const trends = (await dataOf('principal2', `/students/stats?classArm=${arm!.id}`)).enrollmentTrends;
      expect(trends).toEqual([
        { month: '2024-12', enrollments: 1 },
        ...['2025-01', '2025-02', '2025-03', '2025-04', '2025-05'].map((month) => ({ month, enrollments: 0 })),
        { month: '2025-06', enrollments: 2 },
        ...['2025-07', '2025-08', '2025-09', '2025-10'].map((month) => ({ month, enrollments: 0 })),
        { month: '2025-11', enrollments: 1 },
      ]);
    });

    it('covers the caller’s schools and refuses foreign filters', async () => {
      const all = await dataOf('admin', '/students/stats');
      expect(all.totalStudents).toBe(await countWhere());
      expect(all.averageAttendance).toBeNull();
      expect(all.averageGPA).toBeGreaterThan(1.5);
      expect(all.studentsByClass.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(
        all.totalStudents,
      );
      const first = await dataOf('principal', '/students/stats');
      expect(first.totalStudents).toBe(await countWhere(eq(users.schoolId, ids.first)));
      expect((await dataOf('principal', `/students/stats?school=${ids.first}`)).totalStudents).toBe(
        first.totalStudents,
      );
      expect((await call('principal', 'GET', `/students/stats?school=${ids.second}`)).statusCode).toBe(404);
      expect((await call('principal', 'GET', `/students/stats?classArm=${arm('second', 'JSS 1A')}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('files', () => {
    it('stores a profile image checked by its bytes', async () => {
      const created = await createStudent();
      const form = await multipart({}, [
        { field: 'image', filename: 'me.png', contentType: 'image/png', content: tinyPng() },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/students/${created._id}/profile-image`,
        headers: { ...(await t.as('admin')), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { imageUrl } = response.json().data;
      expect(imageUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.png$/);
      expect((await dataOf('admin', `/students/${created._id}`)).profile.img).toBe(imageUrl);
      expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
      expect(await auditsOf(created._id, 'update')).toHaveLength(1);

      const text = await multipart({}, [
        { field: 'image', filename: 'x.png', contentType: 'image/png', content: Buffer.from('<svg></svg>') },
      ]);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/v1/students/${created._id}/profile-image`,
        headers: { ...(await t.as('admin')), ...text.headers },
        payload: text.payload,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(MSG.selectImage);
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/api/v1/students/${ids.chiamaka}/profile-image`,
        headers: { ...(await t.as('principal2')), ...form.headers },
        payload: form.payload,
      });
      expect(foreign.statusCode).toBe(403);
    });

    it('exports the filtered students as CSV', async () => {
      const jss2a = arm('first', 'JSS 2A');
      const response = await call('principal', 'GET', `/students/export?format=csv&classArm=${jss2a}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="students.csv"');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe(STUDENT_FILE_COLUMNS.join(','));
      expect(lines).toHaveLength(1 + 13);
      const chiamaka = lines.find((line) => line.includes('CVC/2025/0142'))!;
      expect(chiamaka.startsWith(`Chiamaka,Ifeoma,Obi,${demoEmail('student')},08031234508,`)).toBe(true);
      expect(chiamaka).toContain(',Female,CVC/2025/0142,JSS 2A,day,');
      expect(chiamaka).toContain('Chukwudi Obi,Father,08031234509');

      expect((await call('bursar', 'GET', '/students/export')).statusCode).toBe(403);
      expect((await call('principal2', 'GET', `/students/export?school=${ids.first}`)).statusCode).toBe(404);
    });

    it('exports as an Excel workbook', async () => {
      const response = await call('principal2', 'GET', '/students/export?format=xlsx');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="students.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...STUDENT_FILE_COLUMNS]);
      expect(sheet.rowCount - 1).toBe(await countWhere(eq(users.schoolId, ids.second)));
      const regNos = sheet.getColumn(8).values.slice(2);
      const stored = await t.ctx.db
        .select({ regNo: users.regNo })
        .from(users)
        .where(and(eq(users.schoolId, ids.second), arrayContains(users.roles, ['Student']), isNull(users.deletedAt)));
      expect([...regNos].sort()).toEqual(stored.map((row) => row.regNo).sort());
    });

    it('gives an import template of headers only', async () => {
      const csv = await call('ict', 'GET', '/students/import/template?format=csv');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="students-template.csv"');
      expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe(STUDENT_FILE_COLUMNS.join(','));
      const xlsx = await call('ict', 'GET', '/students/import/template?format=xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]!.rowCount).toBe(1);
      expect((await call('principal', 'GET', '/students/import/template')).statusCode).toBe(403);
    });
  });
});

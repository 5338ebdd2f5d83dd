import { STUDENT_FILE_COLUMNS, type StudentFormValues } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, classArms, schools, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, multipart, SECOND_SCHOOL, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT';

/** Inside the First Term of the 2025/2026 session the demo seed creates; Lagos is an hour ahead. */
const now = new Date('2025-11-12T09:00:00Z');
const TODAY = '2025-11-12';

describe('student aliases, profile, conduct and performance', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { first: '', second: '', chiamaka: '', arms: new Map<string, string>() };
  const arm = (school: 'first' | 'second', name: string) => ids.arms.get(`${ids[school]}:${name}`)!;

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    for (const row of await t.ctx.db.select().from(classArms)) ids.arms.set(`${row.schoolId}:${row.name}`, row.id);
    const [chiamaka] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.chiamaka = chiamaka!.id;
  });

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

  let serial = 0;
  function studentBody(change: Partial<StudentFormValues> = {}): StudentFormValues {
    serial++;
    return {
      firstname: 'Obinna',
      lastname: 'Chukwuemeka',
      email: `obinna${serial}@example.ng`,
      phone: '08032223333',
      DOB: '2012-08-02',
      gender: 'Male',
      regNo: `CVC/2025/7${String(serial).padStart(3, '0')}`,
      address: { street: '3 Isaac John Street', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
      school_id: ids.first,
      classArm_id: arm('first', 'JSS 1A'),
      type: 'boarding',
      expectedGraduationYear: 2030,
      guardian: { name: 'Amaka Chukwuemeka', relationship: 'Mother', phone: '08034445555' },
      emergencyContact: { name: 'Ifeanyi Chukwuemeka', relationship: 'Father', phone: '08036667777' },
      ...change,
    };
  }

  async function createStudent(change: Partial<StudentFormValues> = {}) {
    const response = await call('admin', 'POST', '/students', studentBody(change));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { _id: string; regNo: string };
  }

  const record = (change: Record<string, unknown> = {}) => ({
    date: '2025-11-10',
    category: 'lateness',
    description: 'Arrived at 8:40 after assembly for the third time this week.',
    actionTaken: 'Letter to parents',
    ...change,
  });

  describe('SPEC §7 aliases', () => {
    it('lists, searches and counts under /user/students like /students', async () => {
      for (const [alias, original] of [
        ['/user/students?page=2', '/students?page=2'],
        ['/user/students/search?search=Chiamaka', '/students/search?search=Chiamaka'],
        [`/user/students/stats?school=${ids.first}`, `/students/stats?school=${ids.first}`],
      ] as const) {
        expect(await dataOf('principal', alias)).toEqual(await dataOf('principal', original));
      }
      expect((await call('bursar', 'GET', '/user/students/stats')).statusCode).toBe(403);
      expect((await call('principal2', 'GET', `/user/students/stats?school=${ids.first}`)).statusCode).toBe(404);
    });

    it('creates with POST /user/student/create and updates with PUT /user/update-student/:id', async () => {
      const created = await call('ict', 'POST', '/user/student/create', studentBody());
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ message: 'Student created successfully!', data: { firstname: 'Obinna' } });
      const id = created.json().data._id as string;

      const body = studentBody({ firstname: 'Obiora', regNo: created.json().data.regNo });
      const updated = await call('ict', 'PUT', `/user/update-student/${id}`, body);
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ message: 'Student updated successfully!', data: { firstname: 'Obiora' } });
      expect((await call('principal', 'PUT', `/user/update-student/${id}`, body)).statusCode).toBe(403);
      expect((await call('principal2', 'POST', '/user/student/create', studentBody())).statusCode).toBe(403);
    });

    it('exports under /user/students/export like /students/export', async () => {
      const query = `?format=csv&classArm=${arm('first', 'JSS 2A')}`;
      const alias = await call('principal', 'GET', `/user/students/export${query}`);
      const original = await call('principal', 'GET', `/students/export${query}`);
      expect(alias.statusCode).toBe(200);
      expect(alias.headers['content-disposition']).toBe(original.headers['content-disposition']);
      expect(alias.body).toBe(original.body);
      expect(alias.body).toContain('CVC/2025/0142');
    });

    it('imports under /user/students/import like /students/import', async () => {
      const header = STUDENT_FILE_COLUMNS.join(',');
      const line =
        'Zainab,,Lawal,zainab.lawal@example.ng,08030001111,2012-01-09,Female,ALIAS/2025/0001,JSS 1A,day,2030,' +
        '1 Oba Akran Avenue,Ikeja,Lagos,Nigeria,,Hauwa Lawal,Mother,08030002222,,Hauwa Lawal,Mother,08030002222';
      const upload = async (url: string, dryRun: string) => {
        const form = await multipart({ school_id: ids.first, dryRun }, [
          {
            field: 'file',
            filename: 'students.csv',
            contentType: 'text/csv',
            content: Buffer.from(`${header}\n${line}`),
          },
        ]);
        return t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: { ...(await t.as('ict')), ...form.headers },
          payload: form.payload,
        });
      };
      const alias = await upload('/user/students/import', 'true');
      expect(alias.statusCode, alias.body).toBe(200);
      expect(alias.json()).toEqual((await upload('/students/import', 'true')).json());
      expect(alias.json().data).toMatchObject({ validCount: 1, invalidCount: 0 });

      const done = await upload('/user/students/import', 'false');
      expect(done.json()).toMatchObject({ message: 'Successfully created 1 students', data: { created: 1 } });
    });
  });

  describe('PUT /students/:id/profile', () => {
    const contact = {
      phone: '08039998888',
      address: { street: '14 Awolowo Road', city: 'Ikoyi', state: 'Lagos', country: 'Nigeria', postalCode: '101233' },
      guardian: {
        name: 'Chinedu Chukwuemeka',
        relationship: 'Father',
        phone: '08031110000',
        email: 'chinedu@example.ng',
        occupation: 'Engineer',
        isEmergencyContact: true,
      },
      emergencyContact: { name: 'Chinedu Chukwuemeka', relationship: 'Father', phone: '08031110000' },
    };

    it('changes only the contact fields and audits before and after', async () => {
      const created = await createStudent();
      const before = await dataOf('admin', `/students/${created._id}`);
      const response = await call('proprietor', 'PUT', `/students/${created._id}/profile`, {
        ...contact,
        // Not part of the profile: left out by the schema, so nothing else can change here.
        firstname: 'Changed',
        regNo: 'CHANGED/1',
        classArm_id: arm('first', 'SS 3A'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe('Student profile updated successfully!');
      const after = await dataOf('admin', `/students/${created._id}`);
      expect(after).toMatchObject({
        phone: contact.phone,
        address: contact.address,
        guardian: { ...contact.guardian, workAddress: null },
        emergencyContact: { ...contact.emergencyContact, email: null, address: null },
      });
      const unchanged = (student: Record<string, unknown>) => {
        const { phone, address, guardian, emergencyContact, updatedAt, ...rest } = student;
        return rest;
      };
      expect(unchanged(after)).toEqual(unchanged(before));

      const audits = await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, created._id), eq(auditLogs.action, 'update_profile')));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        entity: 'student',
        schoolId: ids.first,
        before: { phone: '08032223333', address: { city: 'Ikeja' }, guardian: { name: 'Amaka Chukwuemeka' } },
        after: { phone: contact.phone, address: { city: 'Ikoyi' }, guardian: { name: 'Chinedu Chukwuemeka' } },
      });
    });

    it('validates with its own schema, for managers of the student’s school only', async () => {
      const created = await createStudent();
      const invalid = await call('admin', 'PUT', `/students/${created._id}/profile`, {
        ...contact,
        phone: '0803',
        guardian: { ...contact.guardian, name: '' },
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'phone', message: 'Phone number must have at least 10 digits' },
          { field: 'guardian.name', message: 'Guardian name is required' },
        ]),
      );
      expect((await call('principal', 'PUT', `/students/${created._id}/profile`, contact)).statusCode).toBe(403);
      const wuse = await createStudent({ school_id: ids.second, classArm_id: arm('second', 'JSS 1A') });
      expect((await call('ict', 'PUT', `/students/${wuse._id}/profile`, contact)).statusCode).toBe(404);
    });
  });

  describe('disciplinary records', () => {
    it('records and lists, newest first, with who recorded them and an audit row', async () => {
      const student = await createStudent();
      const first = await call('headteacher', 'POST', `/students/${student._id}/disciplinary`, record());
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'Disciplinary record added successfully!',
        data: {
          student_id: student._id,
          date: '2025-11-10',
          category: 'lateness',
          actionTaken: 'Letter to parents',
          recordedBy: { name: 'Ngozi Okonkwo' },
        },
      });
      const today = await call('principal', 'POST', `/students/${student._id}/disciplinary`, {
        date: TODAY,
        category: 'bullying',
        description: 'Took a classmate’s lunch.',
      });
      expect(today.statusCode, today.body).toBe(200);
      expect(today.json().data.actionTaken).toBeNull();

      const listed = await dataOf('principal', `/students/${student._id}/disciplinary`);
      expect(listed.map((row: { category: string }) => row.category)).toEqual(['bullying', 'lateness']);

      const [audit] = await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, first.json().data._id), eq(auditLogs.action, 'create')));
      expect(audit).toMatchObject({ entity: 'student_disciplinary_record', schoolId: ids.first });
    });

    it('validates date, category and description', async () => {
      const url = `/students/${ids.chiamaka}/disciplinary`;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ date: '2025-11-13' }, 'date', 'Date cannot be in the future'],
        [{ date: '12/11/2025' }, 'date', 'Date is required'],
        [{ category: 'fighting' }, 'category', 'Category is required'],
        [{ description: '  ' }, 'description', 'Description is required'],
        [{ description: 'x'.repeat(1001) }, 'description', 'Must be at most 1000 characters'],
      ];
      for (const [change, field, message] of cases) {
        const response = await call('ict', 'POST', url, record(change));
        expect(response.statusCode, JSON.stringify(change)).toBe(422);
        expect(response.json().errors).toContainEqual({ field, message });
      }
      expect(await dataOf('ict', url)).toEqual([]);
    });

    it('lets only the discipline roles record, and only they, staff who see students or the parent read', async () => {
      const student = await createStudent();
      const url = `/students/${student._id}/disciplinary`;
      for (const who of ['admin', 'ict', 'proprietor', 'principal', 'headteacher']) {
        expect((await call(who, 'POST', url, record())).statusCode, who).toBe(200);
      }
      for (const who of ['bursar', 'auditor', 'parent', 'student']) {
        expect((await call(who, 'POST', url, record())).statusCode, who).toBe(403);
      }
      for (const who of ['admin', 'ict', 'proprietor', 'principal', 'headteacher']) {
        expect(await dataOf(who, url), who).toHaveLength(5);
      }
      for (const who of ['bursar', 'auditor', 'student']) {
        expect((await call(who, 'GET', url)).statusCode, who).toBe(403);
      }
    });

    it("answers 404 for another school's student", async () => {
      const url = `/students/${ids.chiamaka}/disciplinary`;
      expect((await call('principal2', 'POST', url, record())).statusCode).toBe(404);
      expect((await call('principal2', 'GET', url)).statusCode).toBe(404);
      const wuse = await createStudent({ school_id: ids.second, classArm_id: arm('second', 'JSS 2A') });
      expect((await call('headteacher', 'POST', `/students/${wuse._id}/disciplinary`, record())).statusCode).toBe(404);
      expect(
        (await call('admin', 'GET', '/students/00000000-0000-4000-8000-000000000000/disciplinary')).statusCode,
      ).toBe(404);
    });

    it("shows a parent their child's records and 404 for another child", async () => {
      await call('principal', 'POST', `/students/${ids.chiamaka}/disciplinary`, record({ category: 'absence' }));
      const own = await dataOf('parent', `/students/${ids.chiamaka}/disciplinary`);
      expect(own.map((row: { category: string }) => row.category)).toContain('absence');
      expect(own.every((row: { student_id: string }) => row.student_id === ids.chiamaka)).toBe(true);

      const other = await createStudent();
      await call('principal', 'POST', `/students/${other._id}/disciplinary`, record());
      const response = await call('parent', 'GET', `/students/${other._id}/disciplinary`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: 'Student not found' });
    });
  });

  describe('GET /students/:id/performance', () => {
    it('returns what is recorded and null where nothing is', async () => {
      const student = await createStudent();
      expect(await dataOf('principal', `/students/${student._id}/performance`)).toEqual({
        currentGPA: null,
        academicStatus: 'active',
        classArm: { _id: arm('first', 'JSS 1A'), name: 'JSS 1A' },
        disciplinaryCount: 0,
        attendanceRate: null,
        subjects: [],
      });

      await call('admin', 'PUT', `/students/${student._id}/academic`, {
        academicStatus: 'suspended',
        currentGPA: 3.25,
      });
      await call('principal', 'POST', `/students/${student._id}/disciplinary`, record());
      expect(await dataOf('principal', `/students/${student._id}/performance`)).toMatchObject({
        currentGPA: 3.25,
        academicStatus: 'suspended',
        disciplinaryCount: 1,
        attendanceRate: null,
        subjects: [],
      });
    });

    it('is for staff of the school and the parent', async () => {
      expect((await dataOf('parent', `/students/${ids.chiamaka}/performance`)).classArm.name).toBe('JSS 2A');
      expect((await call('principal2', 'GET', `/students/${ids.chiamaka}/performance`)).statusCode).toBe(404);
      expect((await call('bursar', 'GET', `/students/${ids.chiamaka}/performance`)).statusCode).toBe(403);
      const other = await createStudent();
      expect((await call('parent', 'GET', `/students/${other._id}/performance`)).statusCode).toBe(404);
    });
  });
});

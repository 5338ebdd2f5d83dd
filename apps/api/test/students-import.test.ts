import { MSG, STUDENT_FILE_COLUMNS } from '@schoolledger/domain';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, schools, studentProfiles, users } from '../src/db/schema.js';
import { studentFileCsv as csvOf, studentFileRow as row } from './builders.js';
import { FIRST_SCHOOL, login, multipart, SECOND_SCHOOL, useTestApp } from './helper.js';

const now = new Date('2025-11-12T09:00:00Z');

describe('student import', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { first: '', second: '' };

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((r) => r.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((r) => r.name === SECOND_SCHOOL)!.id;
  });

  async function upload(who: string, content: Buffer, fields: Record<string, string> = {}, filename = 'students.csv') {
    const form = await multipart(fields, [{ field: 'file', filename, contentType: 'text/csv', content }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/students/import',
      headers: { ...(await t.as(who)), ...form.headers },
      payload: form.payload,
    });
  }

  async function imported(regNos: string[]) {
    return t.ctx.db
      .select({ user: users, profile: studentProfiles })
      .from(users)
      .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(inArray(users.regNo, regNos));
  }

  it('previews a 50-row CSV with two bad rows, then creates the 48 good ones in one go', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1));
    rows[9] = row(10, { Email: 'not-an-email' });
    rows[29] = row(30, { 'Class Arm': 'JSS 9Z' });
    const file = csvOf(rows);

    const preview = await upload('ict', file, { dryRun: 'true' });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(preview.json().message).toBe('48 rows ready to import, 2 with errors');
    expect(data).toMatchObject({ validCount: 48, invalidCount: 2 });
    expect(data.rows).toHaveLength(50);
    const bad = data.rows.filter((r: { errors: unknown[] }) => r.errors.length);
    expect(bad).toEqual([
      {
        row: 11,
        regNo: 'IMP/2025/0010',
        name: 'Oluwadamilare Adeyemi10',
        errors: [{ field: 'Email', message: MSG.invalidEmail }],
      },
      {
        row: 31,
        regNo: 'IMP/2025/0030',
        name: 'Oluwadamilare Adeyemi30',
        errors: [{ field: 'Class Arm', message: 'There is no class arm named JSS 9Z in this school' }],
      },
    ]);
    expect(await imported(rows.map((r) => r['Registration Number']))).toHaveLength(0);

    const auditsBefore = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'import'));
    const response = await upload('ict', file, { dryRun: 'false' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Successfully created 48 students. Failed to create 2 students',
      data: { created: 48, failed: 2 },
    });
    const stored = await imported(rows.map((r) => r['Registration Number']));
    expect(stored).toHaveLength(48);
    const first = stored.find((r) => r.user.regNo === 'IMP/2025/0001')!;
    expect(first.user).toMatchObject({
      schoolId: ids.first,
      roles: ['Student'],
      middlename: 'Ayomide',
      mustChangePassword: true,
    });
    expect(first.profile).toMatchObject({
      dob: '2012-03-14',
      gender: 'Male',
      type: 'day',
      enrolledAt: '2025-11-12',
      guardian: { name: 'Kehinde Adeyemi', relationship: 'Mother', email: null },
      emergencyContact: { relationship: 'Family Friend', phone: '+234 809 765 4321' },
    });
    expect(stored.find((r) => r.user.regNo === 'IMP/2025/0004')!.profile.type).toBe('boarding');

    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'import'));
    expect(audits).toHaveLength(auditsBefore.length + 1);
    expect(audits.at(-1)).toMatchObject({
      schoolId: ids.first,
      after: { created: 48, failed: 2, file: 'students.csv' },
    });

    const signIn = await login(t, 'import1@example.ng', 'oluwadamilareIMP/2025/0001');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.mustChangePassword).toBe(true);

    // Importing the same file again finds every row already taken.
    const again = await upload('ict', file, { dryRun: 'true' });
    expect(again.json().data.validCount).toBe(0);
    expect(again.json().data.rows[0].errors).toEqual([
      {
        field: 'Registration Number',
        message: 'A student with registration number IMP/2025/0001 already exists in this school',
      },
      { field: 'Email', message: 'A user with this email already exists' },
    ]);
    const nothing = await upload('ict', file);
    expect(nothing.statusCode).toBe(422);
  });

  it('catches duplicates within the file and rows whose first password would be too short', async () => {
    const rows = [
      row(101),
      row(102, { 'Registration Number': 'imp/2025/0101' }),
      row(103, { Email: 'IMPORT101@example.ng' }),
      row(104, { 'First Name': 'Ada', 'Registration Number': '07' }),
      row(105, { 'Class Arm': '', 'Date of Birth': '' }),
    ];
    const preview = (await upload('admin', csvOf(rows), { dryRun: 'true', school_id: ids.first })).json().data;
    expect(preview.rows.map((r: { errors: { field: string }[] }) => r.errors.map((e) => e.field))).toEqual([
      [],
      ['Registration Number'],
      ['Email'],
      ['Registration Number'],
      ['Date of Birth', 'Class Arm'],
    ]);
    expect(preview.rows[1].errors[0].message).toBe('This registration number is also on row 2');
  });

  it('imports an Excel workbook into the school named in the form', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow([...STUDENT_FILE_COLUMNS]);
    for (const n of [201, 202, 203]) {
      const values = STUDENT_FILE_COLUMNS.map(
        (column) => row(n, { 'Class Arm': 'SS 1A' })[column],
      ) as ExcelJS.CellValue[];
      values[STUDENT_FILE_COLUMNS.indexOf('Date of Birth')] = new Date(Date.UTC(2010, 0, 20));
      values[STUDENT_FILE_COLUMNS.indexOf('Email')] = {
        text: `import${n}@example.ng`,
        hyperlink: `mailto:import${n}@example.ng`,
      };
      values[STUDENT_FILE_COLUMNS.indexOf('Expected Graduation Year')] = 2028;
      sheet.addRow(values);
    }
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload('proprietor', file, { school_id: ids.second }, 'students.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Successfully created 3 students',
      data: { created: 3, failed: 0 },
    });
    const stored = await imported(['IMP/2025/0201', 'IMP/2025/0202', 'IMP/2025/0203']);
    expect(stored.map((r) => r.user.schoolId)).toEqual([ids.second, ids.second, ids.second]);
    expect(stored.map((r) => r.profile.dob)).toEqual(['2010-01-20', '2010-01-20', '2010-01-20']);
    expect(stored[0]!.user.email).toMatch(/^import20\d@example.ng$/);
  });

  it('refuses files it cannot read, missing columns, other schools and roles without the permission', async () => {
    const missing = await upload('admin', Buffer.from('First Name,Last Name\nAda,Obi\n'), { school_id: ids.first });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ field: 'file' });
    expect(missing.json().message).toMatch(/^The file is missing the columns: Middle Name, Email/);

    const binary = await upload('admin', Buffer.from([0, 1, 2, 3, 0, 9]), { school_id: ids.first }, 'x.bin');
    expect(binary.statusCode, binary.body).toBe(422);
    expect(binary.json().message).toBe('Upload a CSV file or an Excel workbook (.xlsx)');

    const empty = await multipart({ dryRun: 'true' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/students/import',
      headers: { ...(await t.as('ict')), ...empty.headers },
      payload: empty.payload,
    });
    expect(noFile.statusCode, noFile.body).toBe(422);
    expect(noFile.json().message).toBe('Please select a CSV or Excel file');

    const noSchool = await upload('admin', csvOf([row(301)]));
    expect(noSchool.statusCode).toBe(422);
    expect(noSchool.json().errors[0].field).toBe('school_id');

    expect((await upload('ict', csvOf([row(302)]), { school_id: ids.second })).statusCode).toBe(404);
    expect((await upload('principal', csvOf([row(303)]))).statusCode).toBe(403);
    expect((await upload('bursar', csvOf([row(304)]))).statusCode).toBe(403);
    expect(await imported(['IMP/2025/0301', 'IMP/2025/0302', 'IMP/2025/0303', 'IMP/2025/0304'])).toHaveLength(0);
  });

  it('imports 2,000 rows in one request', { timeout: 240_000 }, async () => {
    const rows = Array.from({ length: 2000 }, (_, i) =>
      row(1000 + i, { 'Class Arm': `SS ${1 + (i % 3)}${i % 2 ? 'A' : 'B'}` }),
    );
    const file = csvOf(rows);
    const response = await upload('admin', file, { school_id: ids.first, dryRun: 'false' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Successfully created 2000 students',
      data: { created: 2000, failed: 0 },
    });
    const stored = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(
        and(
          eq(users.schoolId, ids.first),
          inArray(
            users.regNo,
            rows.map((r) => r['Registration Number']),
          ),
        ),
      );
    expect(stored).toHaveLength(2000);
  });
});

import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, termResults, terms, users } from '../src/db/schema.js';
import { academicOf } from '../src/modules/results/results.queries.js';
import { aClassArm, aStudent, type ClassArm, type User } from './builders.js';
import { multipart, useTestApp } from './helper.js';
import { approvedFee, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/*
 * Issue 14, "Academic figures without inventing them": a school imports each term's results,
 * previews them with row errors before anything is written, edits and deletes them; the student,
 * principal and head teacher read exactly what was imported and "not recorded" otherwise.
 */

const HEADER = [
  'Registration Number',
  'Average',
  'Position',
  'Class Size',
  'Days Present',
  'Total Days',
  'Late Days',
  'Remark',
  'Mathematics',
  'Mathematics Grade',
  'English Language',
  'English Language Grade',
];
const csv = (rows: string[][]) => Buffer.from(stringify([HEADER, ...rows]));

describe('term results', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let arm: ClassArm;
  let first: User;
  let second: User;
  let demoRegNo: string;
  let sonRegNo: string;

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    arm = await aClassArm(t, { school_id: ids.school, name: 'RES 1A', capacity: 30 });
    first = await aStudent(t, { school_id: ids.school, classArm_id: arm.id });
    second = await aStudent(t, { school_id: ids.school, classArm_id: arm.id });
    const regNoOf = async (id: string) =>
      (await t.ctx.db.select({ regNo: users.regNo }).from(users).where(eq(users.id, id)))[0]!.regNo!;
    demoRegNo = await regNoOf(ids.student);
    sonRegNo = await regNoOf(ids.son);
  });

  const upload = async (who: string, fields: Record<string, string>, content: Buffer) => {
    const form = await multipart(fields, [
      { field: 'file', filename: 'results.csv', contentType: 'text/csv', content },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/results/import',
      headers: { ...(await t.as(who)), ...form.headers },
      payload: form.payload,
    });
  };
  const get = async (who: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });
  const resultsOfTerm = () => t.ctx.db.select().from(termResults).where(eq(termResults.termId, ids.term));

  it('serves a template with the fixed columns and example subjects', async () => {
    const response = await get('headteacher', '/results/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.replace('\uFEFF', '').split('\n')[0]).toBe(
      'Registration Number,Average,Position,Class Size,Days Present,Total Days,Late Days,Remark,Mathematics,Mathematics Grade,English Language,English Language Grade',
    );
  });

  it('says "not recorded" for a student with no results, never a number', async () => {
    const response = await get('student', '/student/academic-summary');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.recorded).toBe(false);
    expect(data.currentTerm).toEqual({ average: null, position: null, totalStudents: null, subjects: [] });
    expect(data.attendance).toEqual({ rate: null, daysPresent: null, totalDays: null, lateArrivals: null });
    expect(data.assignments.recorded).toBe(false);
    expect((await academicOf(t.ctx.db, [ids.student])).size).toBe(0);
  });

  it('previews row errors and writes nothing on a dry run', async () => {
    const file = csv([
      [first.regNo!, '71.5', '2', '2', '60', '64', '3', 'Good work', '80', 'A', '63', 'C'],
      [second.regNo!, '55', '3', '2', '60', '64', '0', '', '50', 'C', '', ''],
      ['NOPE/0001', '50', '1', '2', '60', '64', '0', '', '', '', '', ''],
      [sonRegNo, '50', '1', '2', '60', '64', '0', '', '', '', '', ''],
      [demoRegNo, 'abc', '1', '40', '70', '64', '0', '', '101', '', '', ''],
    ]);
    const response = await upload('headteacher', { term_id: ids.term, dryRun: 'true' }, file);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data;
    expect(preview.validCount).toBe(1);
    expect(preview.invalidCount).toBe(4);
    expect(preview.subjects).toEqual(['Mathematics', 'English Language']);
    const errorsOf = (row: number) => preview.rows.find((r: { row: number }) => r.row === row).errors;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toContainEqual({ field: 'Position', message: 'Position cannot be more than Class Size' });
    expect(errorsOf(4)).toContainEqual({
      field: 'Registration Number',
      message: 'No student with registration number NOPE/0001',
    });
    expect(errorsOf(5)).toContainEqual({
      field: 'Registration Number',
      message: `${sonRegNo} is not a student of this school`,
    });
    expect(errorsOf(6)).toEqual(
      expect.arrayContaining([
        { field: 'Average', message: 'Average must be a number' },
        { field: 'Mathematics', message: 'Score must be between 0 and 100' },
        { field: 'Days Present', message: 'Days Present cannot be more than Total Days' },
      ]),
    );
    expect(await resultsOfTerm()).toHaveLength(0);
  });

  it('imports the valid rows in one go with an audit row, and a re-import replaces them', async () => {
    const response = await upload(
      'headteacher',
      { term_id: ids.term, dryRun: 'false' },
      csv([
        [first.regNo!, '71.5', '2', '2', '60', '64', '3', 'Good work', '80', 'A', '63', 'C'],
        ['NOPE/0001', '50', '1', '2', '60', '64', '0', '', '', '', '', ''],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ created: 1, updated: 0, failed: 1 });
    const audits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'results.import'), eq(auditLogs.entityId, ids.term)));
    expect(audits).toHaveLength(1);

    const again = await upload(
      'headteacher',
      { term_id: ids.term, dryRun: 'false' },
      csv([
        [first.regNo!, '74.25', '1', '2', '62', '64', '1', 'Much improved', '88', 'A', '', ''],
        [second.regNo!, '55', '2', '2', '58', '64', '0', '', '50', 'C', '60', 'B'],
        [demoRegNo, '68.4', '5', '40', '60', '64', '2', '', '70', 'B', '66.5', 'B'],
      ]),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ created: 2, updated: 1, failed: 0 });
    expect(await resultsOfTerm()).toHaveLength(3);

    const list = await get('headteacher', `/results?term_id=${ids.term}&class_arm_id=${arm.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const [top, next] = list.json().data.results;
    expect(top.student._id).toBe(first.id);
    expect(top).toMatchObject({ average: 74.25, position: 1, classSize: 2, daysPresent: 62, lateDays: 1 });
    expect(top.subjects).toEqual([{ name: 'Mathematics', score: 88, grade: 'A' }]);
    expect(next.student._id).toBe(second.id);
    expect(list.json().data.pagination.total).toBe(2);
  });

  it('shows the student exactly the imported figures', async () => {
    const response = await get('student', '/student/academic-summary');
    const data = response.json().data;
    expect(data.recorded).toBe(true);
    expect(data.term._id).toBe(ids.term);
    expect(data.currentTerm).toEqual({
      average: 68.4,
      position: 5,
      totalStudents: 40,
      subjects: [
        { name: 'English Language', score: 66.5, grade: 'B' },
        { name: 'Mathematics', score: 70, grade: 'B' },
      ],
    });
    expect(data.attendance).toEqual({ rate: 93.8, daysPresent: 60, totalDays: 64, lateArrivals: 2 });
    expect(data.assignments).toEqual({ recorded: false, completed: null, total: null, pending: null, overdue: null });
  });

  it('reads a given term, or else the latest term with results, and takes an Excel workbook', async () => {
    const [earlier] = await t.ctx.db
      .select({ id: terms.id })
      .from(terms)
      .where(
        and(
          eq(terms.schoolId, ids.school),
          lt(terms.startDate, sql`(select start_date from terms where id = ${ids.term})`),
        ),
      )
      .orderBy(desc(terms.startDate))
      .limit(1);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Results');
    sheet.addRow(['Registration Number', 'Average', 'Days Present', 'Total Days', 'Physics']);
    sheet.addRow([demoRegNo, 59.5, 40, 60, 71.25]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload('headteacher', { term_id: earlier!.id, dryRun: 'false' }, xlsx);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ created: 1, updated: 0, failed: 0 });

    const latest = (await academicOf(t.ctx.db, [ids.student, second.id, ids.son])).get(ids.student)!;
    expect(latest.termId).toBe(ids.term);
    expect(latest.average).toBe(68.4);
    const older = (await academicOf(t.ctx.db, [ids.student], earlier!.id)).get(ids.student)!;
    expect(older).toMatchObject({
      termId: earlier!.id,
      average: 59.5,
      position: null,
      classSize: null,
      attendance: { daysPresent: 40, totalDays: 60, late: null, rate: 66.7 },
      subjects: [{ name: 'Physics', score: 71.25, grade: null }],
    });
    expect((await academicOf(t.ctx.db, [ids.son])).has(ids.son)).toBe(false);

    const tooPrecise = await upload(
      'headteacher',
      { term_id: ids.term, dryRun: 'true' },
      csv([[demoRegNo, '71.555', '', '', '', '', '', '', '', '', '', '']]),
    );
    expect(tooPrecise.json().data.rows[0].errors).toEqual([
      { field: 'Average', message: 'Average has at most 2 decimals' },
    ]);
  });

  it("keeps another school's staff away from the results and the school's students", async () => {
    const [row] = await t.ctx.db.select().from(termResults).where(eq(termResults.studentId, first.id));
    expect((await get('principal2', `/results?term_id=${ids.term}`)).statusCode).toBe(404);
    expect((await get('principal2', `/results/${row!.id}`)).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/results/${row!.id}`,
      headers: await t.as('principal2'),
      payload: {
        average: 1,
        position: null,
        classSize: null,
        daysPresent: null,
        totalDays: null,
        lateDays: null,
        subjects: [],
      },
    });
    expect(put.statusCode).toBe(404);
    const foreign = await upload(
      'principal2',
      { term_id: ids.term, school_id: ids.school, dryRun: 'true' },
      csv([[first.regNo!, '50', '', '', '', '', '', '', '', '', '', '']]),
    );
    expect(foreign.statusCode).toBe(404);
    // Their own term, with this school's student in the file: refused by row.
    const own = await upload(
      'principal2',
      { term_id: ids.secondTerm, dryRun: 'true' },
      csv([[first.regNo!, '50', '', '', '', '', '', '', '', '', '', '']]),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.rows[0].errors[0].message).toBe(`${first.regNo} is not a student of this school`);
    expect((await get('bursar', `/results?term_id=${ids.term}`)).statusCode).toBe(403);
  });

  it('answers 422 on bad parameters and bodies', async () => {
    expect((await get('headteacher', '/results?term_id=nope')).statusCode).toBe(422);
    expect((await get('headteacher', `/results?term_id=${ids.term}&page=abc`)).statusCode).toBe(422);
    expect((await get('headteacher', '/results/nope')).statusCode).toBe(422);
    const [row] = await t.ctx.db.select().from(termResults).where(eq(termResults.studentId, first.id));
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/results/${row!.id}`,
      headers: await t.as('headteacher'),
      payload: {
        average: 70,
        position: null,
        classSize: null,
        daysPresent: 70,
        totalDays: 64,
        lateDays: 0,
        subjects: [],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Days Present cannot be more than Total Days');
    const noTerm = await upload('headteacher', { dryRun: 'true' }, csv([]));
    expect(noTerm.statusCode).toBe(422);
  });

  it('summarises the head teacher’s class arms from the rows the test made', async () => {
    const before = (await get('headteacher', '/headteacher/dashboard')).json().data;
    const armBefore = before.classArms.find((a: { _id: string }) => a._id === arm.id);
    expect(armBefore).toMatchObject({ name: 'RES 1A', students: 2, capacity: 30 });
    // (74.25 + 55) / 2 and (62 + 58) / (64 + 64)
    expect(armBefore.results).toEqual({ studentsWithResults: 2, averageScore: 64.63, attendanceRate: 93.8 });

    const fee = await approvedFee(t, ids.school, ids.term, '1000');
    const mid = (await get('headteacher', '/headteacher/dashboard')).json().data;
    const armMid = mid.classArms.find((a: { _id: string }) => a._id === arm.id);
    expect(armMid.fees.expected - armBefore.fees.expected).toBe(2000);
    await payCash(t, first.id, fee, '400');
    const after = (await get('headteacher', '/headteacher/dashboard')).json().data;
    const armAfter = after.classArms.find((a: { _id: string }) => a._id === arm.id);
    expect(armAfter.fees.collected - armMid.fees.collected).toBe(400);
    expect(armAfter.fees.outstanding - armMid.fees.outstanding).toBe(-400);
    expect(after.fees.collected - mid.fees.collected).toBe(400);
    expect(after.term._id).toBe(ids.term);
    expect(after.results.studentsWithResults).toBe(3);

    const other = (await get('principal2', '/principal/academic-overview')).json().data;
    expect(other.classArms.some((a: { _id: string }) => a._id === arm.id)).toBe(false);
    expect(other.results.studentsWithResults).toBe(0);
    const overview = await get('principal', '/principal/academic-overview');
    expect(overview.statusCode, overview.body).toBe(200);
    const mine = overview.json().data.classArms.find((a: { _id: string }) => a._id === arm.id);
    expect(mine.results).toEqual(armBefore.results);
    expect((await get('bursar', '/headteacher/dashboard')).statusCode).toBe(403);
  });

  it('edits one result with an audit row, deletes one, and deletes a term', async () => {
    const [row] = await t.ctx.db.select().from(termResults).where(eq(termResults.studentId, second.id));
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/results/${row!.id}`,
      headers: await t.as('headteacher'),
      payload: {
        average: 58.5,
        position: 2,
        classSize: 2,
        daysPresent: 60,
        totalDays: 64,
        lateDays: 4,
        remark: 'Corrected',
        subjects: [{ name: 'Basic Science', score: 58.5, grade: 'C' }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ average: 58.5, lateDays: 4, remark: 'Corrected' });
    expect(edited.json().data.subjects).toEqual([{ name: 'Basic Science', score: 58.5, grade: 'C' }]);
    const updates = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'term_result'), eq(auditLogs.entityId, row!.id)));
    expect(updates.map((audit) => audit.action)).toEqual(['update']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/results/${row!.id}`,
      headers: await t.as('headteacher'),
    });
    expect(removed.statusCode).toBe(200);
    expect((await get('headteacher', `/results/${row!.id}`)).statusCode).toBe(404);

    const wiped = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/results?term_id=${ids.term}`,
      headers: await t.as('headteacher'),
    });
    expect(wiped.statusCode, wiped.body).toBe(200);
    expect(wiped.json().data.deleted).toBe(2);
    expect(await resultsOfTerm()).toHaveLength(0);
    // With the term's results gone, the student's summary falls back to the earlier term they have.
    const summary = (await get('student', '/student/academic-summary')).json().data;
    expect(summary.term._id).not.toBe(ids.term);
    expect(summary.currentTerm.average).toBe(59.5);
  });
});

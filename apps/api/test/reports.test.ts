import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@schoolledger/domain';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, reportRuns, reportSchedules, users, virtualAccounts } from '../src/db/schema.js';
import { tidyReportRuns } from '../src/modules/reports/report-housekeeping.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { runDueSchedules } from '../src/modules/reports/report-schedules.service.js';
import { aClassArm, aFee, aSchool, aSession, aStudent, aTerm } from './builders.js';
import { bearer, insertUser, login, useTestApp } from './helper.js';
import { bursarOf, loadPaymentIds } from './payments-support.js';
import { pdfText } from './pdf-text.js';
import { startSmtpServer } from './smtp-server.js';

type Who = { authorization: string };

/**
 * A school of its own (nothing seeded in it): one term, one class arm, three students and an
 * approved ₦10,000.50 fee for the arm. Ada pays it in full in cash at the admin's desk, Bayo pays
 * ₦2,500.25 at the school bursar's desk, Chidi pays nothing. Every figure below is summed by hand.
 */
describe('reports: preview, files made by the job runner, email and schedules', () => {
  const smtp = startSmtpServer();
  let port = 0;
  beforeAll(async () => {
    port = await smtp.listening;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });
  const t = useTestApp({
    env: {
      get SMTP_URL() {
        return `smtp://127.0.0.1:${port}`;
      },
    },
  });
  const ids = { school: '', term: '', arm: '', fee: '', ada: '', bayo: '', chidi: '', armName: '' };
  /** The school's principal: a person a report of the school may be emailed to. */
  const PRINCIPAL = 'principal@report-test.example';
  let bursar: Who;
  let otherBursar: Who;

  async function call(who: Who | string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function payCashAs(who: Who | string, studentId: string, amount: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(typeof who === 'string' ? await t.as(who) : who), 'idempotency-key': randomUUID() },
      payload: { user_id: studentId, fee_id: ids.fee, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Queues a file, runs the job as the runner would, and downloads it. */
  async function generate(who: Who | string, report: string, format: string, filters: object, emailTo?: string) {
    const queued = await call(who, 'POST', '/reports/runs', { report, format, filters, emailTo });
    expect(queued.statusCode, queued.body).toBe(202);
    const run = queued.json().data;
    expect(run.status).toBe('queued');
    await generateReportRun(t.ctx, run.id);
    const ready = await call(who, 'GET', `/reports/runs/${run.id}`);
    expect(ready.json().data).toMatchObject({ status: 'ready', progress: 100 });
    const file = await call(who, 'GET', `/reports/runs/${run.id}/file`);
    expect(file.statusCode, file.body).toBe(200);
    return { id: run.id as string, file };
  }

  describe('on a school of its own', () => {
    beforeAll(async () => {
      const school = await aSchool(t, { name: 'Report Test Academy' });
      const session = await aSession(t, { school_id: school.id, name: '2025/2026' });
      const term = await aTerm(t, { session: session.id, startDate: '2025-09-08', endDate: '2025-12-19' });
      const arm = await aClassArm(t, { school_id: school.id, name: 'JSS 1 Gold' });
      const fee = await aFee(t, {
        school_id: school.id,
        term_id: term.id,
        amount: '10000.50',
        appliesTo: 'classArms',
        classArm_ids: [arm.id],
        dueDate: '2025-10-01',
        isApproved: true,
      });
      const student = (firstname: string) =>
        aStudent(t, { school_id: school.id, classArm_id: arm.id, firstname, lastname: 'Okafor' });
      const [ada, bayo, chidi] = [await student('Ada'), await student('Bayo'), await student('Chidi')];
      Object.assign(ids, {
        school: school.id,
        term: term.id,
        arm: arm.id,
        armName: arm.name,
        fee: fee.id,
        ada: ada.id,
        bayo: bayo.id,
        chidi: chidi.id,
      });
      bursar = await bursarOf(t, school.id);
      await insertUser(t, { email: PRINCIPAL, roles: ['Principal'], schoolId: school.id });
      otherBursar = await bursarOf(t, (await loadPaymentIds(t)).school);
      await payCashAs('admin', ids.ada, '10000.50');
      await payCashAs(bursar, ids.bayo, '2500.25');
    });

    it('lists to each role only the reports it may run', async () => {
      const titles = async (who: string | Who) =>
        (await call(who, 'GET', '/reports/catalog')).json().data.reports.map((report: { id: string }) => report.id);
      const forBursar = await titles(bursar);
      expect(forBursar).toEqual(
        expect.arrayContaining(['collections', 'outstanding', 'payments', 'student_statement', 'messages']),
      );
      expect(forBursar).not.toContain('users_by_role');
      expect(forBursar).not.toContain('group_summary');
      expect(await titles('parent')).toEqual(['student_statement']);
      expect(await titles('proprietor')).toContain('group_summary');
    });

    it('previews collections with the totals of the payments made, cut by day, method, fee, arm and recorder', async () => {
      const response = await call(bursar, 'POST', '/reports/preview', {
        report: 'collections',
        filters: { termId: ids.term },
      });
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json().data;
      expect(preview.organisation).toBe('Report Test Academy');
      expect(preview.subtitle.join(' ')).toContain('Term: First Term, 2025/2026');
      const section = (title: string) =>
        preview.sections.find((candidate: { title: string }) => candidate.title === title);
      for (const title of ['By day', 'By method', 'By fee', 'By class arm']) {
        expect(section(title).totals, title).toMatchObject({
          payments: 2,
          received: 12500.75,
          refunded: 0,
          net: 12500.75,
        });
      }
      expect(section('By method').rows).toEqual([
        { method: 'Cash Payment', payments: 2, received: 12500.75, refunded: 0, net: 12500.75 },
      ]);
      expect(section('By class arm').rows).toEqual([
        { classArm: 'JSS 1 Gold', payments: 2, received: 12500.75, refunded: 0, net: 12500.75 },
      ]);
      const recorders = section('Cash by who recorded it')
        .rows.map((row: { net: number }) => row.net)
        .sort();
      expect(recorders).toEqual([10000.5, 2500.25]);
    });

    it('previews the outstanding report largest balance first, with days overdue from the due date', async () => {
      const response = await call(bursar, 'POST', '/reports/preview', {
        report: 'outstanding',
        filters: { termId: ids.term },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [byArm, students] = response.json().data.sections;
      expect(byArm.totals).toMatchObject({ students: 3, expected: 30001.5, paid: 12500.75, outstanding: 17500.75 });
      expect(
        students.rows.map((row: { student: string; outstanding: number }) => [row.student, row.outstanding]),
      ).toEqual([
        ['Chidi Okafor', 10000.5],
        ['Bayo Okafor', 7500.25],
        ['Ada Okafor', 0],
      ]);
      const chidi = students.rows[0];
      expect(chidi.daysOverdue).toBeGreaterThan(0);
      expect(students.rows[2].daysOverdue).toBeNull();
    });

    it('makes the collections file in each format, with totals that match the payments', async () => {
      const filters = { termId: ids.term };
      const xlsx = await generate(bursar, 'collections', 'xlsx', filters);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.file.rawPayload as unknown as ArrayBuffer);
      const byMethod = workbook.getWorksheet('By method')!;
      let totalRow: ExcelJS.Row | undefined;
      byMethod.eachRow((row) => {
        if (row.getCell(1).value === 'Total') totalRow = row;
      });
      const net = totalRow!.getCell(5).value as ExcelJS.CellFormulaValue;
      expect(net.formula).toMatch(/^SUM\(E\d+:E\d+\)$/);
      expect(net.result).toBe(12500.75);

      const csv = await generate(bursar, 'collections', 'csv', filters);
      const text = csv.file.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const records: string[][] = parse(text.slice(1), { relax_column_count: true });
      const totals = records.filter((record) => record[0] === 'Total');
      expect(totals.length).toBe(5);
      expect(totals.map((record) => record.at(-1))).toEqual(Array(5).fill('12500.75'));

      const pdf = await generate(bursar, 'collections', 'pdf', filters);
      expect(pdf.file.headers['content-type']).toBe('application/pdf');
      expect(pdf.file.headers['content-disposition']).toMatch(
        /^attachment; filename="collections-report-test-academy-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      const words = pdfText(pdf.file.rawPayload);
      expect(words).toContain('Report Test Academy');
      expect(words).toContain('₦12,500.75');
      expect(words).toContain('Page 1 of');

      const [downloaded] = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, pdf.id));
      expect(downloaded).toBeDefined();
    });

    it('refuses filters it does not take, unknown filters, long ranges and ids outside the caller’s schools', async () => {
      const refusal = async (who: Who | string, filters: object, report = 'collections') => {
        const response = await call(who, 'POST', '/reports/preview', { report, filters });
        return { status: response.statusCode, body: response.json() };
      };
      const unknown = await refusal(bursar, { colour: 'red' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors[0].field).toBe('filters');
      const notTaken = await refusal(bursar, { studentId: ids.ada });
      expect(notTaken).toMatchObject({ status: 422, body: { errors: [{ field: 'filters.studentId' }] } });
      const long = await refusal(bursar, { from: '2019-01-01', to: '2025-01-02' });
      expect(long).toMatchObject({
        status: 422,
        body: { errors: [{ field: 'filters.to', message: 'A report covers at most 5 years' }] },
      });
      const backwards = await refusal(bursar, { from: '2025-02-01', to: '2025-01-01' });
      expect(backwards.status).toBe(422);
      const foreignTerm = await refusal(otherBursar, { termId: ids.term });
      expect(foreignTerm).toMatchObject({ status: 404, body: { code: 'TERM_NOT_FOUND' } });
      const foreignSchool = await refusal(otherBursar, { schoolId: ids.school });
      expect(foreignSchool).toMatchObject({ status: 404, body: { code: 'SCHOOL_NOT_FOUND' } });
      const notAllowed = await refusal('parent', {}, 'collections');
      expect(notAllowed.status).toBe(403);
    });

    it('lets the requester and the school’s readers fetch a file, and nobody else', async () => {
      const { id } = await generate(bursar, 'outstanding', 'csv', { termId: ids.term });
      expect((await call(otherBursar, 'GET', `/reports/runs/${id}`)).statusCode).toBe(404);
      expect((await call(otherBursar, 'GET', `/reports/runs/${id}/file`)).statusCode).toBe(404);
      expect((await call('parent', 'GET', `/reports/runs/${id}/file`)).statusCode).toBe(404);
      const admin = await call('admin', 'GET', `/reports/runs/${id}/file`);
      expect(admin.statusCode).toBe(200);
      expect(admin.rawPayload.toString('utf8')).toContain('Chidi Okafor');
      const mine = (await call(bursar, 'GET', '/reports/runs')).json().data.runs.map((run: { id: string }) => run.id);
      expect(mine).toContain(id);
      expect(
        (await call(otherBursar, 'GET', '/reports/runs')).json().data.runs.map((run: { id: string }) => run.id),
      ).not.toContain(id);
    });

    it('gives a parent their child’s statement and no one else’s', async () => {
      const ids0 = await loadPaymentIds(t);
      const own = await generate('parent', 'student_statement', 'pdf', { studentId: ids0.student });
      expect(pdfText(own.file.rawPayload)).toContain('Statement of account');
      // The statement tells the family what to write in a bank transfer so it lands on this child.
      const [child] = await t.ctx.db.select({ code: users.paymentCode }).from(users).where(eq(users.id, ids0.student));
      expect(pdfText(own.file.rawPayload).replace(/\s+/g, ' ')).toContain(`payment code ${child!.code}`);
      const stranger = await call('parent', 'POST', '/reports/runs', {
        report: 'student_statement',
        format: 'pdf',
        filters: { studentId: ids0.stranger },
      });
      expect(stranger.statusCode).toBe(404);
      const bursarStatement = await call(bursar, 'POST', '/reports/preview', {
        report: 'student_statement',
        filters: { studentId: ids.bayo },
      });
      const [byTerm, ledger] = bursarStatement.json().data.sections;
      expect(byTerm.totals).toMatchObject({ charged: 10000.5, paid: 2500.25, balance: 7500.25 });
      expect(ledger.rows.map((row: { balance: number }) => row.balance)).toEqual([10000.5, 7500.25]);

      // A family with its own account is told to pay into it instead, no code needed.
      await t.ctx.db.insert(virtualAccounts).values({
        schoolId: ids.school,
        holderKind: 'student',
        holderId: ids.bayo,
        provider: 'paystack',
        accountNumber: '9912340002',
        accountName: 'REPORT TEST ACADEMY / FAMILY',
        bankName: 'Wema Bank',
        bankSlug: 'wema-bank',
        providerAccountId: '8310998',
        customerCode: 'CUS_reports',
        createdBy: ids.bayo,
      });
      const withAccount = await call(bursar, 'POST', '/reports/preview', {
        report: 'student_statement',
        filters: { studentId: ids.bayo },
      });
      expect(withAccount.json().data.subtitle).toContain(
        "Paying by bank transfer? Send it to the family's own account, 9912340002 at Wema Bank (REPORT TEST ACADEMY / FAMILY): it pays the fees still owed by itself, with no code needed.",
      );
    });

    it('emails a finished file to the recipient over SMTP, with the file attached', async () => {
      await generate(bursar, 'debtors', 'pdf', { termId: ids.term }, PRINCIPAL);
      await t.ctx.mailer.deliverDue();
      const messages = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
      const mail = messages.find((message) => message.subject === 'Debtors list: Report Test Academy');
      expect(mail?.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
      expect(pdfText(mail!.attachments[0]!.content)).toContain('Bayo Okafor');
    });

    it('runs a weekly schedule over the week before, as its creator, and stops when removed', async () => {
      const created = await call(bursar, 'POST', '/reports/schedules', {
        report: 'collections',
        format: 'xlsx',
        filters: { schoolId: ids.school },
        emailTo: PRINCIPAL,
        frequency: 'weekly',
        weekday: 1,
        hour: 7,
      });
      expect(created.statusCode, created.body).toBe(200);
      const schedule = created.json().data;
      expect(new Date(schedule.nextRunAt).getUTCHours()).toBe(6);
      expect(new Date(schedule.nextRunAt).getUTCDay()).toBe(1);
      await t.ctx.db
        .update(reportSchedules)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(eq(reportSchedules.id, schedule.id));

      expect(await runDueSchedules(t.ctx)).toEqual({ queued: 1, refused: 0 });
      expect(await runDueSchedules(t.ctx)).toEqual({ queued: 0, refused: 0 });
      const [run] = await t.ctx.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, schedule.id));
      expect(run).toMatchObject({
        report: 'collections',
        format: 'xlsx',
        emailTo: PRINCIPAL,
        status: 'queued',
      });
      const today = todayIn();
      expect(run!.filters).toEqual({ schoolId: ids.school, from: addDays(today, -7), to: addDays(today, -1) });

      expect((await call(otherBursar, 'DELETE', `/reports/schedules/${schedule.id}`)).statusCode).toBe(404);
      expect((await call(bursar, 'DELETE', `/reports/schedules/${schedule.id}`)).statusCode).toBe(200);
      expect((await call(bursar, 'GET', '/reports/schedules')).json().data.schedules).toEqual([]);
    });

    it('emails a report only to a person of the sender’s schools, when asked and at every run', async () => {
      const debtors = { report: 'debtors', format: 'csv', filters: { termId: ids.term } };
      for (const emailTo of ['attacker@evil.example', 'principal@demo.schoolledger.ng']) {
        const run = await call(bursar, 'POST', '/reports/runs', { ...debtors, emailTo });
        expect(run.statusCode, emailTo).toBe(422);
        expect(run.json().errors).toEqual([{ field: 'emailTo', message: `${emailTo} is not a member of your school` }]);
        const schedule = await call(bursar, 'POST', '/reports/schedules', {
          ...debtors,
          emailTo,
          frequency: 'weekly',
        });
        expect(schedule.statusCode, emailTo).toBe(422);
        expect(schedule.json().errors).toEqual([
          { field: 'emailTo', message: `${emailTo} is not a member of your school` },
        ]);
      }
      const kept = await t.ctx.db.select().from(reportRuns).where(eq(reportRuns.emailTo, 'attacker@evil.example'));
      expect(kept).toEqual([]);
      expect(
        await t.ctx.db.select().from(reportSchedules).where(eq(reportSchedules.emailTo, 'attacker@evil.example')),
      ).toEqual([]);

      // A colleague who leaves the school after a run was asked for, or a schedule made, gets nothing more.
      const leaver = await insertUser(t, {
        email: 'leaving@report-test.example',
        roles: ['Principal'],
        schoolId: ids.school,
      });
      const queued = await call(bursar, 'POST', '/reports/runs', {
        ...debtors,
        emailTo: 'Leaving@Report-Test.example',
      });
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json().data.emailTo).toBe('leaving@report-test.example');
      const schedule = await call(bursar, 'POST', '/reports/schedules', {
        ...debtors,
        emailTo: 'leaving@report-test.example',
        frequency: 'weekly',
      });
      expect(schedule.statusCode, schedule.body).toBe(200);
      await t.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.id));

      await generateReportRun(t.ctx, queued.json().data.id);
      const [run] = await t.ctx.db.select().from(reportRuns).where(eq(reportRuns.id, queued.json().data.id));
      expect(run).toMatchObject({
        status: 'failed',
        error: 'leaving@report-test.example is not a member of your school',
      });
      await t.ctx.db
        .update(reportSchedules)
        .set({ nextRunAt: new Date(Date.now() - 1000) })
        .where(eq(reportSchedules.id, schedule.json().data.id));
      expect(await runDueSchedules(t.ctx)).toEqual({ queued: 0, refused: 1 });
      await t.ctx.mailer.deliverDue();
      expect(smtp.received.filter((message) => message.to.includes('leaving@report-test.example'))).toEqual([]);
    });

    it('deletes a file once its days are up and says so', async () => {
      const { id } = await generate(bursar, 'fee_schedule', 'csv', { termId: ids.term });
      await t.ctx.db
        .update(reportRuns)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(reportRuns.id, id));
      const requeued: string[] = [];
      const tidied = await tidyReportRuns(t.ctx, async (runId) => {
        requeued.push(runId);
      });
      expect(tidied.expired).toBe(1);
      const gone = await call(bursar, 'GET', `/reports/runs/${id}/file`);
      expect(gone).toMatchObject({ statusCode: 404 });
      expect(gone.json().code).toBe('REPORT_EXPIRED');
      const [row] = await t.ctx.db.select({ body: reportRuns.body }).from(reportRuns).where(eq(reportRuns.id, id));
      expect(row!.body).toBeNull();
    });

    it('fails a run whose requester can no longer sign in, with a reason they can read', async () => {
      const email = `leaver-${randomUUID().slice(0, 6)}@example.ng`;
      const leaver = await insertUser(t, { email, roles: ['Bursar'], schoolId: ids.school });
      const token = bearer((await login(t, email)).json().data.token);
      const queued = await call(token, 'POST', '/reports/runs', { report: 'collections', format: 'csv', filters: {} });
      await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, leaver.id));
      await generateReportRun(t.ctx, queued.json().data.id);
      const [run] = await t.ctx.db.select().from(reportRuns).where(eq(reportRuns.id, queued.json().data.id));
      expect(run).toMatchObject({
        status: 'failed',
        error: 'The person who asked for this report can no longer sign in.',
      });
    });
  });
});

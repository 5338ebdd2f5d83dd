import type { AddressInfo } from 'node:net';
import { addDays, todayIn } from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeAdjustments, parentStudents, paymentReminders } from '../src/db/schema.js';
import { type JobRunner, startJobRunner } from '../src/jobs/runner.js';
import { aClassArm, aFee, aParent, aSchool, aSession, aStudent, aTerm } from './builders.js';
import { login, type TestApp, useTestApp } from './helper.js';
import { call, loadPaymentIds, until } from './payments-support.js';

const silent = pino({ level: 'silent' });

/** A student of a new school with a parent, owing an approved fee due in two days (urgent today). */
async function aStudentOwing(t: TestApp) {
  const school = await aSchool(t);
  const session = await aSession(t, { school_id: school.id });
  const term = await aTerm(t, { session: session.id });
  const arm = await aClassArm(t, { school_id: school.id });
  const student = await aStudent(t, { school_id: school.id, classArm_id: arm.id });
  const parent = await aParent(t, school.id);
  await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: student.id, schoolId: school.id });
  const dueDate = addDays(todayIn('Africa/Lagos', new Date()), 2);
  const fee = await aFee(t, { school_id: school.id, term_id: term.id, dueDate, isApproved: true });
  return { student, parent, fee };
}

const reminderTo = (t: TestApp, feeId: string, recipientId: string) =>
  t.ctx.db
    .select()
    .from(paymentReminders)
    .where(and(eq(paymentReminders.feeId, feeId), eq(paymentReminders.recipientId, recipientId)));

describe('the job runner on the app database', () => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  let port = 0;
  const listening = new Promise<void>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => {
      port = (smtp.server.address() as AddressInfo).port;
      resolve();
    }),
  );
  beforeAll(() => listening);

  const t = useTestApp({
    env: {
      get SMTP_URL() {
        return `smtp://127.0.0.1:${port}`;
      },
    },
  });
  describe('started beside the app', () => {
    let runner: JobRunner;
    beforeAll(async () => {
      runner = await startJobRunner({
        ctx: t.ctx,
        database: t.database,
        store: t.database.jobStore,
        log: silent,
        emailPassSeconds: 1,
      });
      t.ctx.jobs = runner;
    });
    afterAll(async () => {
      await runner?.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    it('delivers an email a notice enqueued within a few seconds', async () => {
      await t.ctx.mailer.enqueue(t.ctx.db, [{ to: 'ifeoma@example.ng', subject: 'Fee approved', text: 'Hello' }]);
      await until(async () => received.includes('ifeoma@example.ng'), 8000);
    });

    it("checks a parent's reminders when they sign in, and only theirs", async () => {
      const { student, parent, fee } = await aStudentOwing(t);
      const signedIn = await login(t, parent.email);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      await until(async () => (await reminderTo(t, fee.id, parent.id)).some((row) => row.sent), 8000);
      const [reminder] = await reminderTo(t, fee.id, parent.id);
      expect(reminder?.stage).toBe('urgent');
      expect(await reminderTo(t, fee.id, student.id)).toEqual([]);
    });

    it('runs the hourly reminder job when asked, and reports its queues', async () => {
      const { student, fee } = await aStudentOwing(t);
      await runner.trigger('reminders.run');
      await until(async () => (await reminderTo(t, fee.id, student.id)).some((row) => row.sent), 15_000);
      const status = await runner.status();
      expect(status.map((queue) => queue.name).sort()).toEqual([
        'adjustments.late-fees',
        'adjustments.rules',
        'backups.run',
        'books.integrity',
        'email.deliver',
        'messages.deliver',
        'notifications.prune',
        'payments.reconcile',
        'reminders.run',
        'reminders.user',
        'reports.generate',
        'reports.schedule',
        'settlements.fetch',
        'system-logs.prune',
        'tills.alerts',
        'virtual-accounts.requery',
        'webhooks.recorded',
      ]);
      expect(status.find((queue) => queue.name === 'reminders.run')).toMatchObject({ failed: 0 });
    });

    it('applies a scholarship rule soon after a second person approves it', async () => {
      const ids = await loadPaymentIds(t);
      const created = await call(t, 'admin', 'POST', '/fee/create', {
        term_id: ids.term,
        school_id: ids.school,
        name: 'Library levy',
        description: 'Test',
        type: 'library',
        amount: '2000',
        appliesTo: 'students',
        student_ids: [ids.student],
        isApproved: true,
      });
      expect(created.statusCode, created.body).toBe(200);
      const feeId = created.json().data._id as string;
      const proposed = await call(t, 'bursar', 'POST', '/adjustment-rules', {
        school_id: ids.school,
        kind: 'scholarship',
        name: 'Reading scholarship',
        fee_types: ['library'],
        basis: 'fixed',
        amount: 500,
        student_ids: [ids.student],
      });
      expect(proposed.statusCode, proposed.body).toBe(200);
      const approved = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/adjustment-rules/${proposed.json().data._id}/decision`,
        headers: await t.as('principal'),
        payload: { status: 'approved' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const made = () =>
        t.ctx.db
          .select({ amountKobo: feeAdjustments.amountKobo })
          .from(feeAdjustments)
          .where(and(eq(feeAdjustments.feeId, feeId), eq(feeAdjustments.studentId, ids.student)));
      await until(async () => (await made()).length > 0, 15_000);
      expect(await made()).toEqual([{ amountKobo: 50_000n }]);
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two runners on one PostgreSQL database', () => {
  const t = useTestApp();
  const runners: JobRunner[] = [];
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
  });

  it('run a job both of them ask for once', async () => {
    const { student, fee } = await aStudentOwing(t);
    runners.push(
      ...(await Promise.all(
        [1, 2].map(() =>
          startJobRunner({
            ctx: t.ctx,
            database: t.database,
            store: t.database.jobStore,
            log: silent,
            emailPassSeconds: 0,
          }),
        ),
      )),
    );
    await Promise.all(runners.map((runner) => runner.trigger('reminders.run')));
    await until(async () => (await reminderTo(t, fee.id, student.id)).some((row) => row.sent), 15_000);
    // pg-boss's own table: every job ever made for the queue, whichever runner made or ran it.
    const jobs = async () =>
      (
        (await t.ctx.db.execute(sql`select state from pgboss.job where name = 'reminders.run'`)) as unknown as {
          rows: { state: string }[];
        }
      ).rows.map((row) => row.state);
    await until(async () => (await jobs()).every((state) => state === 'completed'), 10_000);
    expect(await jobs()).toEqual(['completed']);
  });
});

import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, loginAttempts, parentStudents, users } from '../src/db/schema.js';
import { runReminders } from '../src/modules/fees/reminders.service.js';
import { aClassArm, aFee, aParent, aSchool, aSession, aStudent, aTerm } from './builders.js';
import { DEMO_PASSWORD, demoEmail, insertUser, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/*
 * Issue 13 item 2, beyond one call per route: what a sign-in, a lockout, an export, a download
 * and a reminder run leave on the trail, with who, from where and how much.
 */

// 09:00 in Lagos on a school day; the reminder test counts days from here.
const now = new Date('2026-03-01T08:00:00Z');
const t = useTestApp({ clock: () => now });
const FROM = { remoteAddress: '10.20.30.40', headers: { 'user-agent': 'Bursary PC (audit test)' } };

let ids: PaymentIds;
beforeAll(async () => {
  ids = await loadPaymentIds(t);
});

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: FROM.remoteAddress,
    headers: FROM.headers,
    payload: { email, password },
  });

/** Audit rows about one email's sign-ins, oldest first. */
async function signInRows(email: string) {
  const rows = await t.ctx.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.entity, 'session'))
    .orderBy(auditLogs.createdAt);
  return rows.filter((row) => (row.after as { email?: string } | null)?.email === email);
}

describe('sign-in, failure and lockout on the trail', () => {
  it('records a sign-in with the session it opened, and a failure with the reason, both from the caller', async () => {
    const email = `audit-signin-${Date.now()}@example.ng`;
    const user = await insertUser(t, { email });

    const wrong = await signIn(email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    const unknown = await signIn(`nobody-${Date.now()}@example.ng`, 'whatever-it-is');
    expect(unknown.statusCode).toBe(401);
    const right = await signIn(email, DEMO_PASSWORD);
    expect(right.statusCode, right.body).toBe(200);

    const rows = await signInRows(email);
    expect(
      rows.map((row) => ({
        action: row.action,
        actorId: row.actorId,
        schoolId: row.schoolId,
        category: row.category,
        severity: row.severity,
        ip: row.ip,
        userAgent: row.userAgent,
        reason: (row.after as { reason: string | null }).reason,
      })),
    ).toEqual([
      {
        action: 'auth.login_failed',
        // Nobody is signed in yet: the account tried is in `after`, not the actor.
        actorId: null,
        schoolId: user.schoolId,
        category: 'security',
        severity: 'high',
        ip: FROM.remoteAddress,
        userAgent: FROM.headers['user-agent'],
        reason: 'bad_password',
      },
      {
        action: 'auth.login',
        actorId: user.id,
        schoolId: user.schoolId,
        category: 'security',
        severity: 'medium',
        ip: FROM.remoteAddress,
        userAgent: FROM.headers['user-agent'],
        reason: null,
      },
    ]);
    expect((rows[0]!.after as { userId: string }).userId).toBe(user.id);
    // The session row names the sign-in it opened: the refresh token family.
    expect(rows[1]!.entityId).toMatch(/^[0-9a-f-]{36}$/);

    // An unknown address is a failure too, on the platform's chain since it belongs to no school.
    const platform = (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.login_failed'))).filter(
      (row) => row.schoolId === null,
    );
    expect(platform.map((row) => (row.after as { reason: string }).reason)).toContain('unknown_email');

    // The attempts table, which counts towards the lockout, keeps its rows as before.
    const attempts = await t.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, email));
    expect(attempts.map((attempt) => attempt.success).sort()).toEqual([false, true]);
  });

  it('records the lockout once, as critical, when the failures reach the limit, then each refused try', async () => {
    const email = `audit-lockout-${Date.now()}@example.ng`;
    const user = await insertUser(t, { email });
    const limit = t.ctx.config.settingsDefaults.security.loginMaxAttempts;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await signIn(email, 'not-the-password')).statusCode).toBe(401);
    }
    const locked = await signIn(email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(423);

    const lockouts = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.lockout'), eq(auditLogs.entityId, user.id)));
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({
      entity: 'user',
      schoolId: user.schoolId,
      category: 'security',
      severity: 'critical',
      ip: FROM.remoteAddress,
      after: { email, failedAttempts: limit },
    });
    const reasons = (await signInRows(email)).map((row) => (row.after as { reason: string }).reason);
    expect(reasons).toEqual([...Array(limit - 1).fill('bad_password'), 'bad_password_locked', 'locked']);
  });
});

describe('personal data and money documents leaving the app', () => {
  async function latest(action: string, entity: string) {
    const [row] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.entity, entity)))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.seq));
    return row;
  }
  const lines = (csv: string) => csv.trim().split('\n').length - 1;

  it('records a users export with its filters and how many people it held', async () => {
    const response = await call(t, 'ict', 'GET', '/user/export?role=Bursar');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const row = await latest('export', 'user');
    expect(row).toMatchObject({
      actorId: (
        await t.ctx.db
          .select()
          .from(users)
          .where(eq(users.email, demoEmail('ict')))
      )[0]!.id,
      schoolId: ids.school,
      severity: 'high',
      after: { format: 'csv', filters: { role: 'Bursar' }, rows: lines(response.body) },
    });
    expect(lines(response.body)).toBeGreaterThan(0);
  });

  it('records a students export in the format asked for', async () => {
    const response = await call(t, 'admin', 'GET', `/students/export?format=xlsx&school=${ids.school}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const csv = await call(t, 'admin', 'GET', `/students/export?school=${ids.school}`);
    const row = await latest('export', 'student');
    expect(row).toMatchObject({
      schoolId: ids.school,
      after: { format: 'csv', filters: { school: ids.school }, rows: lines(csv.body) },
    });
    const formats = (
      await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'export'), eq(auditLogs.entity, 'student')))
    ).map((each) => (each.after as { format: string }).format);
    expect(formats.sort()).toEqual(['csv', 'xlsx']);
  });

  it('records the outstanding report downloaded as CSV, with its term and rows', async () => {
    const response = await call(t, 'bursar', 'GET', `/bursar/outstanding-fees-report/export?term_id=${ids.term}`);
    expect(response.statusCode, response.body).toBe(200);
    const row = await latest('download', 'report');
    expect(row).toMatchObject({
      schoolId: ids.school,
      entityId: ids.term,
      severity: 'low',
      after: { report: 'outstanding_fees', format: 'csv', filters: { term_id: ids.term } },
    });
    // One line per student and a total line under the header.
    expect((row!.after as { rows: number }).rows).toBe(lines(response.body) - 1);
  });

  it('records staff downloading a receipt, not the payer fetching their own', async () => {
    const payment = await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term), '1000', 'bursar');
    const downloads = async () =>
      t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'download'), eq(auditLogs.entityId, payment._id)));

    const own = await call(t, 'student', 'GET', `/payment/${payment._id}/receipt`);
    expect(own.statusCode).toBe(200);
    expect(await downloads()).toEqual([]);

    const staff = await call(t, 'bursar', 'GET', `/payment/${payment._id}/receipt?format=80mm`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    const rows = await downloads();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'receipt',
      schoolId: ids.school,
      category: 'financial',
      after: { receiptNo: payment.receiptNo, format: '80mm' },
    });
  });
});

describe('the reminder job on the trail', () => {
  /** A new school whose student and parent owe a fee due in four days. */
  async function aSchoolOwing() {
    const school = await aSchool(t);
    const session = await aSession(t, { school_id: school.id });
    const term = await aTerm(t, { session: session.id });
    const arm = await aClassArm(t, { school_id: school.id });
    const student = await aStudent(t, { school_id: school.id, classArm_id: arm.id });
    const parent = await aParent(t, school.id);
    await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: student.id, schoolId: school.id });
    await aFee(t, { school_id: school.id, term_id: term.id, dueDate: '2026-03-05', isApproved: true });
    return school.id;
  }
  const summaries = (schoolIds: string[]) =>
    t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'reminders.sent'), inArray(auditLogs.schoolId, schoolIds)));

  it('writes one summary row per school and run, not one per reminder', async () => {
    const schools = [await aSchoolOwing(), await aSchoolOwing()];
    const first = await runReminders(t.ctx, { now });
    expect(first.sent).toBeGreaterThanOrEqual(4);

    const rows = await summaries(schools);
    expect(rows.map((row) => row.schoolId).sort()).toEqual([...schools].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        actorId: null,
        entity: 'payment_reminder',
        after: { trigger: 'schedule', sent: 2, stages: { due_soon: 2 } },
      });
    }

    // Nothing new to send: the next run leaves no row for these schools.
    await runReminders(t.ctx, { now });
    expect(await summaries(schools)).toHaveLength(2);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classArms, notificationPreferences } from '../src/db/schema.js';
import { studentFileCsv as csvOf, studentFileRow } from './builders.js';
import { insertUser, login, multipart, useTestApp } from './helper.js';
import { emailsTo, noticesOf, switchEmailOff, userByEmail } from './notify-support.js';
import { call, loadPaymentIds, type PaymentIds } from './payments-support.js';

describe('account events: a new account hears how to sign in; a locked account hears why and what to do', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let signIn = '';

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    signIn = `${t.ctx.config.appUrl}/login`;
  });

  it('a user created by staff is told where and with which email to sign in, never the password', async () => {
    const created = await call(t, 'admin', 'POST', '/user/create', {
      firstname: 'Kemi',
      lastname: 'Adeyemi',
      email: 'kemi.bursar@example.ng',
      roles: ['Bursar'],
      school_id: ids.school,
      password: 'chosen-by-the-admin',
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = await userByEmail(t, 'kemi.bursar@example.ng');

    const notices = await noticesOf(t, user.id, 'account_created');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'info',
      title: 'Your SchoolLedger account is ready',
      actionUrl: '/login',
    });
    expect(notices[0]!.message).toContain(signIn);
    expect(notices[0]!.message).toContain('kemi.bursar@example.ng');
    expect(notices[0]!.message).toContain('Your administrator will give you your first password');

    const emails = await emailsTo(t, 'kemi.bursar@example.ng');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Your SchoolLedger account is ready');
    expect(emails[0]!.text).toContain(signIn);
    expect(emails[0]!.text).toContain('Dear Kemi');
    for (const part of [emails[0]!.text, emails[0]!.html ?? '', notices[0]!.message]) {
      expect(part).not.toContain('chosen-by-the-admin');
    }
  });

  it('an enrolled student is told the first-password rule of SPEC §9 and that it must be changed', async () => {
    const [arm] = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.school)).limit(1);
    const created = await call(t, 'admin', 'POST', '/students', {
      firstname: 'Temilade',
      lastname: 'Ogunbanjo',
      email: 'temilade.new@example.ng',
      phone: '08031112222',
      DOB: '2013-04-21',
      gender: 'Female',
      regNo: 'CVC/2025/7001',
      address: { street: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '100271' },
      school_id: ids.school,
      classArm_id: arm!.id,
      type: 'day',
      expectedGraduationYear: 2031,
      guardian: { name: 'Bukola Ogunbanjo', relationship: 'Mother', phone: '08035556666' },
      emergencyContact: { name: 'Kunle Ogunbanjo', relationship: 'Uncle', phone: '08037778888' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const student = await userByEmail(t, 'temilade.new@example.ng');
    const notices = await noticesOf(t, student.id, 'account_created');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain(
      'Your first password is your first name in lower case followed by your registration number',
    );
    expect(notices[0]!.message).toContain('choose your own password at your first sign-in');
    const emails = await emailsTo(t, 'temilade.new@example.ng');
    expect(emails.map((email) => email.subject)).toEqual(['Your SchoolLedger account is ready']);
    expect(emails[0]!.text).toContain(signIn);
    expect(emails[0]!.text).toContain('temilade.new@example.ng');
    // The rule, as the notice words it, lets the student in.
    expect((await login(t, 'temilade.new@example.ng', 'temiladeCVC/2025/7001')).statusCode).toBe(200);
  });

  it('an import welcomes every student it created, each once', async () => {
    const rows = [1, 2, 3].map((n) => studentFileRow(n, { 'Class Arm': 'JSS 2B' }));
    const form = await multipart({ school_id: ids.school }, [
      { field: 'file', filename: 'students.csv', contentType: 'text/csv', content: csvOf(rows) },
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/students/import',
      headers: { ...(await t.as('admin')), ...form.headers },
      payload: form.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const each of rows) {
      const student = await userByEmail(t, each.Email);
      const notices = await noticesOf(t, student.id, 'account_created');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.message).toContain('the email address this message was sent to');
      expect((await emailsTo(t, each.Email)).map((email) => email.subject)).toEqual([
        'Your SchoolLedger account is ready',
      ]);
    }
  });

  it('the fifth failed sign-in locks the account and warns its owner, by email even if they switched it off', async () => {
    const email = 'locked.out@example.ng';
    await insertUser(t, { email, schoolId: ids.school });
    const owner = await userByEmail(t, email);
    // Account safety is not optional: a preference row cannot silence it.
    await switchEmailOff(t, owner.id, 'account_locked');
    await t.ctx.db
      .update(notificationPreferences)
      .set({ inApp: false })
      .where(eq(notificationPreferences.userId, owner.id));

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(t, email, 'wrong-password')).statusCode).toBe(401);
    }
    expect(await noticesOf(t, owner.id, 'account_locked')).toHaveLength(0);
    expect((await login(t, email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(t, email, 'wrong-password')).statusCode).toBe(423);

    const notices = await noticesOf(t, owner.id, 'account_locked');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'warning',
      title: 'Your account was locked',
      actionUrl: '/forgot-password',
    });
    expect(notices[0]!.message).toContain('locked for 15 minutes');
    expect(notices[0]!.message).toContain('reset your password');
    const emails = await emailsTo(t, email);
    expect(emails).toHaveLength(1);
    // Not one of the kinds sent in bulk: it goes before an hourly run's reminders.
    expect(emails[0]).toMatchObject({ subject: 'Your account was locked', kind: 'account_locked' });
    expect(emails[0]!.text).toContain('/forgot-password');
  });
});

import { randomUUID } from 'node:crypto';
import { MSG, todayIn } from '@schoolledger/domain';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs, emailOutbox, groupSchools, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import {
  bearer,
  DEMO_PASSWORD,
  demoEmail,
  FIRST_SCHOOL,
  insertUser,
  login,
  SECOND_SCHOOL,
  useTestApp,
} from './helper.js';
import { pdfText } from './pdf-text.js';

const squash = (text: string) => text.replace(/\s+/g, '');

describe('General Settings: read, saved per level, audited', () => {
  const t = useTestApp();
  const ids = { first: '', second: '', foreign: '' };

  beforeAll(async () => {
    const [first] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.first = first!.id;
    ids.second = second!.id;
    const [group] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Other Group', description: 'Another group on the same installation' })
      .returning();
    const [foreign] = await t.ctx.db
      .insert(schools)
      .values({ groupSchoolId: group!.id, name: 'Other College', phoneNumber: '08030000000' })
      .returning();
    ids.foreign = foreign!.id;
  });

  const get = async (who: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/settings${query}`, headers: await t.as(who) });
  const put = async (who: string, section: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/settings/${section}`, headers: await t.as(who), payload });

  it('shows the ICT administrator the defaults of the group, each section editable', async () => {
    const response = await get('ict');
    expect(response.statusCode).toBe(200);
    const { sections } = response.json().data;
    expect(sections.security).toEqual({
      value: { passwordMinLength: 8, sessionTimeoutMinutes: 30, loginMaxAttempts: 5, lockoutMinutes: 15 },
      source: 'default',
      editable: true,
    });
    expect(sections.general.value).toMatchObject({ timezone: 'Africa/Lagos', dateFormat: 'DD/MM/YYYY' });
    expect(sections.backup).toMatchObject({ value: { frequency: 'daily', retentionDays: 30 }, editable: true });
  });

  it('lets a principal read but not save, and keeps a bursar out', async () => {
    const read = await get('principal');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.sections.security.editable).toBe(false);

    const save = await put('principal', 'security', { value: { loginMaxAttempts: 4 } });
    expect(save.statusCode).toBe(403);
    expect(save.json().message).toBe(MSG.notAuthorized);

    const bursar = await get('bursar');
    expect(bursar.statusCode).toBe(403);
    expect(bursar.json().data).toBeNull();
  });

  it('refuses a value outside its bounds, naming the field, and saves nothing', async () => {
    const response = await put('ict', 'security', { value: { sessionTimeoutMinutes: 121 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'value.sessionTimeoutMinutes', message: 'Session timeout must be between 5 and 120' },
    ]);

    const unknown = await put('ict', 'appearance', { value: { accent: 'pink' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([{ field: 'value.accent', message: 'Unknown setting' }]);

    expect((await get('ict')).json().data.sections.security.source).toBe('default');
  });

  it('saves a section for the group, audited with the values before and after', async () => {
    const response = await put('ict', 'security', { value: { sessionTimeoutMinutes: 45 } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Settings saved successfully!');
    expect(response.json().data.sections.security).toMatchObject({
      value: { sessionTimeoutMinutes: 45, loginMaxAttempts: 5 },
      source: 'group',
    });

    const again = await put('ict', 'security', { value: { sessionTimeoutMinutes: 60 } });
    expect(again.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'settings.update'));
    expect(rows.map((row) => [row.entity, row.before, row.after])).toEqual([
      [
        'settings',
        expect.objectContaining({ value: null }),
        expect.objectContaining({ value: { sessionTimeoutMinutes: 45 } }),
      ],
      [
        'settings',
        expect.objectContaining({ section: 'security', value: { sessionTimeoutMinutes: 45 } }),
        expect.objectContaining({ section: 'security', value: { sessionTimeoutMinutes: 60 } }),
      ],
    ]);
  });

  it('keeps a school’s own contact details and receipt footer apart from the group’s', async () => {
    const footer = 'Fees once paid are not refundable.';
    const saved = await put('admin', 'general', {
      schoolId: ids.second,
      level: 'school',
      value: { receiptFooter: footer, contactPhone: '0803 555 0100' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.sections.general).toMatchObject({ source: 'school', value: { receiptFooter: footer } });

    const group = await get('ict');
    expect(group.json().data.sections.general).toMatchObject({ source: 'default', value: { receiptFooter: null } });

    const timezone = await put('admin', 'general', {
      schoolId: ids.second,
      level: 'school',
      value: { timezone: 'UTC' },
    });
    expect(timezone.statusCode).toBe(422);
    expect(timezone.json().errors[0].field).toBe('value.timezone');

    const security = await put('admin', 'security', {
      schoolId: ids.second,
      level: 'school',
      value: { lockoutMinutes: 5 },
    });
    expect(security.statusCode).toBe(422);
    expect(security.json().errors[0].field).toBe('level');
  });

  it('answers 404 for a school outside the caller’s own, reading or saving', async () => {
    const sibling = await get('ict', `?schoolId=${ids.second}`);
    expect(sibling.statusCode).toBe(404);
    expect(sibling.json().data).toBeNull();

    const read = await get('ict', `?schoolId=${ids.foreign}`);
    expect(read.statusCode).toBe(404);
    expect(read.json().data).toBeNull();
    const save = await put('ict', 'general', { schoolId: ids.foreign, level: 'school', value: { receiptFooter: 'x' } });
    expect(save.statusCode).toBe(404);
    expect(save.json().data).toBeNull();
  });

  it('saves backup for the whole installation and gives the super-admin a school’s group', async () => {
    const backup = await put('ict', 'backup', { value: { frequency: 'weekly', retentionDays: 14 } });
    expect(backup.statusCode).toBe(200);
    expect(backup.json().data.sections.backup).toMatchObject({ source: 'deployment', value: { frequency: 'weekly' } });

    const admin = await get('admin', `?schoolId=${ids.first}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.sections.security).toMatchObject({
      source: 'group',
      value: { sessionTimeoutMinutes: 60 },
    });
    expect(admin.json().data.sections.backup.value).toEqual({ frequency: 'weekly', retentionDays: 14 });
  });

  it('tells any signed-in browser its timeout, password minimum and display choices', async () => {
    const appearance = await put('ict', 'appearance', { value: { defaultTheme: 'dark', wholeNaira: true } });
    expect(appearance.statusCode).toBe(200);

    const student = await t.app.inject({ method: 'GET', url: '/api/v1/settings/mine', headers: await t.as('student') });
    expect(student.statusCode).toBe(200);
    expect(student.json().data).toMatchObject({
      sessionTimeoutMinutes: 60,
      passwordMinLength: 8,
      defaultTheme: 'dark',
      wholeNaira: true,
      dateFormat: 'DD/MM/YYYY',
    });

    const superAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/v1/settings/mine',
      headers: await t.as('admin'),
    });
    expect(superAdmin.json().data).toMatchObject({
      sessionTimeoutMinutes: 30,
      defaultTheme: 'system',
      wholeNaira: false,
    });
  });

  it('locks an account after the group’s number of wrong passwords, for the group’s minutes', async () => {
    const email = `lock-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email, roles: ['Bursar'] });
    expect((await put('ict', 'security', { value: { loginMaxAttempts: 3, lockoutMinutes: 2 } })).statusCode).toBe(200);

    for (const attempt of [1, 2]) {
      const wrong = await login(t, email, `wrong-password-${attempt}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(MSG.invalidCredentials);
    }
    // The lock starts during the third attempt, however long a busy machine takes over it.
    const before = new Date();
    expect((await login(t, email, 'wrong-password-3')).statusCode).toBe(401);
    const after = new Date();
    const locked = await login(t, email);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe(MSG.accountLocked);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    const twoMinutes = 2 * 60_000;
    expect(row!.lockedUntil!.getTime()).toBeGreaterThanOrEqual(before.getTime() + twoMinutes);
    expect(row!.lockedUntil!.getTime()).toBeLessThanOrEqual(after.getTime() + twoMinutes);
  });

  it('keeps the default lockout for an email nobody has', async () => {
    const response = await login(t, 'nobody-here@example.test', 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MSG.invalidCredentials);
  });

  it('refuses a new password shorter than the group’s minimum when changed or given to a new user', async () => {
    expect((await put('ict', 'security', { value: { passwordMinLength: 12 } })).statusCode).toBe(200);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/change-password',
      headers: await t.as('headteacher'),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'elevenchars' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 12 characters' },
    ]);

    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/create',
      headers: await t.as('ict'),
      payload: {
        firstname: 'Bola',
        lastname: 'Ajayi',
        email: `short-${randomUUID().slice(0, 8)}@example.test`,
        roles: ['Headteacher'],
        password: 'elevenchars',
        school_id: ids.first,
      },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual([{ field: 'password', message: 'Password must be at least 12 characters' }]);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: demoEmail('principal2') },
    });
    // The reset email is written once the answer has gone.
    const token = await vi.waitFor(async () => {
      const [mail] = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, demoEmail('principal2')))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      const link = mail?.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1];
      expect(link).toBeDefined();
      return link;
    });
    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password } });
    const shortReset = await reset('elevenchars');
    expect(shortReset.statusCode).toBe(422);
    expect(shortReset.json().errors).toEqual([
      { field: 'password', message: 'Password must be at least 12 characters' },
    ]);
    // The refused try leaves the link usable.
    expect((await reset('a-twelve-char-password')).statusCode).toBe(200);

    const long = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/change-password',
      headers: await t.as('headteacher'),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'twelve-chars' },
    });
    expect(long.statusCode).toBe(200);
    expect(long.json().success).toBe(true);
  });

  it('gives people who never chose the group’s notification defaults, and keeps their own choice', async () => {
    const defaults = (await get('ict')).json().data.sections.notifications.value.defaults as {
      kind: string;
      inApp: boolean;
      email: boolean;
    }[];
    const changed = defaults.map((each) => (each.kind === 'fee_approved' ? { ...each, email: false } : each));
    expect((await put('ict', 'notifications', { value: { defaults: changed } })).statusCode).toBe(200);

    const preferences = async (who: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/notification/preferences',
        headers: await t.as(who),
      });
      expect(response.statusCode).toBe(200);
      return response.json().data.preferences as { kind: string; inApp: boolean; email: boolean }[];
    };
    expect((await preferences('bursar')).find((each) => each.kind === 'fee_approved')).toEqual({
      kind: 'fee_approved',
      inApp: true,
      email: false,
    });

    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification/preferences',
      headers: await t.as('auditor'),
      payload: { preferences: [{ kind: 'fee_approved', inApp: true, email: true }] },
    });
    expect(own.statusCode).toBe(200);
    expect((await preferences('auditor')).find((each) => each.kind === 'fee_approved')?.email).toBe(true);
  });

  it('prints the school’s contact details and receipt footer on its PDF receipts', async () => {
    const footer = 'Thank you for choosing Crestview. Fees are not refundable.';
    const saved = await put('ict', 'general', {
      schoolId: ids.first,
      level: 'school',
      value: { receiptFooter: footer, contactEmail: 'bursary@ikeja.crestview.edu.ng' },
    });
    expect(saved.statusCode).toBe(200);

    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    const term = await defaultTermOf(t.ctx.db, ids.first, todayIn('Africa/Lagos', new Date()));
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: await t.as('admin'),
      payload: {
        term_id: term,
        school_id: ids.first,
        name: `Receipt footer fee ${randomUUID().slice(0, 6)}`,
        description: 'Test',
        type: 'tuition',
        amount: '1500',
        isApproved: true,
      },
    });
    expect(fee.statusCode, fee.body).toBe(200);
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
      payload: { user_id: student!.id, fee_id: fee.json().data._id, amount: '1500' },
    });
    expect(cash.statusCode, cash.body).toBe(200);

    const onScreen = async (who: string, schoolId: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/settings/receipt?schoolId=${schoolId}`, headers: await t.as(who) });
    const printed = await onScreen('bursar', ids.first);
    expect(printed.statusCode).toBe(200);
    expect(printed.json().data).toEqual({
      contact: expect.stringContaining('bursary@ikeja.crestview.edu.ng'),
      footer,
    });
    expect((await onScreen('bursar', ids.second)).statusCode).toBe(404);
    expect((await onScreen('student', ids.first)).statusCode).toBe(403);

    for (const format of ['a4', '80mm']) {
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/v1/payment/${cash.json().data.payment._id}/receipt?format=${format}`,
        headers: await t.as('bursar'),
      });
      expect(receipt.statusCode).toBe(200);
      const text = squash(pdfText(receipt.rawPayload));
      expect(text).toContain(squash(footer));
      expect(text).toContain('bursary@ikeja.crestview.edu.ng');
    }
  });
});

describe('Session idle timeout', () => {
  let now = new Date('2026-03-02T08:00:00Z');
  const t = useTestApp({ clock: () => now });
  const minutes = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

  it('refreshes a session used within the timeout, and refuses one idle for longer', async () => {
    const signedIn = await login(t, demoEmail('bursar'));
    expect(signedIn.statusCode).toBe(200);

    // Idle is counted from the session's last request (here the sign-in), whatever the access token's life.
    minutes(29);
    const kept = await refresh(signedIn.json().data.refreshToken);
    expect(kept.statusCode).toBe(200);

    minutes(31);
    const idle = await refresh(kept.json().data.refreshToken);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ message: MSG.sessionExpired, code: 'SESSION_IDLE', data: null });

    // The whole sign-in is over: its access token no longer works either.
    const access = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: bearer(kept.json().data.token),
    });
    expect(access.statusCode).toBe(401);
  });

  it('follows the group’s timeout once the ICT administrator shortens it', async () => {
    const ict = await login(t, demoEmail('ict'));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/security',
      headers: bearer(ict.json().data.token),
      payload: { value: { sessionTimeoutMinutes: 5 } },
    });
    expect(saved.statusCode).toBe(200);

    const signedIn = await login(t, demoEmail('auditor'));
    minutes(6);
    const idle = await refresh(signedIn.json().data.refreshToken);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(MSG.sessionExpired);
  });
});

import { randomUUID } from 'node:crypto';
import { NOTIFICATION_KINDS } from '@schoolledger/domain';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, schools, users } from '../src/db/schema.js';
import { notify } from '../src/modules/notifications/notifications.service.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, type TestApp, useTestApp } from './helper.js';
import { emailsTo } from './notify-support.js';

const NOT_FOUND = { success: false, message: 'Resource not found', data: null, code: 'NOT_FOUND' };

async function idOf(t: TestApp, name: string) {
  const [row] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail(name)));
  return row!.id;
}

async function schoolIdOf(t: TestApp, name: string) {
  const [row] = await t.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, name));
  return row!.id;
}

describe('my notifications', () => {
  const t = useTestApp();
  const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });
  const titles = (body: { data: { notifications: { title: string }[] } }) =>
    body.data.notifications.map((notice) => notice.title);

  beforeAll(async () => {
    const headteacher = await idOf(t, 'headteacher');
    const principal = await idOf(t, 'principal');
    // Oldest first: a fee notice, three announcements, a payment; and one for someone else.
    for (const [kind, title] of [
      ['fee_assigned', 'Fee 1'],
      ['system', 'News 1'],
      ['system', 'News 2'],
      ['system', 'News 3'],
      ['payment_succeeded', 'Payment 1'],
    ] as const) {
      await t.ctx.db.transaction((tx) =>
        notify(tx, t.ctx, [headteacher], { kind, type: 'info', title, message: `${title} body` }),
      );
    }
    await t.ctx.db.transaction((tx) =>
      notify(tx, t.ctx, [principal], { kind: 'system', type: 'info', title: 'Not yours', message: 'x' }),
    );
  });

  it('lists my own notices newest first, paged, with the tab counts whatever the filter', async () => {
    const all = await call('headteacher', 'GET', '/notification');
    expect(all.statusCode, all.body).toBe(200);
    expect(titles(all.json())).toEqual(['Payment 1', 'News 3', 'News 2', 'News 1', 'Fee 1']);
    expect(all.json().data.counts).toEqual({ all: 5, unread: 5, payments: 2 });
    expect(all.json().data.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });

    const page2 = await call('headteacher', 'GET', '/notification?limit=2&page=2');
    expect(titles(page2.json())).toEqual(['News 2', 'News 1']);
    expect(page2.json().data.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3 });

    const payments = await call('headteacher', 'GET', '/notification?payments_only=true');
    expect(titles(payments.json())).toEqual(['Payment 1', 'Fee 1']);
    expect(payments.json().data.pagination.total).toBe(2);
    expect(payments.json().data.counts).toEqual({ all: 5, unread: 5, payments: 2 });

    expect((await call('headteacher', 'GET', '/notification?limit=101')).statusCode).toBe(422);
  });

  it("marks one read, then all; unread counts follow and another person's notice is not found", async () => {
    const list = (await call('headteacher', 'GET', '/notification')).json().data.notifications;
    const news2 = list.find((notice: { title: string }) => notice.title === 'News 2');
    const read = await call('headteacher', 'POST', `/notification/${news2._id}/mark-read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ _id: news2._id, read: true, title: 'News 2' });
    expect((await call('headteacher', 'GET', '/notification/unread-count')).json().data).toEqual({ count: 4 });

    const unread = await call('headteacher', 'GET', '/notification?unread_only=true');
    expect(titles(unread.json())).toEqual(['Payment 1', 'News 3', 'News 1', 'Fee 1']);
    expect(unread.json().data.counts).toEqual({ all: 5, unread: 4, payments: 2 });

    const [theirs] = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.title, 'Not yours'));
    for (const url of [`/notification/${theirs!.id}/mark-read`, `/notification/${randomUUID()}/mark-read`]) {
      const refused = await call('headteacher', 'POST', url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(NOT_FOUND);
    }
    expect((await call('principal', 'GET', '/notification/unread-count')).json().data).toEqual({ count: 1 });

    const all = await call('headteacher', 'POST', '/notification/mark-all-read');
    expect(all.json()).toMatchObject({
      success: true,
      message: 'All notifications marked as read',
      data: { count: 4 },
    });
    expect((await call('headteacher', 'POST', '/notification/mark-all-read')).json().data).toEqual({ count: 0 });
    expect((await call('headteacher', 'GET', '/notification/unread-count')).json().data).toEqual({ count: 0 });
    expect((await call('principal', 'GET', '/notification/unread-count')).json().data).toEqual({ count: 1 });
  });

  it('answers as its OpenAPI document says', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, 'openapi');
    for (const [method, path, url] of [
      ['get', '/api/v1/notification', '/notification?limit=3'],
      ['get', '/api/v1/notification/unread-count', '/notification/unread-count'],
      ['get', '/api/v1/notification/preferences', '/notification/preferences'],
      ['post', '/api/v1/notification/stream-ticket', '/notification/stream-ticket'],
    ] as const) {
      const response = await call('headteacher', method.toUpperCase() as 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      const pointer = ['paths', path, method, 'responses', '200', 'content', 'application/json', 'schema']
        .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('/');
      const validate = ajv.getSchema(`openapi#/${pointer}`)!;
      expect(validate(response.json()), url).toBe(true);
      expect(validate.errors ?? [], url).toEqual([]);
    }
  });

  it("deletes my own notice and not another person's", async () => {
    const list = (await call('headteacher', 'GET', '/notification')).json().data.notifications;
    const fee = list.find((notice: { title: string }) => notice.title === 'Fee 1');
    const deleted = await call('headteacher', 'DELETE', `/notification/${fee._id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Notification deleted', data: null });
    expect(titles((await call('headteacher', 'GET', '/notification')).json())).toEqual([
      'Payment 1',
      'News 3',
      'News 2',
      'News 1',
    ]);
    const [theirs] = await t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.title, 'Not yours'));
    const refused = await call('headteacher', 'DELETE', `/notification/${theirs!.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(NOT_FOUND);
    expect(titles((await call('principal', 'GET', '/notification')).json())).toEqual(['Not yours']);
  });

  it('preferences: every kind on by default; a change is saved, audited and obeyed; account safety cannot be switched off', async () => {
    const initial = await call('parent', 'GET', '/notification/preferences');
    expect(initial.statusCode, initial.body).toBe(200);
    const preferences = initial.json().data.preferences as { kind: string; inApp: boolean; email: boolean }[];
    expect(preferences).toHaveLength(NOTIFICATION_KINDS.length);
    expect(preferences.filter((each) => !each.inApp || !each.email)).toEqual([]);

    const saved = await call('parent', 'PUT', '/notification/preferences', {
      preferences: [{ kind: 'system', inApp: false, email: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Notification preferences updated');
    expect(saved.json().data.preferences.find((each: { kind: string }) => each.kind === 'system')).toEqual({
      kind: 'system',
      inApp: false,
      email: false,
      // Announcements go by phone too; left out of the save, SMS and WhatsApp stay as they were.
      sms: true,
      whatsapp: true,
    });
    const reread = (await call('parent', 'GET', '/notification/preferences')).json().data.preferences;
    expect(reread.filter((each: { inApp: boolean }) => !each.inApp).map((each: { kind: string }) => each.kind)).toEqual(
      ['system'],
    );
    const parentId = await idOf(t, 'parent');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'notification_preferences'), eq(auditLogs.entityId, parentId)));
    expect(audit?.after).toEqual([{ kind: 'system', inApp: false, email: false }]);

    const sent = await call('admin', 'POST', '/notification/system', {
      userId: parentId,
      title: 'Switched off',
      message: 'The parent chose not to get these',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(titles((await call('parent', 'GET', '/notification')).json())).toEqual([]);

    const refused = await call('parent', 'PUT', '/notification/preferences', {
      preferences: [
        { kind: 'refund', inApp: false, email: true },
        { kind: 'account_locked', inApp: true, email: false },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      {
        field: 'preferences.1',
        message: 'Account locked notices concern the safety of your account and cannot be switched off',
      },
    ]);
    const unchanged = (await call('parent', 'GET', '/notification/preferences')).json().data.preferences;
    expect(unchanged.find((each: { kind: string }) => each.kind === 'refund')).toEqual({
      kind: 'refund',
      inApp: true,
      email: true,
      sms: true,
      whatsapp: true,
    });
  });
});

describe('system and bulk notices', () => {
  const t = useTestApp();
  const call = async (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });
  const notice = { title: 'Mid-term break', message: 'School resumes on Monday', type: 'info' };

  it('a title with <script> comes back as text, and its email escapes it', async () => {
    const studentId = await idOf(t, 'student');
    const title = '<script>alert("fees")</script> Term notice';
    const message = 'Pay by Friday <script>steal()</script>';
    const sent = await call('admin', 'POST', '/notification/system', {
      userId: studentId,
      title,
      message,
      type: 'warning',
      actionUrl: '/student/fees',
      metadata: { feeId: 'FEE-1', colour: 'ignored' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'Notification sent', data: { recipients: 1 } });

    const [mine] = (await call('student', 'GET', '/notification')).json().data.notifications;
    expect(mine).toMatchObject({ title, message, type: 'warning', kind: 'system', metadata: { feeId: 'FEE-1' } });
    expect(mine.metadata).toEqual({ feeId: 'FEE-1' });

    const email = (await emailsTo(t, demoEmail('student'))).at(-1);
    expect(email?.templateId).toBe('system_notification');
    expect(email?.html).toContain('Pay by Friday &lt;script&gt;steal()&lt;');
    expect(email?.html).not.toContain('<script');

    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'notification'), eq(auditLogs.action, 'system_send')));
    expect(audit?.after).toEqual({ recipientId: studentId, recipients: 1, notices: 1, emails: 1 });
    expect(JSON.stringify(audit)).not.toContain('Pay by Friday');
  });

  it('reaches only people in the sender’s schools; others are not found; students may not send', async () => {
    const student = await idOf(t, 'student');
    const outside = await call('principal2', 'POST', '/notification/system', { ...notice, userId: student });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ success: false, message: 'User not found' });
    const forbidden = await call('student', 'POST', '/notification/system', { ...notice, userId: student });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().success).toBe(false);
  });

  it('a bulk notice reaches a role in a school; a school out of scope is not found; chosen people out of scope are named', async () => {
    const ikeja = await schoolIdOf(t, FIRST_SCHOOL);
    const [{ bursars }] = (
      (await t.ctx.db.execute(
        sql`select count(*)::int as bursars from users where school_id = ${ikeja} and 'Bursar' = any(roles) and status = 'active' and deleted_at is null`,
      )) as unknown as { rows: { bursars: number }[] }
    ).rows as [{ bursars: number }];
    expect(bursars).toBeGreaterThan(0);
    const sent = await call('principal', 'POST', '/notification/bulk', { ...notice, role: 'Bursar' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ recipients: bursars });
    expect((await call('bursar', 'GET', '/notification')).json().data.notifications[0]).toMatchObject({
      title: 'Mid-term break',
      kind: 'system',
    });
    expect((await call('auditor', 'GET', '/notification')).json().data.notifications).toEqual([]);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'notification'), eq(auditLogs.action, 'bulk_send')));
    expect(audit?.schoolId).toBe(ikeja);
    expect(audit?.after).toMatchObject({ recipients: bursars, schoolIds: [ikeja] });

    const otherSchool = await call('principal2', 'POST', '/notification/bulk', { ...notice, schoolId: ikeja });
    expect(otherSchool.statusCode).toBe(404);
    expect(otherSchool.json().message).toBe('School not found');

    const principal2 = await idOf(t, 'principal2');
    const student = await idOf(t, 'student');
    const mixed = await call('principal2', 'POST', '/notification/bulk', { ...notice, userIds: [principal2, student] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual([
      { field: 'userIds.1', message: `No one with id ${student} can be notified by you with these choices` },
    ]);
    const badRole = await call('principal', 'POST', '/notification/bulk', { ...notice, role: 'Janitor' });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().errors[0].field).toBe('role');
  });

  it('at most 10 bulk sends reach a school an hour, counting sends across schools; other schools are unaffected', async () => {
    const wuse = await schoolIdOf(t, SECOND_SCHOOL);
    // One group-wide send reaches Ikeja and Wuse, so it counts against both.
    const groupWide = await call('proprietor', 'POST', '/notification/bulk', { ...notice, role: 'Principal' });
    expect(groupWide.statusCode, groupWide.body).toBe(200);
    expect(groupWide.json().data.recipients).toBe(2);
    for (let send = 2; send <= 10; send++) {
      const response = await call('principal2', 'POST', '/notification/bulk', {
        ...notice,
        schoolId: wuse,
        role: 'Principal',
      });
      expect(response.statusCode, `send ${send}: ${response.body}`).toBe(200);
    }
    const eleventh = await call('principal2', 'POST', '/notification/bulk', {
      ...notice,
      schoolId: wuse,
      role: 'Principal',
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      success: false,
      message:
        'Crestview College, Wuse has already had 10 bulk notifications in the last hour, the most allowed. Please try again later.',
      data: null,
      code: 'RATE_LIMITED',
    });
    const acrossBoth = await call('proprietor', 'POST', '/notification/bulk', { ...notice, role: 'Principal' });
    expect(acrossBoth.statusCode).toBe(429);
    const ikejaOnly = await call('principal', 'POST', '/notification/bulk', { ...notice, role: 'Auditor' });
    expect(ikejaOnly.statusCode, ikejaOnly.body).toBe(200);
    expect(ikejaOnly.json().data.recipients).toBeGreaterThan(0);
  });

  it('refuses an audience above 5,000 people with a clear message, sending nothing', async () => {
    const ikeja = await schoolIdOf(t, FIRST_SCHOOL);
    await t.ctx.db.execute(sql`
      insert into users (school_id, firstname, lastname, email, roles)
      select ${ikeja}, 'Crowd', 'Member' || g, 'crowd' || g || '@crowd.schoolledger.ng', array['Parent']
      from generate_series(1, 5001) g`);
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const response = await call('admin', 'POST', '/notification/bulk', { ...notice, schoolId: ikeja, role: 'Parent' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'A bulk notification can reach at most 5,000 people; choose a school or a role to narrow it',
    );
    const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(after).toEqual(before);
  });
});

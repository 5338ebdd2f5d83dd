import { randomUUID } from 'node:crypto';
import { DEFAULT_MESSAGING_SETTINGS, type MessagingSummary, monthOfLagos } from '@schoolledger/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupSchools, messageOutbox, messageSpend, schoolMessagingSettings, schools } from '../src/db/schema.js';
import type { StoredMessaging } from '../src/modules/messaging/messaging-settings.queries.js';
import { aSchool } from './builders.js';
import { bearer, insertUser, login, useTestApp } from './helper.js';
import { bursarOf, call } from './payments-support.js';

type Status = (typeof messageOutbox.$inferInsert)['status'];

/**
 * The month at the top of the Deliveries tab: a school of its own (nothing seeded in it) with
 * messages and spend written straight into the tables, this Lagos month, the month before, and
 * at another school. Every figure below is counted by hand from the rows.
 */
describe('GET /messages/summary: this month’s messages per channel', () => {
  const t = useTestApp();
  const month = monthOfLagos(new Date());
  /** Midnight in Lagos on the 1st: the month's first instant, and one just before it. */
  const monthStart = new Date(`${month}-01T00:00:00+01:00`);
  const lastMonth = monthOfLagos(new Date(monthStart.getTime() - 1));
  const ids = { school: '', other: '' };
  let bursar: { authorization: string };
  let foreignAdmin: { authorization: string };

  async function messages(schoolId: string, channel: 'sms' | 'whatsapp', statuses: Status[], createdAt: Date) {
    await t.ctx.db.insert(messageOutbox).values(
      statuses.map((status) => ({
        schoolId,
        channel,
        kind: 'payment_reminder',
        noticeKey: `summary:${randomUUID()}`,
        toAddress: '2348035550199',
        body: 'Reminder: school fees are due on Friday.',
        status,
        statusReason: status === 'skipped' ? "The school's monthly SMS budget is spent" : null,
        estimatedCostKobo: channel === 'sms' ? 700n : 1_100n,
        createdAt,
      })),
    );
  }

  beforeAll(async () => {
    const school = await aSchool(t, { name: 'Summary Test Academy' });
    const sibling = await aSchool(t, { name: 'Summary Sibling School' });
    ids.school = school.id;
    ids.other = sibling.id;
    bursar = await bursarOf(t, school.id);

    // An administrator of a school in another group.
    const [group] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Summary Other Group', description: 'Not Crestview' })
      .returning();
    const [elsewhere] = await t.ctx.db
      .insert(schools)
      .values({ groupSchoolId: group!.id, name: 'Summary Elsewhere School', phoneNumber: '+2348000000001' })
      .returning();
    const email = `summary-admin-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email, roles: ['Admin'], schoolId: elsewhere!.id });
    const signedIn = await login(t, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    foreignAdmin = bearer(signedIn.json().data.token);

    const thisMonth = new Date(monthStart.getTime() + 60 * 60_000);
    // SMS this month: 13 messages. 3 delivered and 1 read (4 reached the phone), 2 sent with no
    // report yet, 2 failed, 1 skipped for the budget, 4 waiting (queued, held, sending, interrupted).
    await messages(
      ids.school,
      'sms',
      [
        'delivered',
        'delivered',
        'delivered',
        'read',
        'sent',
        'sent',
        'failed',
        'failed',
        'skipped',
        'queued',
        'held',
        'sending',
        'interrupted',
      ],
      thisMonth,
    );
    // WhatsApp this month: 3 messages, 2 read, 1 failed.
    await messages(ids.school, 'whatsapp', ['read', 'read', 'failed'], thisMonth);
    // Last month's messages and another school's are not this month's at this school.
    await messages(ids.school, 'sms', ['delivered', 'failed', 'failed'], new Date(monthStart.getTime() - 60_000));
    await messages(ids.other, 'sms', ['failed', 'delivered'], thisMonth);

    await t.ctx.db.insert(messageSpend).values([
      { schoolId: ids.school, channel: 'sms', month, spentKobo: 842_800n, messages: 10 },
      { schoolId: ids.school, channel: 'sms', month: lastMonth, spentKobo: 99_900n, messages: 3 },
      { schoolId: ids.other, channel: 'whatsapp', month, spentKobo: 5_500n, messages: 5 },
    ]);
    const settings: StoredMessaging = {
      channels: DEFAULT_MESSAGING_SETTINGS.channels,
      monthlyBudgetKobo: { sms: '2000000', whatsapp: null },
      quietHours: null,
      smsSenderId: '',
    };
    await t.ctx.db.insert(schoolMessagingSettings).values({ schoolId: ids.school, settings });
  });

  it('gives a bursar each channel of this Lagos month: counts, the spend and the budget', async () => {
    const response = await call(t, bursar, 'GET', `/messages/summary?schoolId=${ids.school}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().data as MessagingSummary;
    expect(summary).toEqual({
      month,
      channels: {
        sms: {
          messages: 13,
          delivered: 4,
          failed: 2,
          skipped: 1,
          waiting: 4,
          spentKobo: '842800',
          budgetKobo: '2000000',
        },
        whatsapp: {
          messages: 3,
          delivered: 2,
          failed: 1,
          skipped: 0,
          waiting: 0,
          spentKobo: '0',
          budgetKobo: null,
        },
      },
    });
  });

  it('keeps each school’s figures apart: another school’s messages and spend, with no budget set', async () => {
    const response = await call(t, 'admin', 'GET', `/messages/summary?schoolId=${ids.other}`);
    expect(response.statusCode, response.body).toBe(200);
    const { channels } = response.json().data as MessagingSummary;
    expect(channels.sms).toEqual({
      messages: 2,
      delivered: 1,
      failed: 1,
      skipped: 0,
      waiting: 0,
      spentKobo: '0',
      budgetKobo: null,
    });
    expect(channels.whatsapp).toMatchObject({ messages: 0, spentKobo: '5500', budgetKobo: null });
  });

  it('is a 404 for a school outside the caller’s scope, another group’s or a sibling school’s', async () => {
    const foreign = await call(t, foreignAdmin, 'GET', `/messages/summary?schoolId=${ids.school}`);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.body).not.toContain('842800');
    const sibling = await call(t, bursar, 'GET', `/messages/summary?schoolId=${ids.other}`);
    expect(sibling.statusCode, sibling.body).toBe(404);
    const unknown = await call(t, 'admin', 'GET', `/messages/summary?schoolId=${randomUUID()}`);
    expect(unknown.statusCode, unknown.body).toBe(404);
  });

  it('is for those who may view messages, and needs a school', async () => {
    expect((await call(t, 'student', 'GET', `/messages/summary?schoolId=${ids.school}`)).statusCode).toBe(403);
    expect((await call(t, 'parent', 'GET', `/messages/summary?schoolId=${ids.school}`)).statusCode).toBe(403);
    expect((await call(t, bursar, 'GET', '/messages/summary')).statusCode).toBe(422);
  });
});

import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@schoolledger/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupSchools, notifications, schools, users } from '../src/db/schema.js';
import { runTillAlerts } from '../src/modules/tills/till-alerts.service.js';
import { clockedCaller } from './clocked-caller.js';
import { demoEmail, FIRST_SCHOOL, insertUser, useTestApp } from './helper.js';

/*
 * The till's alerts: a difference beyond the school's tolerance told to the proprietor as it is
 * counted, a till left open told the morning after, a confirmed till not banked in the school's
 * days told to the proprietor; each once, and to nobody of another group.
 */

// Wednesday 12 November 2025, 10:00 in Lagos.
let now = new Date('2025-11-12T09:00:00Z');
const at = (iso: string) => {
  now = new Date(iso);
};
const TILL_KINDS: NotificationKind[] = ['till_variance', 'till_left_open', 'till_not_banked'];

describe('till alerts', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { school: '', proprietor: '', principal: '', bursar: '', otherBursar: '', outsider: '' };
  const otherBursarEmail = `alerts-bursar-${randomUUID().slice(0, 8)}@example.test`;
  const { call } = clockedCaller(t, () => now, { otherBursar: otherBursarEmail });

  /** The till notices each person holds, oldest first. */
  async function tillNotices(userId: string, kind?: NotificationKind) {
    return t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inArray(notifications.kind, kind ? [kind] : TILL_KINDS)))
      .orderBy(asc(notifications.seq));
  }

  async function open(who: string, desk: string) {
    const opened = await call(who, 'POST', '/tills', { desk, float: { '1000': 5 } });
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json().data._id as string;
  }

  async function listed(id: string) {
    const list = await call('proprietor', 'GET', `/tills?school_id=${ids.school}`);
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().data.sessions as { _id: string; flags: unknown }[]).find((session) => session._id === id);
  }

  const idOf = async (email: string) =>
    (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    ids.proprietor = await idOf(demoEmail('proprietor'));
    ids.principal = await idOf(demoEmail('principal'));
    ids.bursar = await idOf(demoEmail('bursar'));
    ids.otherBursar = (await insertUser(t, { email: otherBursarEmail, roles: ['Bursar'], schoolId: ids.school })).id;
    // A proprietor of another group, who must hear nothing of this group's tills.
    const [group] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Another group', description: 'Schools of another proprietor' })
      .returning();
    const [elsewhere] = await t.ctx.db
      .insert(schools)
      .values({
        groupSchoolId: group!.id,
        name: 'Another school',
        email: 'info@another.example.test',
        phoneNumber: '+2348000000000',
        receiptCode: 'ANS',
      })
      .returning();
    ids.outsider = (
      await insertUser(t, { email: 'outside-proprietor@example.test', roles: ['Proprietor'], schoolId: elsewhere!.id })
    ).id;
    const saved = await call('admin', 'PUT', '/settings/cashDesk', {
      schoolId: ids.school,
      level: 'school',
      value: {
        requireOpenTillForCash: false,
        tillVarianceToleranceNaira: '100',
        tillCloseConfirmers: ['Principal', 'Proprietor'],
        tillBankWithinDays: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  let shortTill = '';
  let closeTill = '';

  it('tells the proprietor and the principal once of a close short beyond the tolerance, naming the count', async () => {
    shortTill = await open('bursar', 'Front desk');
    const closed = await call('bursar', 'POST', `/tills/${shortTill}/close`, {
      count: { '1000': 4, '500': 1 },
      variance_reason: 'Change given twice',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const [alert, ...more] = await tillNotices(ids.proprietor);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'till_variance',
      title: 'Till ₦500.00 short: Front desk, Crestview College, Ikeja',
      actionUrl: `/bursar/tills?school=${ids.school}&till=${shortTill}`,
      schoolId: ids.school,
    });
    expect(alert!.message).toBe(
      "Adaeze Eze counted ₦4,500.00 in Front desk at Crestview College, Ikeja against ₦5,000.00 expected: ₦500.00 short; more than the ₦100.00 the school allows. Reason given: Change given twice. Open the till's report to see the count.",
    );
    expect((await tillNotices(ids.principal)).map((notice) => notice.title)).toEqual([alert!.title]);
    // The bursar who counted it knows already; nobody of another group hears it.
    expect(await tillNotices(ids.bursar)).toEqual([]);
    expect(await tillNotices(ids.outsider)).toEqual([]);
  });

  it('tells nobody of a difference within the tolerance', async () => {
    closeTill = await open('bursar', 'Side desk');
    const closed = await call('bursar', 'POST', `/tills/${closeTill}/close`, {
      count: { '1000': 4, '500': 1, '200': 2, '50': 1 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session.variance).toBe(-50);
    expect((await tillNotices(ids.proprietor)).map((notice) => notice.actionUrl)).toEqual([
      `/bursar/tills?school=${ids.school}&till=${shortTill}`,
    ]);
  });

  it('flags a till left open the morning after, and tells its bursar and the principal once', async () => {
    const leftOpen = await open('otherBursar', 'Back desk');
    // The same day: nothing to say.
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 0, notBanked: 0 });
    expect(await listed(leftOpen)).toMatchObject({ flags: { left_open_since: null, not_banked_days: null } });

    // Thursday, 07:30 in Lagos.
    at('2025-11-13T06:30:00Z');
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 1, notBanked: 0 });
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 0, notBanked: 0 });
    expect(await listed(leftOpen)).toMatchObject({ flags: { left_open_since: '2025-11-12', not_banked_days: null } });

    const [told, ...again] = await tillNotices(ids.otherBursar);
    expect(again).toEqual([]);
    expect(told).toMatchObject({
      kind: 'till_left_open',
      title: 'Till left open: Back desk, Crestview College, Ikeja',
      message:
        "Test User's till at Back desk, Crestview College, Ikeja, opened on 12 Nov 2025, is still open. Count and close it, and have a second person confirm the count, so the day's cash is accounted for.",
      actionUrl: `/bursar/tills?school=${ids.school}&till=${leftOpen}`,
    });
    expect((await tillNotices(ids.principal, 'till_left_open')).map((notice) => notice.actionUrl)).toEqual([
      told!.actionUrl,
    ]);
    expect(await tillNotices(ids.proprietor, 'till_left_open')).toEqual([]);
    expect(await tillNotices(ids.bursar)).toEqual([]);
  });

  it('tells the proprietor once of a confirmed till not banked after the school’s days; a banked one never', async () => {
    // Both confirmed on Thursday; the side desk's cash is banked at once.
    for (const id of [shortTill, closeTill]) {
      const confirmed = await call('principal', 'POST', `/tills/${id}/confirm`, {});
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    const banked = await call('bursar', 'POST', `/tills/${closeTill}/bank`, {
      deposit_slip_no: 'SLIP-1',
      bank_name: 'GTBank',
      amount: '4950',
    });
    expect(banked.statusCode, banked.body).toBe(200);

    // Closed Wednesday, one day to bank: Thursday is within it.
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 0, notBanked: 0 });
    expect(await listed(shortTill)).toMatchObject({ flags: { left_open_since: null, not_banked_days: null } });

    // Friday, 08:15 in Lagos: two days after the close.
    at('2025-11-14T07:15:00Z');
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 0, notBanked: 1 });
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 0, notBanked: 0 });
    expect(await listed(shortTill)).toMatchObject({ flags: { left_open_since: null, not_banked_days: 2 } });
    expect(await listed(closeTill)).toMatchObject({ flags: { left_open_since: null, not_banked_days: null } });

    const [late, ...again] = await tillNotices(ids.proprietor, 'till_not_banked');
    expect(again).toEqual([]);
    expect(late).toMatchObject({
      title: 'Till not banked after 2 days: Front desk, Crestview College, Ikeja',
      message:
        "₦4,500.00 counted in Front desk at Crestview College, Ikeja (Adaeze Eze's till, closed on 12 Nov 2025) is confirmed but not yet banked, 2 days later; the school banks its cash within 1 day.",
      actionUrl: `/bursar/tills?school=${ids.school}&till=${shortTill}`,
    });
    // A week on, still one; the principal and the bursars are not told of banking, and another group hears nothing.
    at('2025-11-20T07:15:00Z');
    expect(await runTillAlerts(t.ctx)).toEqual({ leftOpen: 0, notBanked: 0 });
    expect(await tillNotices(ids.proprietor, 'till_not_banked')).toHaveLength(1);
    expect(await tillNotices(ids.principal, 'till_not_banked')).toEqual([]);
    expect(await tillNotices(ids.outsider)).toEqual([]);
  });
});

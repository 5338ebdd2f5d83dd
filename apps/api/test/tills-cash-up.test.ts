import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { clockedCaller } from './clocked-caller.js';
import { demoEmail, FIRST_SCHOOL, insertUser, SECOND_SCHOOL, useTestApp } from './helper.js';
import { approvedFee } from './payments-support.js';

/*
 * The Z report of a closed till (cash by method and by who took it, the variance, who confirmed,
 * the banking and what remained) and a school's daily cash-up: every till opened that day with
 * the day's totals and the cash not yet banked.
 */

// 09:00 in Lagos on 12 November 2025; each till opens an hour after the one before.
let now = new Date('2025-11-12T08:00:00Z');
const FRONT_AT = '2025-11-12T08:00:00.000Z';
const SIDE_AT = '2025-11-12T09:00:00.000Z';

describe('Z report and daily cash-up', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { school: '', secondSchool: '', bursar: '', sideBursar: '', front: '', side: '', wuse: '' };
  const sideEmail = `cashup-side-${randomUUID().slice(0, 8)}@example.test`;
  const wuseEmail = `cashup-wuse-${randomUUID().slice(0, 8)}@example.test`;
  const caller = clockedCaller(t, () => now);
  /** As `who`, a payment with its Idempotency-Key as the desk sends one. */
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    caller.call(
      who,
      method,
      url,
      payload,
      method === 'POST' && url.startsWith('/payment') ? { 'idempotency-key': randomUUID() } : {},
    );

  async function ok(response: Awaited<ReturnType<typeof call>>) {
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.school = school!.id;
    ids.secondSchool = second!.id;
    const term = (await defaultTermOf(t.ctx.db, ids.school, '2025-11-12'))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    const [bursar] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('bursar')));
    ids.bursar = bursar!.id;
    ids.sideBursar = (await insertUser(t, { email: sideEmail, roles: ['Bursar'], schoolId: ids.school })).id;
    await insertUser(t, { email: wuseEmail, roles: ['Bursar'], schoolId: ids.secondSchool });
    const fee = await approvedFee(t, ids.school, term, '50000');
    const pay = (who: string, amount: string) =>
      call(who, 'POST', '/payment/pay-with-cash', { user_id: student!.id, fee_id: fee, amount });

    // Front desk: ₦2,000 float, ₦1,500 and ₦500 taken, counted exactly, confirmed, ₦3,000 banked.
    ids.front = (await ok(await call('bursar', 'POST', '/tills', { desk: 'Front desk', float: { '1000': 2 } })))._id;
    await ok(await pay('bursar', '1500'));
    await ok(await pay('bursar', '500'));
    await ok(await call('bursar', 'POST', `/tills/${ids.front}/close`, { count: { '1000': 4 } }));
    await ok(await call('principal', 'POST', `/tills/${ids.front}/confirm`, {}));
    await ok(
      await call('bursar', 'POST', `/tills/${ids.front}/bank`, {
        deposit_slip_no: 'ZEN-0042',
        bank_name: 'Zenith Bank',
        amount: '3000',
      }),
    );

    now = new Date(SIDE_AT);
    // Side desk: ₦1,000 float, ₦1,000 taken of which ₦300 voided, ₦1,500 counted: ₦200 short, with a
    // reason; confirmed, not banked.
    ids.side = (await ok(await call(sideEmail, 'POST', '/tills', { desk: 'Side desk', float: { '500': 2 } })))._id;
    await ok(await pay(sideEmail, '700'));
    // ₦300 taken against the wrong student, voided by two people: paid back out of the drawer.
    const mistake = (await ok(await pay(sideEmail, '300'))).payment._id;
    const asked = await ok(
      await call(sideEmail, 'POST', `/tills/${ids.side}/voids`, { payment_id: mistake, reason: 'Wrong student' }),
    );
    await ok(await call('principal', 'POST', `/tills/${ids.side}/voids/${asked._id}/approve`, {}));
    await ok(
      await call(sideEmail, 'POST', `/tills/${ids.side}/close`, {
        count: { '1000': 1, '500': 1 },
        variance_reason: 'Change given twice',
      }),
    );
    await ok(await call('principal', 'POST', `/tills/${ids.side}/confirm`, {}));

    now = new Date('2025-11-12T10:00:00Z');
    // Another school's till the same day.
    ids.wuse = (await ok(await call(wuseEmail, 'POST', '/tills', { desk: 'Wuse desk', float: { '100': 3 } })))._id;
  });

  it("reads a banked till's Z report: cash by method and by who took it, the variance, the banking, what remained", async () => {
    const { session, report } = await ok(await call('proprietor', 'GET', `/tills/${ids.front}`));
    expect(session).toMatchObject({
      status: 'banked',
      counted: 4000,
      variance: 0,
      confirmed_by: { name: expect.any(String) },
      banking: { deposit_slip_no: 'ZEN-0042', bank_name: 'Zenith Bank', amount: 3000, banked_by: { _id: ids.bursar } },
    });
    expect(report).toMatchObject({
      kind: 'z',
      school: { _id: ids.school, name: FIRST_SCHOOL },
      float: 2000,
      cash_taken: 2000,
      payments: 2,
      by_recorder: [{ user: { _id: ids.bursar }, payments: 2, amount: 2000 }],
      by_method: [{ method: 'cash', payments: 2, amount: 2000 }],
      expected: 4000,
      // ₦4,000 counted, ₦3,000 banked: the ₦1,000 float kept back.
      remaining: 1000,
    });

    const side = (await ok(await call('principal', 'GET', `/tills/${ids.side}`))).report;
    // A voided payment stays among the takings; its void is paid back out apart.
    expect(side).toMatchObject({
      kind: 'z',
      cash_taken: 1000,
      by_method: [{ method: 'cash', payments: 2, amount: 1000 }],
      voided: 300,
      expected: 1700,
      remaining: null,
    });
  });

  it('reads an open till as an X report, with nothing remained to say yet', async () => {
    const { report } = await ok(await call(wuseEmail, 'GET', `/tills/${ids.wuse}`));
    expect(report).toMatchObject({
      kind: 'x',
      school: { _id: ids.secondSchool, name: SECOND_SCHOOL },
      by_method: [],
      expected: 300,
      remaining: null,
    });
  });

  it("adds up a school's day: each till opened that day and the totals, with the cash not yet banked", async () => {
    const cashUp = await ok(await call('principal', 'GET', '/tills/cash-up?date=2025-11-12'));
    expect(cashUp.school).toEqual({ _id: ids.school, name: FIRST_SCHOOL });
    expect(cashUp.date).toBe('2025-11-12');
    expect(cashUp.tills).toEqual([
      {
        _id: ids.front,
        desk: 'Front desk',
        status: 'banked',
        opened_by: { _id: ids.bursar, name: expect.any(String) },
        opened_at: FRONT_AT,
        closed_at: FRONT_AT,
        float: 2000,
        cash_taken: 2000,
        payments: 2,
        refunded: 0,
        voided: 0,
        expected: 4000,
        counted: 4000,
        variance: 0,
        variance_reason: null,
        banked: 3000,
        not_banked: 0,
      },
      {
        _id: ids.side,
        desk: 'Side desk',
        status: 'closed',
        opened_by: { _id: ids.sideBursar, name: 'Test User' },
        opened_at: SIDE_AT,
        closed_at: SIDE_AT,
        float: 1000,
        cash_taken: 1000,
        payments: 2,
        refunded: 0,
        voided: 300,
        expected: 1700,
        counted: 1500,
        variance: -200,
        variance_reason: 'Change given twice',
        banked: null,
        not_banked: 1500,
      },
    ]);
    expect(cashUp.totals).toEqual({
      float: 3000,
      cash_taken: 3000,
      payments: 4,
      refunded: 0,
      voided: 300,
      expected: 5700,
      counted: 5500,
      variance: -200,
      banked: 3000,
      not_banked: 1500,
    });

    // The proprietor names the school; today is the default day.
    const proprietor = await ok(await call('proprietor', 'GET', `/tills/cash-up?school_id=${ids.school}`));
    expect(proprietor.date).toBe('2025-11-12');
    expect(proprietor.tills.map((till: { desk: string }) => till.desk)).toEqual(['Front desk', 'Side desk']);
    expect(proprietor.totals.not_banked).toBe(1500);

    const wuse = await ok(await call('proprietor', 'GET', `/tills/cash-up?school_id=${ids.secondSchool}`));
    expect(wuse.tills.map((till: { _id: string }) => till._id)).toEqual([ids.wuse]);
    // Still open: what it should hold is not banked yet.
    expect(wuse.totals).toMatchObject({ float: 300, expected: 300, counted: 0, not_banked: 300 });
  });

  it('answers a day with no till with none, and zero totals', async () => {
    const cashUp = await ok(await call('auditor', 'GET', '/tills/cash-up?date=2025-11-11'));
    expect(cashUp).toEqual({
      school: { _id: ids.school, name: FIRST_SCHOOL },
      date: '2025-11-11',
      tills: [],
      totals: {
        float: 0,
        cash_taken: 0,
        payments: 0,
        refunded: 0,
        voided: 0,
        expected: 0,
        counted: 0,
        variance: 0,
        banked: 0,
        not_banked: 0,
      },
    });
  });

  it("keeps another school's day out of reach, and refuses a bad day or no school", async () => {
    const foreign = await call('principal2', 'GET', `/tills/cash-up?school_id=${ids.school}&date=2025-11-12`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'SCHOOL_NOT_FOUND', data: null });
    // Their own school's day holds only their own school's till.
    const own = await ok(await call('principal2', 'GET', '/tills/cash-up?date=2025-11-12'));
    expect(own.tills.map((till: { _id: string }) => till._id)).toEqual([ids.wuse]);

    const unknown = await call('admin', 'GET', `/tills/cash-up?school_id=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SCHOOL_NOT_FOUND');
    const noSchool = await call('admin', 'GET', '/tills/cash-up');
    expect(noSchool.statusCode).toBe(422);
    expect(noSchool.json().errors).toEqual([{ field: 'school_id', message: 'Please select a school' }]);
    const badDay = await call('principal', 'GET', '/tills/cash-up?date=12-11-2025');
    expect(badDay.statusCode).toBe(422);
    expect(badDay.json().errors).toContainEqual({ field: 'date', message: 'Use a date as YYYY-MM-DD' });
    const student = await call('student', 'GET', '/tills/cash-up');
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

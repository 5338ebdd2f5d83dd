import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { auditLogs, payments, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { clockedCaller } from './clocked-caller.js';
import { demoEmail, FIRST_SCHOOL, insertUser, SECOND_SCHOOL, useTestApp } from './helper.js';
import { approvedFee } from './payments-support.js';

/*
 * Issue 36, its first part: a bursar's till, opened with a float, taking the cash they record,
 * counted and closed, confirmed by a second person, banked; and the books of it.
 */

// 23:40 in Lagos: the clock moves by minutes below, and over midnight once.
let now = new Date('2025-11-12T22:40:00Z');
const at = (iso: string) => {
  now = new Date(iso);
};

describe('till sessions', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { school: '', secondSchool: '', term: '', student: '', bursar: '', otherBursar: '' };
  const otherBursarEmail = `till-bursar-${randomUUID().slice(0, 8)}@example.test`;
  const { as, call } = clockedCaller(t, () => now, { otherBursar: otherBursarEmail });

  async function cash(who: string, feeId: string, amount: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await as(who)), 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: feeId, amount },
    });
  }

  async function paymentRow(id: string) {
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  /** An account's balance in the school's books (debits positive), in kobo. */
  async function balance(systemKey: string, schoolId = ids.school) {
    const [row] = await rowsOf<{ kobo: string }>(
      t.ctx.db,
      sql`select coalesce(sum(l.amount_kobo), 0)::bigint::text as kobo from journal_lines l
        join ledger_accounts a on a.id = l.account_id
        where a.school_id = ${schoolId} and a.system_key = ${systemKey}`,
    );
    return BigInt(row!.kobo);
  }

  async function disagreements(schoolId = ids.school) {
    return rowsOf<{ check_name: string; detail: string }>(
      t.ctx.db,
      sql`select check_name, detail from ledger_disagreements(${schoolId}::uuid)`,
    );
  }

  async function setCashDesk(value: Record<string, unknown>) {
    const saved = await call('admin', 'PUT', '/settings/cashDesk', { schoolId: ids.school, level: 'school', value });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.school = school!.id;
    ids.secondSchool = second!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, '2025-11-12'))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
    const [bursar] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('bursar')));
    ids.bursar = bursar!.id;
    ids.otherBursar = (await insertUser(t, { email: otherBursarEmail, roles: ['Bursar'], schoolId: ids.school })).id;
  });

  let till = '';
  let fee = '';
  let firstPayment = '';
  let secondPayment = '';

  it('opens a till with its float counted by note and coin, one open till per bursar', async () => {
    const cashBefore = await balance('cash');
    const opened = await call('bursar', 'POST', '/tills', {
      desk: 'Front desk',
      float: { '1000': 5, '500': 4, '0.5': 2 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json().data;
    till = session._id;
    expect(session).toMatchObject({
      school_id: ids.school,
      desk: 'Front desk',
      status: 'open',
      float: { '1000': 5, '500': 4, '0.5': 2 },
      float_total: 7001,
      counted: null,
      variance: null,
      banking: null,
    });
    // The float came out of the safe into the till.
    expect(await balance('till')).toBe(700_100n);
    expect(await balance('cash')).toBe(cashBefore - 700_100n);

    const again = await call('bursar', 'POST', '/tills', { desk: 'Back desk', float: {} });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'TILL_ALREADY_OPEN', data: null });

    const principal = await call('principal', 'POST', '/tills', { desk: 'Office', float: {} });
    expect(principal.statusCode).toBe(403);
  });

  it('refuses a float that is not notes and coins', async () => {
    for (const float of [{ '3': 1 }, { '1000': -1 }, { '500': 1.5 }, { '1000': 100_001 }]) {
      const refused = await call('otherBursar', 'POST', '/tills', { desk: 'Front desk', float });
      expect(refused.statusCode, JSON.stringify(float)).toBe(422);
      expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const noDesk = await call('otherBursar', 'POST', '/tills', { desk: ' ', float: {} });
    expect(noDesk.statusCode).toBe(422);
  });

  it("takes the bursar's cash into their till, and only theirs", async () => {
    fee = await approvedFee(t, ids.school, ids.term, '50000');
    const first = await cash('bursar', fee, '1500');
    expect(first.statusCode, first.body).toBe(200);
    firstPayment = first.json().data.payment._id;
    const second = await cash('bursar', fee, '250.50');
    expect(second.statusCode, second.body).toBe(200);
    secondPayment = second.json().data.payment._id;
    const elsewhere = await cash('otherBursar', fee, '100');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    expect((await paymentRow(firstPayment)).tillSessionId).toBe(till);
    expect((await paymentRow(secondPayment)).tillSessionId).toBe(till);
    expect((await paymentRow(elsewhere.json().data.payment._id)).tillSessionId).toBeNull();

    const report = await call('bursar', 'GET', `/tills/${till}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.report).toMatchObject({
      float: 7001,
      cash_taken: 1750.5,
      payments: 2,
      by_recorder: [{ user: { _id: ids.bursar }, payments: 2, amount: 1750.5 }],
      refunds: [],
      refunded: 0,
      expected: 8751.5,
    });
    // The cash sits in the till's account, not the cash on hand.
    expect(await balance('till')).toBe(700_100n + 175_050n);
    expect(await disagreements()).toEqual([]);
  });

  it('refuses cash from someone with no open till where the school requires one', async () => {
    const inexact = await call('admin', 'PUT', '/settings/cashDesk', {
      schoolId: ids.school,
      level: 'school',
      value: { tillVarianceToleranceNaira: '1.005' },
    });
    expect(inexact.statusCode, inexact.body).toBe(422);
    expect(inexact.json().errors).toEqual([{ field: 'value.tillVarianceToleranceNaira', message: expect.any(String) }]);
    await setCashDesk({ requireOpenTillForCash: true });
    const refused = await cash('otherBursar', fee, '100');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'TILL_REQUIRED_FOR_CASH',
      message: 'Open a till before taking cash',
      data: null,
    });
    const family = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash/family',
      headers: { ...(await as('otherBursar')), 'idempotency-key': randomUUID() },
      payload: { items: [{ user_id: ids.student, fee_id: fee, amount: '100' }] },
    });
    expect(family.statusCode, family.body).toBe(409);
    expect(family.json().code).toBe('TILL_REQUIRED_FOR_CASH');
    // The bursar with a till still takes cash.
    const taken = await cash('bursar', fee, '1');
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await paymentRow(taken.json().data.payment._id)).tillSessionId).toBe(till);
    await setCashDesk({ requireOpenTillForCash: false });
  });

  it('pays a refund of its payment out of the open till', async () => {
    const refunded = await call('bursar', 'POST', `/payment/${secondPayment}/refund`, {
      reason: 'Paid at the wrong fee',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const report = (await call('bursar', 'GET', `/tills/${till}`)).json().data.report;
    expect(report).toMatchObject({
      cash_taken: 1751.5,
      payments: 3,
      refunds: [{ payment_id: secondPayment, amount: 250.5, from_drawer: true }],
      refunded: 250.5,
      expected: 8502,
    });
    expect(await balance('till')).toBe(850_200n);
    expect(await disagreements()).toEqual([]);
  });

  it('closes on a count by denomination, with a reason for a variance beyond the tolerance', async () => {
    // Expected ₦8,502; the drawer holds ₦8,500 (8 × ₦1,000, 1 × ₦500): ₦2 short.
    const count = { '1000': 8, '500': 1 };
    const notMine = await call('otherBursar', 'POST', `/tills/${till}/close`, { count });
    expect(notMine.statusCode, notMine.body).toBe(403);
    expect(notMine.json().code).toBe('TILL_NOT_YOURS');

    const noReason = await call('bursar', 'POST', `/tills/${till}/close`, { count });
    expect(noReason.statusCode, noReason.body).toBe(422);
    expect(noReason.json()).toMatchObject({
      code: 'TILL_VARIANCE_REASON_REQUIRED',
      errors: [{ field: 'variance_reason' }],
    });
    expect(noReason.json().message).toContain('short by ₦2');

    const closed = await call('bursar', 'POST', `/tills/${till}/close`, {
      count,
      variance_reason: 'Change given twice',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session).toMatchObject({
      status: 'closing',
      count,
      counted: 8500,
      expected: 8502,
      variance: -2,
      variance_reason: 'Change given twice',
      closed_by: { _id: ids.bursar },
    });
    // Closed: the bursar's next cash is no longer taken into it.
    const after = await cash('bursar', fee, '10');
    expect(after.statusCode, after.body).toBe(200);
    expect((await paymentRow(after.json().data.payment._id)).tillSessionId).toBeNull();

    const twice = await call('bursar', 'POST', `/tills/${till}/close`, { count });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('TILL_TRANSITION_NOT_ALLOWED');
  });

  it('is confirmed by a second person the school allows, never whoever counted it', async () => {
    const early = await call('bursar', 'POST', `/tills/${till}/bank`, {
      deposit_slip_no: 'DS-1',
      bank_name: 'Zenith Bank',
      amount: '8000',
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe('TILL_TRANSITION_NOT_ALLOWED');

    const own = await call('bursar', 'POST', `/tills/${till}/confirm`, {});
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().code).toBe('OWN_TILL_CONFIRMATION');
    // By default principals and proprietors confirm; another bursar does not.
    const bursar = await call('otherBursar', 'POST', `/tills/${till}/confirm`, {});
    expect(bursar.statusCode, bursar.body).toBe(403);
    expect(bursar.json().code).toBe('TILL_CONFIRMER_NOT_ALLOWED');
    const auditor = await call('auditor', 'POST', `/tills/${till}/confirm`, {});
    expect(auditor.statusCode).toBe(403);
    expect(auditor.json().code).toBe('FORBIDDEN');

    const tillBefore = await balance('till');
    const confirmed = await call('principal', 'POST', `/tills/${till}/confirm`, { note: 'Counted with her' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'closed', confirmed_by: { name: expect.any(String) } });
    // The shortage is written off the till to Cash over and short.
    expect(await balance('till')).toBe(tillBefore - 200n);
    expect(await balance('till')).toBe(850_000n);
    expect(await balance('cash_over_short')).toBe(200n);
    expect(await disagreements()).toEqual([]);
  });

  it('banks the confirmed till: the slip to the bank, the float kept back to the safe', async () => {
    const above = await call('bursar', 'POST', `/tills/${till}/bank`, {
      deposit_slip_no: 'DS-1',
      bank_name: 'Zenith Bank',
      amount: '8500.01',
    });
    expect(above.statusCode, above.body).toBe(422);
    expect(above.json()).toMatchObject({ code: 'TILL_BANK_ABOVE_COUNTED', errors: [{ field: 'amount' }] });
    const inexact = await call('bursar', 'POST', `/tills/${till}/bank`, {
      deposit_slip_no: 'DS-1',
      bank_name: 'Zenith Bank',
      amount: '1000.005',
    });
    expect(inexact.statusCode).toBe(422);

    const [bankBefore, cashBefore] = [await balance('bank'), await balance('cash')];
    const banked = await call('bursar', 'POST', `/tills/${till}/bank`, {
      deposit_slip_no: 'ZEN-0042',
      bank_name: 'Zenith Bank',
      amount: '8000',
    });
    expect(banked.statusCode, banked.body).toBe(200);
    expect(banked.json().data).toMatchObject({
      status: 'banked',
      banking: { deposit_slip_no: 'ZEN-0042', bank_name: 'Zenith Bank', amount: 8000, banked_by: { _id: ids.bursar } },
    });
    expect(await balance('till')).toBe(0n);
    expect(await balance('bank')).toBe(bankBefore + 800_000n);
    expect(await balance('cash')).toBe(cashBefore + 50_000n);
    expect(await disagreements()).toEqual([]);

    const again = await call('bursar', 'POST', `/tills/${till}/bank`, {
      deposit_slip_no: 'ZEN-0043',
      bank_name: 'Zenith Bank',
      amount: '1',
    });
    expect(again.statusCode).toBe(409);

    const actions = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, till));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'till_session.bank',
      'till_session.close',
      'till_session.confirm',
      'till_session.open',
    ]);
    // Each of the four, filed under the school as a financial entry.
    expect(actions.map((row) => [row.schoolId, row.category])).toEqual([
      [ids.school, 'financial'],
      [ids.school, 'financial'],
      [ids.school, 'financial'],
      [ids.school, 'financial'],
    ]);
  });

  it('lets another bursar confirm where the school says so, and not the principal then', async () => {
    await setCashDesk({ tillCloseConfirmers: ['Bursar'], tillVarianceToleranceNaira: '5' });
    const opened = await call('otherBursar', 'POST', '/tills', { desk: 'Side desk', float: { '100': 10 } });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data._id;
    expect((await cash('otherBursar', fee, '200')).statusCode).toBe(200);
    // ₦1,200 expected, ₦1,196 counted: within the ₦5 tolerance, no reason needed.
    const closed = await call('otherBursar', 'POST', `/tills/${id}/close`, {
      count: { '1000': 1, '100': 1, '50': 1, '20': 2, '5': 1, '1': 1 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session).toMatchObject({
      counted: 1196,
      expected: 1200,
      variance: -4,
      variance_reason: null,
    });

    const principal = await call('principal', 'POST', `/tills/${id}/confirm`, {});
    expect(principal.statusCode).toBe(403);
    expect(principal.json().code).toBe('TILL_CONFIRMER_NOT_ALLOWED');
    const bursar = await call('bursar', 'POST', `/tills/${id}/confirm`, {});
    expect(bursar.statusCode, bursar.body).toBe(200);
    expect(bursar.json().data.status).toBe('closed');
    expect(await disagreements()).toEqual([]);
    await setCashDesk({ tillCloseConfirmers: ['Principal', 'Proprietor'], tillVarianceToleranceNaira: '0' });
  });

  it('posts each payment on its own day when a session crosses midnight', async () => {
    at('2025-11-12T22:55:00Z'); // 23:55 in Lagos
    const opened = await call('bursar', 'POST', '/tills', { desk: 'Night desk', float: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data._id;
    const late = await cash('bursar', fee, '300');
    expect(late.statusCode, late.body).toBe(200);
    at('2025-11-12T23:05:00Z'); // 00:05 on the 13th
    const early = await cash('bursar', fee, '400');
    expect(early.statusCode, early.body).toBe(200);

    const days = await rowsOf<{ id: string; till: string; paid_on: string; entry_date: string }>(
      t.ctx.db,
      sql`select p.id, p.till_session_id as till, to_char(p.paid_at at time zone 'Africa/Lagos', 'YYYY-MM-DD') as paid_on,
          to_char(e.entry_date, 'YYYY-MM-DD') as entry_date
        from payments p join journal_entries e on e.source_id = p.id
        where p.id in (${late.json().data.payment._id}, ${early.json().data.payment._id})
        order by p.paid_at`,
    );
    expect(days).toEqual([
      { id: late.json().data.payment._id, till: id, paid_on: '2025-11-12', entry_date: '2025-11-12' },
      { id: early.json().data.payment._id, till: id, paid_on: '2025-11-13', entry_date: '2025-11-13' },
    ]);
    const report = (await call('bursar', 'GET', `/tills/${id}`)).json().data.report;
    expect(report).toMatchObject({ cash_taken: 700, payments: 2, expected: 700 });
    // Counted exactly: no reason, no variance.
    const closed = await call('bursar', 'POST', `/tills/${id}/close`, { count: { '200': 3, '100': 1 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session).toMatchObject({ counted: 700, variance: 0 });
  });

  it("lists the caller's schools' sessions by status and day, and hides another school's", async () => {
    const banked = await call('proprietor', 'GET', '/tills?status=banked');
    expect(banked.statusCode, banked.body).toBe(200);
    expect(banked.json().data.sessions.map((s: { _id: string }) => s._id)).toEqual([till]);

    const opened12 = await call('auditor', 'GET', '/tills?date=2025-11-12');
    expect(opened12.statusCode, opened12.body).toBe(200);
    expect(
      opened12
        .json()
        .data.sessions.map((s: { desk: string }) => s.desk)
        .sort(),
    ).toEqual(['Front desk', 'Night desk', 'Side desk']);
    const opened13 = await call('auditor', 'GET', '/tills?date=2025-11-13');
    expect(opened13.json().data.sessions).toEqual([]);

    const foreign = await call('principal2', 'GET', `/tills/${till}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TILL_NOT_FOUND');
    const theirs = await call('principal2', 'GET', '/tills');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.sessions).toEqual([]);
    const foreignSchool = await call('principal2', 'GET', `/tills?school_id=${ids.school}`);
    expect(foreignSchool.statusCode).toBe(404);
    const confirmForeign = await call('principal2', 'POST', `/tills/${till}/confirm`, {});
    expect(confirmForeign.statusCode).toBe(404);

    const student = await call('student', 'GET', '/tills');
    expect(student.statusCode).toBe(403);
    const badStatus = await call('auditor', 'GET', '/tills?status=lost');
    expect(badStatus.statusCode).toBe(422);
    const badId = await call('auditor', 'GET', '/tills/not-an-id');
    expect(badId.statusCode).toBe(422);
  });

  it('keeps the books in agreement across every school', async () => {
    expect(await disagreements(ids.secondSchool)).toEqual([]);
    expect(await disagreements()).toEqual([]);
  });
});

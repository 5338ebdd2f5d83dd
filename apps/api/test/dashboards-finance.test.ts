import { randomUUID } from 'node:crypto';
import { collectionRate, todayIn } from '@schoolledger/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { demoEmail, FIRST_SCHOOL, multipart, SECOND_SCHOOL, tinyPng, useTestApp } from './helper.js';
import { setBankTransfer } from './payments-support.js';

interface Figures {
  expected: number;
  collected: number;
  outstanding: number;
  collectionRate: number | null;
}

describe('bursar, principal and proprietor dashboards', () => {
  const t = useTestApp();
  const ids = { school: '', second: '', term: '', student: '', fee: '' };

  async function get(who: string, url: string) {
    return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });
  }

  async function data(who: string, url: string) {
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.school = school!.id;
    ids.second = second!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
    const [student] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.schoolId, ids.school),
          sql`'Student' = any(${users.roles})`,
          eq(users.status, 'active'),
          ne(users.email, demoEmail('student')),
        ),
      )
      .limit(1);
    ids.student = student!.id;
    // A school-wide fee of the current term: every active student of the first school owes it.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: await t.as('admin'),
      payload: {
        term_id: ids.term,
        school_id: ids.school,
        name: `Dashboard fee ${randomUUID().slice(0, 8)}`,
        description: 'Test',
        type: 'miscellaneous',
        amount: '4000',
        isApproved: true,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    ids.fee = created.json().data._id;
  });

  it('moves every finance dashboard by exactly the cash the bursar records, and no other school', async () => {
    const bursarBefore = await data('bursar', '/bursar/dashboard');
    const principalBefore = await data('principal', '/principal/dashboard');
    const otherPrincipalBefore = await data('principal2', '/principal/dashboard');
    const proprietorBefore = await data('proprietor', '/proprietor/dashboard');

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: ids.fee, amount: '1500.50' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const paymentId = paid.json().data.payment._id;
    const amount = 1500.5;
    const plus = (naira: number) => Math.round((naira + amount) * 100) / 100;

    const bursar = await data('bursar', '/bursar/dashboard');
    expect(bursar.financialStats.todayRevenue).toBe(plus(bursarBefore.financialStats.todayRevenue));
    expect(bursar.financialStats.thisMonthRevenue).toBe(plus(bursarBefore.financialStats.thisMonthRevenue));
    expect(bursar.financialStats.totalRevenue).toBe(plus(bursarBefore.financialStats.totalRevenue));
    expect(bursar.financialStats.todayTransactions).toBe(bursarBefore.financialStats.todayTransactions + 1);
    expect(bursar.termFigures.collected).toBe(plus(bursarBefore.termFigures.collected));
    expect(bursar.feeCollectionStatus).toEqual([
      { expectedTotal: bursar.termFigures.expected, collectedTotal: bursar.termFigures.collected },
    ]);
    expect(bursar.recentTransactions[0]).toMatchObject({ _id: paymentId, amount, mode_of_payment: 'cash' });
    const cash = bursar.paymentMethods.find((share: { method: string }) => share.method === 'cash');
    expect(cash.totalAmount).toBe(
      plus(bursarBefore.paymentMethods.find((s: { method: string }) => s.method === 'cash').totalAmount),
    );
    expect(bursar.revenueTrend).toHaveLength(6);
    expect(bursar.revenueTrend.at(-1).amount).toBe(plus(bursarBefore.revenueTrend.at(-1).amount));

    const principal = await data('principal', '/principal/dashboard');
    const before: Figures = principalBefore.termFigures;
    const toKobo = (naira: number) => BigInt(Math.round(naira * 100));
    expect(principal.financial.totalRevenue).toBe(plus(principalBefore.financial.totalRevenue));
    expect(principal.financial.collectionRate).toBe(
      collectionRate(toKobo(before.collected) + toKobo(amount), toKobo(before.expected)),
    );
    expect(principal.financial.outstandingFees).toBe(Math.round((before.outstanding - amount) * 100) / 100);
    expect(principal.statistics.totalTeachers).toBeNull();
    const [student] = await t.ctx.db.select().from(users).where(eq(users.id, ids.student));
    const [enrolled] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          eq(users.classArmId, student!.classArmId!),
          eq(users.status, 'active'),
          sql`'Student' = any(${users.roles})`,
          sql`${users.deletedAt} is null`,
        ),
      );
    const arm = principal.collectionByClassArm.find(
      (row: { classArmId: string | null }) => row.classArmId === student!.classArmId,
    );
    expect(arm.enrolled).toBe(enrolled!.n);
    expect(arm.figures.collected).toBe(
      plus(
        principalBefore.collectionByClassArm.find(
          (row: { classArmId: string | null }) => row.classArmId === student!.classArmId,
        ).figures.collected,
      ),
    );
    expect(principal.statistics.totalStudents).toBeGreaterThan(0);

    const otherPrincipal = await data('principal2', '/principal/dashboard');
    expect(otherPrincipal.financial).toEqual(otherPrincipalBefore.financial);
    expect(otherPrincipal.termFigures).toEqual(otherPrincipalBefore.termFigures);

    const proprietor = await data('proprietor', '/proprietor/dashboard');
    expect(proprietor.totals.figures.collected).toBe(plus(proprietorBefore.totals.figures.collected));
    expect(proprietor.totals.totalRevenue).toBe(plus(proprietorBefore.totals.totalRevenue));
    const rowOf = (dashboard: { schools: { schoolId: string; figures: Figures }[] }, id: string) =>
      dashboard.schools.find((row) => row.schoolId === id)!;
    expect(rowOf(proprietor, ids.school).figures.collected).toBe(
      plus(rowOf(proprietorBefore, ids.school).figures.collected),
    );
    expect(rowOf(proprietor, ids.second).figures).toEqual(rowOf(proprietorBefore, ids.second).figures);
    expect(proprietor.revenueTrend).toHaveLength(12);
  });

  it("counts a student's transfer claim in the bursar's processing alert until it is confirmed", async () => {
    await setBankTransfer(t, ids.school, true);
    const before = await data('bursar', '/bursar/dashboard');
    const body = await multipart(
      {
        fee_id: ids.fee,
        amount: '1000',
        transfer_date: todayIn('Africa/Lagos', new Date()),
        bank_reference: 'TRF-DASH-1',
      },
      [{ field: 'proof', filename: 'proof.png', contentType: 'image/png', content: tinyPng(4) }],
    );
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: { ...(await t.as('student')), ...body.headers },
      payload: body.payload,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const waiting = await data('bursar', '/bursar/dashboard');
    expect(waiting.alerts.pendingTransfers).toBe(before.alerts.pendingTransfers + 1);
    expect(waiting.financialStats.pendingPayments).toBe(before.financialStats.pendingPayments + 1);
    expect(waiting.financialStats.todayRevenue).toBe(before.financialStats.todayRevenue);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payment/${claimed.json().data._id}/confirm-transfer`,
      headers: await t.as('bursar'),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await data('bursar', '/bursar/dashboard');
    expect(after.alerts.pendingTransfers).toBe(before.alerts.pendingTransfers);
    expect(after.financialStats.todayRevenue).toBe(Math.round((before.financialStats.todayRevenue + 1000) * 100) / 100);
  });

  it('reports payments of a filter with its totals, and answers 422 to a bad query', async () => {
    const today = todayIn('Africa/Lagos', new Date());
    const report = await data('bursar', `/bursar/payment-reports?method=cash&from=${today}&to=${today}`);
    const listed = report.payments.filter((payment: { status: string }) => payment.status === 'success');
    const sum = listed.reduce((total: number, payment: { amount: number }) => total + payment.amount, 0);
    expect(report.summary.netAmount).toBe(Math.round(sum * 100) / 100);
    expect(report.summary.totalPayments).toBe(report.pagination.total);
    expect(report.summary).toMatchObject({ from: today, to: today });

    for (const query of [
      'from=2026-13-01',
      'from=2026-05-02&to=2026-05-01',
      'from=2024-01-01&to=2026-01-01',
      'method=gold',
      'limit=0',
    ]) {
      const response = await get('bursar', `/bursar/payment-reports?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().success).toBe(false);
    }
    const elsewhere = await get('bursar', `/bursar/payment-reports?school_id=${ids.second}`);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('lists the school staff for the principal and keeps each dashboard to its role', async () => {
    const staff = await data('principal', '/principal/staff-management');
    expect(staff.totals.total).toBe(staff.totals.active + staff.totals.inactive);
    expect(staff.staff.flatMap((member: { roles: string[] }) => member.roles)).toContain('Bursar');
    // Nobody listed is only a student or a parent.
    const familiesOnly = staff.staff.filter((member: { roles: string[] }) =>
      member.roles.every((role) => role === 'Student' || role === 'Parent'),
    );
    expect(familiesOnly).toEqual([]);
    const otherStaff = await data('principal2', '/principal/staff-management');
    const ours = new Set(staff.staff.map((member: { _id: string }) => member._id));
    expect(otherStaff.staff.some((member: { _id: string }) => ours.has(member._id))).toBe(false);

    expect((await get('bursar', '/principal/dashboard')).statusCode).toBe(403);
    expect((await get('principal', '/bursar/dashboard')).statusCode).toBe(403);
    expect((await get('bursar', '/proprietor/dashboard')).statusCode).toBe(403);
    expect((await get('student', '/bursar/payment-reports')).statusCode).toBe(403);
  });
});

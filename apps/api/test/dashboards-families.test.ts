import { randomUUID } from 'node:crypto';
import { entityMessages } from '@schoolledger/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { termResults } from '../src/db/schema.js';
import { useTestApp } from './helper.js';
import { loadPaymentIds, type PaymentIds } from './payments-support.js';

interface Card {
  _id: string;
  name: string;
  classArm: string | null;
  school: { _id: string };
  totalOutstanding: number;
  totalPaid: number;
  recentPayments: { _id: string; amount: number; reference: string }[];
  academic: { currentAverage: number | null; attendanceRate: number | null };
}

describe('student and parent dashboards', () => {
  const t = useTestApp();
  let ids: PaymentIds;

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  async function get(who: string, url: string) {
    return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });
  }

  async function data(who: string, url: string) {
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** What /student/fees?unpaid=true says the child owes, summed here from its rows. */
  async function owedPerFeesPage(studentId: string) {
    const fees = await data('parent', `/parent/children/${studentId}/fees?unpaid=true`);
    return (fees.fees as { outstanding: number; fee: { _id: string } }[]).reduce(
      (sum, item) => sum + Math.round(item.outstanding * 100),
      0,
    );
  }

  async function payCash(who: string, studentId: string, naira: number) {
    const fees = await data('admin', `/student/fees?student_id=${studentId}&unpaid=true`);
    const fee = (fees.fees as { fee: { _id: string }; outstanding: number }[]).find((item) => item.outstanding > naira);
    expect(fee, 'a fee with enough left to pay').toBeDefined();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as(who)), 'idempotency-key': randomUUID() },
      payload: { user_id: studentId, fee_id: fee!.fee._id, amount: naira },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.payment as { _id: string; trx_ref: string };
  }

  it("shows each linked child across the group's schools with what the fee pages say they owe", async () => {
    const dashboard = await data('parent', '/parent/dashboard');
    const children = dashboard.children as Card[];
    expect(children.map((child) => child._id).sort()).toEqual([ids.student, ids.son].sort());
    expect(new Set(children.map((child) => child.school._id))).toEqual(new Set([ids.school, ids.secondSchool]));
    let total = 0;
    for (const child of children) {
      const owed = await owedPerFeesPage(child._id);
      expect(Math.round(child.totalOutstanding * 100)).toBe(owed);
      total += owed;
      expect(child.totalPaid).toBe(0);
      expect(child.academic.currentAverage).toBeNull();
      expect(child.academic.attendanceRate).toBeNull();
    }
    expect(dashboard.overallSummary.totalChildren).toBe(2);
    expect(Math.round(dashboard.overallSummary.totalOutstanding * 100)).toBe(total);
    expect(dashboard.overallSummary.averagePerformance).toBeNull();
    expect(dashboard.paymentReminder).not.toBeNull();
    expect([ids.student, ids.son]).toContain(dashboard.paymentReminder.childId);
  });

  it("moves the parent's and the student's figures by exactly a cash payment the bursar records", async () => {
    const before = await data('parent', '/parent/dashboard');
    const studentBefore = await data('student', '/student/dashboard');
    const payment = await payCash('bursar', ids.student, 2345.67);

    const after = await data('parent', '/parent/dashboard');
    const kobo = (naira: number) => Math.round(naira * 100);
    expect(kobo(before.overallSummary.totalOutstanding) - kobo(after.overallSummary.totalOutstanding)).toBe(234567);
    expect(kobo(after.overallSummary.totalPaid) - kobo(before.overallSummary.totalPaid)).toBe(234567);
    const card = (after.children as Card[]).find((child) => child._id === ids.student)!;
    expect(card.recentPayments[0]?._id).toBe(payment._id);
    expect(after.recentPayments[0]._id).toBe(payment._id);
    expect(after.recentActivities[0]).toMatchObject({
      _id: payment._id,
      type: 'payment',
      childName: expect.any(String),
    });
    const son = (after.children as Card[]).find((child) => child._id === ids.son)!;
    expect(son.totalPaid).toBe(0);

    const student = await data('student', '/student/dashboard');
    expect(kobo(studentBefore.financial.totalOutstanding) - kobo(student.financial.totalOutstanding)).toBe(234567);
    expect(student.financial.totalPaid).toBe(2345.67);
    expect(student.financial.recentPayments[0]).toMatchObject({
      _id: payment._id,
      amount: 2345.67,
      mode: 'cash',
      status: 'success',
      reference: payment.trx_ref,
    });
    const owed = (student.financial.outstandingFees as { amount: number }[]).reduce(
      (sum, fee) => sum + kobo(fee.amount),
      0,
    );
    expect(owed).toBe(kobo(student.financial.totalOutstanding));
    expect(student.academic).toMatchObject({ currentAverage: null, attendanceRate: null, totalAssignments: null });

    const child = await data('parent', `/parent/child/${ids.student}`);
    expect(child.summary.totalPaid).toBe(2345.67);
    expect(child.payments[0]._id).toBe(payment._id);
    expect(child.academic).toBeNull();
  });

  it("gives a student only their own payments and a parent only their children's", async () => {
    const stranger = await payCash('bursar', ids.stranger, 100);
    const mine = await data('student', '/student/payments?limit=100');
    expect(mine.payments.length).toBeGreaterThan(0);
    const payers = new Set(mine.payments.map((payment: { user: { _id: string } }) => payment.user._id));
    expect([...payers]).toEqual([ids.student]);
    expect(mine.pagination).toMatchObject({ page: 1, limit: 100, total: mine.payments.length, pages: 1 });

    const history = await data('parent', '/parent/payment-history');
    const seen = history.payments.map((payment: { _id: string; user: { _id: string } }) => payment.user._id);
    expect(seen).toContain(ids.student);
    expect(seen.filter((id: string) => id !== ids.student && id !== ids.son)).toEqual([]);
    expect(history.payments.map((payment: { _id: string }) => payment._id)).not.toContain(stranger._id);
    const sons = await data('parent', `/parent/payment-history?child_id=${ids.son}`);
    expect(sons.pagination.total).toBe(0);
  });

  it("answers 404 for a child not linked to the parent, with the student's not-found text", async () => {
    for (const url of [`/parent/child/${ids.stranger}`, `/parent/payment-history?child_id=${ids.stranger}`]) {
      const response = await get('parent', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(entityMessages('Student').notFound);
    }
  });

  it('refuses other roles and answers 422 for bad paging', async () => {
    expect((await get('student', '/parent/dashboard')).statusCode).toBe(403);
    expect((await get('parent', '/student/dashboard')).statusCode).toBe(403);
    expect((await get('bursar', '/student/payments')).statusCode).toBe(403);
    for (const query of ['page=0', 'limit=0', 'limit=101', 'page=abc', 'status=paid', 'page=1.5']) {
      const response = await get('student', `/student/payments?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().success).toBe(false);
    }
    for (const query of ['limit=101', 'child_id=nope', 'page=-1']) {
      expect((await get('parent', `/parent/payment-history?${query}`)).statusCode, query).toBe(422);
    }
    expect((await get('parent', '/parent/child/nope')).statusCode).toBe(422);
  });

  it("shows the school's recorded results, and averages them over the children that have them", async () => {
    await t.ctx.db.insert(termResults).values({
      schoolId: ids.school,
      termId: ids.term,
      studentId: ids.student,
      average: '67.35',
      position: 4,
      classSize: 40,
      daysPresent: 57,
      totalDays: 60,
      lateDays: 2,
    });
    const student = await data('student', '/student/dashboard');
    expect(student.academic).toMatchObject({ currentAverage: 67.35, position: 4, classSize: 40, attendanceRate: 95 });
    expect(student.academic.totalAssignments).toBeNull();

    const parent = await data('parent', '/parent/dashboard');
    // The son has nothing recorded: the family figures are his sister's alone, not halved.
    expect(parent.overallSummary.averagePerformance).toBe(67.4);
    expect(parent.overallSummary.averageAttendance).toBe(95);
    expect(parent.academicSummary).toEqual(
      expect.arrayContaining([
        { childId: ids.student, currentAverage: 67.35, attendanceRate: 95 },
        { childId: ids.son, currentAverage: null, attendanceRate: null },
      ]),
    );
    const child = await data('parent', `/parent/child/${ids.student}`);
    expect(child.academic).toMatchObject({
      average: 67.35,
      position: 4,
      attendance: { daysPresent: 57, totalDays: 60 },
    });
  });
});

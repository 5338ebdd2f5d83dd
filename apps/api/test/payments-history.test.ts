import {
  type CursorPagination,
  type Payment,
  type PaymentAnalytics,
  type PaymentStats,
  percentagesOf,
  todayIn,
} from '@schoolledger/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';
import {
  approvedFee,
  bursarOf,
  call,
  insertPayment,
  loadPaymentIds,
  type PaymentIds,
  payCash,
} from './payments-support.js';

type ListBody = {
  data: {
    payments: Payment[];
    pagination: CursorPagination;
  };
};

describe('payment history, statistics and analytics', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let wuseBursar = { authorization: '' };
  const fee = { a: '', a2: '', b: '', b2: '' };
  const paid = { p1: { _id: '', receiptNo: '', trx_ref: '' }, p3: { _id: '', receiptNo: '', trx_ref: '' }, p5: '' };

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    wuseBursar = await bursarOf(t, ids.secondSchool);
    fee.a = await approvedFee(t, ids.school, ids.term, '1000');
    fee.a2 = await approvedFee(t, ids.school, ids.term, '5000');
    fee.b = await approvedFee(t, ids.secondSchool, ids.secondTerm, '2000');
    fee.b2 = await approvedFee(t, ids.secondSchool, ids.secondTerm, '100000');

    // Ikeja: three cash payments, one verified Paystack payment, one transfer claim waiting and one
    // rejected. (An online checkout never paid is no payment: payments-abandoned.test.ts.)
    paid.p1 = await payCash(t, ids.student, fee.a, '300', 'bursar');
    await payCash(t, ids.student, fee.a, '200', 'bursar');
    paid.p3 = await payCash(t, ids.stranger, fee.a, '1000', 'bursar');
    const common = { schoolId: ids.school, feeId: fee.a2 };
    paid.p5 = (
      await insertPayment(t, {
        ...common,
        studentId: ids.student,
        amountKobo: 500_000n,
        method: 'paystack',
        status: 'success',
        paidAt: new Date(),
        providerId: 'PSK-4099260001',
      })
    ).id;
    await insertPayment(t, {
      ...common,
      studentId: ids.student,
      amountKobo: 100_000n,
      method: 'bank_transfer',
      status: 'pending',
    });
    await insertPayment(t, {
      ...common,
      studentId: ids.stranger,
      amountKobo: 200_000n,
      method: 'bank_transfer',
      status: 'failed',
    });

    // Wuse: the brother's cash today, and dated payments for the analytics periods.
    await payCash(t, ids.son, fee.b, '500');
    const wuse = { schoolId: ids.secondSchool, studentId: ids.son, feeId: fee.b2 };
    const on = (iso: string) => ({ paidAt: new Date(iso), createdAt: new Date(iso) });
    for (const day of ['2025-01-05', '2025-01-10', '2025-01-12']) {
      await insertPayment(t, {
        ...wuse,
        amountKobo: 200_000n,
        method: 'cash',
        status: 'success',
        ...on(`${day}T09:00:00Z`),
      });
    }
    await insertPayment(t, {
      ...wuse,
      amountKobo: 400_000n,
      method: 'paystack',
      status: 'success',
      ...on('2025-01-20T12:00:00Z'),
    });
    // 00:30 on 1 February in Lagos: February, not January.
    await insertPayment(t, {
      ...wuse,
      amountKobo: 10_000n,
      method: 'cash',
      status: 'success',
      ...on('2025-01-31T23:30:00Z'),
    });
    await insertPayment(t, {
      ...wuse,
      amountKobo: 600_000n,
      method: 'cash',
      status: 'success',
      ...on('2024-12-15T09:00:00Z'),
    });
    await insertPayment(t, {
      ...wuse,
      amountKobo: 100_000n,
      method: 'paystack',
      status: 'success',
      ...on('2024-12-16T09:00:00Z'),
    });
    await insertPayment(t, {
      ...wuse,
      amountKobo: 50_000n,
      method: 'flutterwave',
      status: 'success',
      ...on('2024-12-17T09:00:00Z'),
    });
    await insertPayment(t, {
      ...wuse,
      amountKobo: 300_000n,
      method: 'bank_transfer',
      status: 'pending',
      ...on('2025-01-25T09:00:00Z'),
    });
  });

  async function list(who: string | { authorization: string }, query = '', url = '/payment/all') {
    const response = await call(t, who, 'GET', `${url}${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ListBody).data;
  }
  const studentsOf = (payments: Payment[]) => new Set(payments.map((payment) => payment.user._id));

  describe('who sees what', () => {
    it('a student sees only their own payments and cannot name another student', async () => {
      const { payments, pagination } = await list('student');
      expect(pagination.total).toBe(4);
      expect(studentsOf(payments)).toEqual(new Set([ids.student]));
      expect((await call(t, 'student', 'GET', `/payment/all?student_id=${ids.stranger}`)).statusCode).toBe(404);
    });

    it("a parent sees only their linked children's payments, across schools, and may narrow to one child", async () => {
      const { payments } = await list('parent', 'limit=100');
      expect(studentsOf(payments)).toEqual(new Set([ids.student, ids.son]));
      const son = await list('parent', `student_id=${ids.son}&limit=100`);
      expect(studentsOf(son.payments)).toEqual(new Set([ids.son]));
      expect(son.payments.every((payment) => payment.school._id === ids.secondSchool)).toBe(true);
      expect((await call(t, 'parent', 'GET', `/payment/all?student_id=${ids.stranger}`)).statusCode).toBe(404);
    });

    it("staff see their school's payments; another school's bursar gets 404 for its school_id and never sees its rows", async () => {
      const ikeja = await list('bursar', 'limit=100');
      expect(ikeja.pagination.total).toBe(6);
      expect(ikeja.payments.every((payment) => payment.school._id === ids.school)).toBe(true);
      expect((await call(t, 'bursar', 'GET', `/payment/all?school_id=${ids.secondSchool}`)).statusCode).toBe(404);

      expect((await call(t, wuseBursar, 'GET', `/payment/all?school_id=${ids.school}`)).statusCode).toBe(404);
      const wuse = await list(wuseBursar, 'limit=100');
      expect(wuse.payments.some((payment) => payment._id === paid.p1._id)).toBe(false);
      expect(new Set(wuse.payments.map((payment) => payment.school._id))).toEqual(new Set([ids.secondSchool]));
      const search = await list(wuseBursar, `search=${paid.p1.receiptNo}`);
      expect(search.payments.filter((payment) => payment._id === paid.p1._id)).toHaveLength(0);
    });

    it('the auditor and the principal can list; a head teacher is refused', async () => {
      expect((await list('auditor')).pagination.total).toBe(6);
      expect((await list('principal')).pagination.total).toBe(6);
      expect((await call(t, 'headteacher', 'GET', '/payment/all')).statusCode).toBe(403);
    });
  });

  describe('filters, search and paging', () => {
    it('filters by method, status, kind, fee, student, term and Lagos dates, with matching counts', async () => {
      const totalOf = async (query: string) => (await list('bursar', query)).pagination.total;
      expect(await totalOf('method=cash')).toBe(3);
      expect(await totalOf('method=bank_transfer&status=pending')).toBe(1);
      expect(await totalOf('status=failed')).toBe(1);
      expect(await totalOf('kind=refund')).toBe(0);
      expect(await totalOf(`fee_id=${fee.a}`)).toBe(3);
      expect(await totalOf(`student_id=${ids.student}`)).toBe(4);
      expect(await totalOf(`term_id=${ids.term}`)).toBe(6);
      const today = todayIn('Africa/Lagos', new Date());
      expect(await totalOf(`from=${today}&to=${today}`)).toBe(6);
      expect(await totalOf('from=2030-01-01')).toBe(0);
      expect(await totalOf('to=2020-01-01')).toBe(0);
      expect((await call(t, 'bursar', 'GET', '/payment/all?from=2025-02-01&to=2025-01-01')).statusCode).toBe(422);
      expect((await call(t, 'bursar', 'GET', '/payment/all?status=paid')).statusCode).toBe(422);
      // ISO has a year 0000; PostgreSQL has no such day: refused with the field named, never a 500.
      const yearZero = await call(t, 'bursar', 'GET', '/payment/all?from=0000-01-01');
      expect(yearZero.statusCode).toBe(422);
      expect(yearZero.json().errors).toEqual([{ field: 'from', message: 'Use a date after 1900' }]);
    });

    it('the January filter counts a payment made at 00:30 on 1 February Lagos time in February', async () => {
      const january = await list(wuseBursar, 'from=2025-01-01&to=2025-01-31&method=cash');
      expect(january.pagination.total).toBe(3);
      const february = await list(wuseBursar, 'from=2025-02-01&to=2025-02-28');
      expect(february.payments.map((payment) => payment.amount)).toEqual([100]);
    });

    it('pages newest first with the total and page count', async () => {
      const first = await list('bursar', 'limit=4&page=1');
      const second = await list('bursar', 'limit=4&page=2');
      // Below the count's cap the total is exact, as it always was.
      expect(first.pagination).toEqual({
        page: 1,
        limit: 4,
        total: 6,
        totalPages: 2,
        totalIsCapped: false,
        nextCursor: expect.any(String),
      });
      expect(second.pagination).toMatchObject({ page: 2, total: 6, totalPages: 2, nextCursor: null });
      expect(first.payments).toHaveLength(4);
      expect(second.payments).toHaveLength(2);
      const all = [...first.payments, ...second.payments];
      expect(new Set(all.map((payment) => payment._id)).size).toBe(6);
      const created = all.map((payment) => payment.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect((await list('bursar', 'limit=4&page=3')).payments).toHaveLength(0);
    });

    it('finds payments by registration number, name, receipt number and reference', async () => {
      const byRegNo = await list('bursar', 'search=CVC/2025/0142');
      expect(byRegNo.pagination.total).toBe(4);
      expect(studentsOf(byRegNo.payments)).toEqual(new Set([ids.student]));
      expect((await list('bursar', 'search=chiamaka')).pagination.total).toBe(4);
      const byReceipt = await list('bursar', `search=${paid.p1.receiptNo}`);
      expect(byReceipt.payments.map((payment) => payment._id)).toEqual([paid.p1._id]);
      const byReference = await list('bursar', `search=${paid.p3.trx_ref.toLowerCase()}`);
      expect(byReference.payments.map((payment) => payment._id)).toEqual([paid.p3._id]);
      expect((await list('bursar', 'search=%25')).pagination.total).toBe(0);
    });

    it('each per-method list holds only that method', async () => {
      const paystack = await list('bursar', '', '/payment/get-paystack');
      expect(paystack.payments.map((payment) => payment.mode_of_payment)).toEqual(['paystack']);
      const cash = await list('bursar', '', '/payment/get-payments-by-cash');
      expect(cash.pagination.total).toBe(3);
      expect(cash.payments.every((payment) => payment.mode_of_payment === 'cash')).toBe(true);
      expect((await list('bursar', '', '/payment/get-Bank_transfer')).pagination.total).toBe(2);
      expect((await list('bursar', '', '/payment/get-payments-by-flutterwave')).pagination.total).toBe(0);
      expect((await list(wuseBursar, '', '/payment/get-Bank_transfer')).payments[0]).toMatchObject({
        mode_of_payment: 'bank_transfer',
        status: 'pending',
      });
      expect((await list('student', '', '/payment/get-paystack')).pagination.total).toBe(1);
    });

    it("shows each payment with the student, fee, term, receipt and the student's net paid on the fee", async () => {
      const { payments } = await list('bursar', 'limit=100');
      const p1 = payments.find((payment) => payment._id === paid.p1._id)!;
      expect(p1).toMatchObject({
        kind: 'payment',
        user: { _id: ids.student, firstname: 'Chiamaka', lastname: 'Obi', regNo: 'CVC/2025/0142' },
        fee: { _id: fee.a, amount: 1000 },
        amount: 300,
        status: 'success',
        mode_of_payment: 'cash',
        receiptNo: paid.p1.receiptNo,
        refundedBy: null,
        hasProof: false,
        dispute: null,
        feePaid: 500,
      });
      expect(p1.fee.term?.name).toBeTruthy();
      const p5 = payments.find((payment) => payment._id === paid.p5)!;
      expect(p5).toMatchObject({ trans_id: 'PSK-4099260001', feePaid: 5000, mode_of_payment: 'paystack' });
      const pending = payments.find((payment) => payment.status === 'pending')!;
      expect(pending).toMatchObject({ feePaid: 5000, paid_at: null, receiptNo: null });
      expect(pending.trans_date).toBe(pending.createdAt);
    });
  });

  describe('statistics', () => {
    it("counts by status and sums the school's money; successful amounts are by method", async () => {
      const response = await call(t, 'bursar', 'GET', '/payment/stats');
      expect(response.statusCode, response.body).toBe(200);
      const stats = response.json().data as PaymentStats;
      expect(stats).toMatchObject({
        totalPayments: 6,
        successfulPayments: 4,
        pendingPayments: 1,
        failedPayments: 1,
        reviewPayments: 0,
        totalAmount: 9500,
        successfulAmount: 6500,
        pendingAmount: 1000,
        refundedAmount: 0,
      });
      expect(stats.paymentsByMethod).toEqual([
        { method: 'paystack', count: 1, amount: 5000 },
        { method: 'flutterwave', count: 0, amount: 0 },
        { method: 'bank_transfer', count: 0, amount: 0 },
        { method: 'cash', count: 3, amount: 1500 },
        { method: 'credit', count: 0, amount: 0 },
      ]);
      const byFee = await call(t, 'bursar', 'GET', `/payment/stats?term_id=${ids.term}`);
      expect(byFee.json().data.totalPayments).toBe(6);
    });

    it('is for staff in scope only', async () => {
      expect((await call(t, 'student', 'GET', '/payment/stats')).statusCode).toBe(403);
      expect((await call(t, 'bursar', 'GET', `/payment/stats?school_id=${ids.secondSchool}`)).statusCode).toBe(404);
      expect((await call(t, wuseBursar, 'GET', `/payment/stats?term_id=${ids.term}`)).statusCode).toBe(404);
      const wuse = (await call(t, wuseBursar, 'GET', '/payment/stats')).json().data as PaymentStats;
      expect(wuse.successfulAmount).toBe(500 + 6000 + 4000 + 100 + 6000 + 1000 + 500);
      expect(wuse.pendingPayments).toBe(1);
    });
  });

  describe('analytics', () => {
    async function analytics(who: string | { authorization: string }, query: string) {
      const response = await call(t, who, 'GET', `/payment/analytics?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as PaymentAnalytics;
    }

    it('gives per-method shares and trends against the previous period, monthly totals and recommendations', async () => {
      const result = await analytics(wuseBursar, 'from=2025-01-01&to=2025-01-31');
      expect(result).toMatchObject({ from: '2025-01-01', to: '2025-01-31', totalPayments: 4, totalAmount: 10_000 });
      expect(result.methods).toEqual([
        { method: 'paystack', count: 1, amount: 4000, percentage: 40, trend: 'up' },
        { method: 'flutterwave', count: 0, amount: 0, percentage: 0, trend: 'down' },
        { method: 'bank_transfer', count: 0, amount: 0, percentage: 0, trend: 'stable' },
        { method: 'cash', count: 3, amount: 6000, percentage: 60, trend: 'stable' },
        { method: 'credit', count: 0, amount: 0, percentage: 0, trend: 'stable' },
      ]);
      expect(result.monthly).toEqual([{ month: '2025-01', count: 4, amount: 10_000 }]);
      expect(result.recommendations).toEqual([
        'Most payments are cash: enable online payments to cut queues at the bursary.',
        'Collections are up 33% on the previous period.',
        '1 bank transfer is waiting for confirmation.',
      ]);
    });

    it('lists every month the range touches, in Lagos time', async () => {
      const result = await analytics(wuseBursar, 'from=2025-01-15&to=2025-02-10');
      expect(result.monthly).toEqual([
        { month: '2025-01', count: 1, amount: 4000 },
        { month: '2025-02', count: 1, amount: 100 },
      ]);
      expect(result.methods.map((method) => method.percentage)).toEqual([97.6, 0, 0, 2.4, 0]);
    });

    it('says so honestly when nothing was paid, and defaults to the last 30 days', async () => {
      const empty = await analytics(wuseBursar, 'from=2020-03-01&to=2020-03-31');
      expect(empty.totalPayments).toBe(0);
      expect(empty.methods.map(({ method, percentage, trend }) => ({ method, percentage, trend }))).toEqual(
        ['paystack', 'flutterwave', 'bank_transfer', 'cash', 'credit'].map((method) => ({
          method,
          percentage: 0,
          trend: 'stable',
        })),
      );
      expect(empty.recommendations).toEqual([
        'No payments in this period.',
        '1 bank transfer is waiting for confirmation.',
      ]);
      const recent = await analytics('bursar', '');
      const today = todayIn('Africa/Lagos', new Date());
      expect(recent.to).toBe(today);
      expect((Date.parse(recent.to) - Date.parse(recent.from)) / 86_400_000).toBe(29);
      expect(recent.totalPayments).toBe(4);
      expect(recent.totalAmount).toBe(6500);
    });

    it('shares of the total always add up to 100%', () => {
      expect(percentagesOf([1n, 1n, 1n, 0n])).toEqual([33.4, 33.3, 33.3, 0]);
      expect(percentagesOf([2n, 1n])).toEqual([66.7, 33.3]);
      expect(percentagesOf([0n, 0n])).toEqual([0, 0]);
    });

    it('is for staff in scope only', async () => {
      expect((await call(t, 'parent', 'GET', '/payment/analytics')).statusCode).toBe(403);
      expect((await call(t, 'bursar', 'GET', `/payment/analytics?school_id=${ids.secondSchool}`)).statusCode).toBe(404);
      expect((await call(t, 'bursar', 'GET', '/payment/analytics?from=2025-02-01&to=2025-01-01')).statusCode).toBe(422);
    });
  });
});

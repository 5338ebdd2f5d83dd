import type {
  BursarDashboard,
  ParentDashboard,
  Payment,
  PaymentReport,
  PaymentStats,
  StudentDashboard,
} from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, payments } from '../src/db/schema.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { useTestApp } from './helper.js';
import { approvedFee, call, creditsOf, loadPaymentIds, type PaymentIds } from './payments-support.js';

const SECRET = 'sk_test_schoolledger_local';

/**
 * A parent who opens Paystack's page and leaves without paying has paid nothing: the attempt is
 * theirs to see as "awaiting payment", and nobody else's to see or count as money.
 */
describe('an abandoned checkout is not a payment', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function get<T>(who: string, url: string): Promise<T> {
    const response = await call(t, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  }

  /** The parent starts a Paystack checkout for their child and leaves the provider's page. */
  async function startAndLeave(feeId: string) {
    const response = await call(t, 'parent', 'POST', '/payment/initiate', { fee_id: feeId, student_id: ids.student });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { paymentUrl: string; reference: string };
  }

  const rowOf = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
  const minutesLater = (minutes: number) => ({ ...t.ctx, clock: () => new Date(Date.now() + minutes * 60_000) });

  describe('left on the provider page', () => {
    let feeId: string;
    let started: { paymentUrl: string; reference: string };
    let statsBefore: PaymentStats;
    let reportBefore: PaymentReport['summary'];

    beforeAll(async () => {
      feeId = await approvedFee(t, ids.school, ids.term, '12500');
      statsBefore = await get<PaymentStats>('bursar', '/payment/stats');
      reportBefore = (await get<PaymentReport>('bursar', '/bursar/payment-reports')).summary;
      started = await startAndLeave(feeId);
    });

    it('its payer sees it as awaiting payment, not charged, with the way back to the provider page', async () => {
      const dashboard = await get<ParentDashboard>('parent', '/parent/dashboard');
      const shown = dashboard.recentPayments.find((payment) => payment.reference === started.reference);
      expect(shown).toMatchObject({
        awaiting: true,
        continueUrl: started.paymentUrl,
        amount: 12_500,
      });
      const history = await get<{ payments: Payment[] }>('parent', '/parent/payment-history');
      expect(history.payments.find((payment) => payment.trx_ref === started.reference)?.awaiting).toBe(true);
    });

    it('the child, who did not start it, does not see it', async () => {
      const dashboard = await get<StudentDashboard>('student', '/student/dashboard');
      expect(dashboard.financial.recentPayments.map((payment) => payment.reference)).not.toContain(started.reference);
      const own = await get<{ payments: Payment[] }>('student', '/student/payments?limit=50');
      expect(own.payments.map((payment) => payment.trx_ref)).not.toContain(started.reference);
    });

    it("is not among the bursar's recent transactions, payment lists, stats or payment report", async () => {
      const dashboard = await get<BursarDashboard>('bursar', '/bursar/dashboard');
      expect(dashboard.recentTransactions.map((row) => row._id)).not.toContain((await rowOf(started.reference)).id);
      for (const url of [
        `/payment/all?search=${started.reference}`,
        `/payment/all?fee_id=${feeId}`,
        '/payment/all?status=pending&method=paystack&limit=100',
        '/payment/get-paystack?limit=100',
      ]) {
        const list = await get<{ payments: Payment[]; pagination: { total: number } }>('bursar', url);
        expect(
          list.payments.map((payment) => payment.trx_ref),
          url,
        ).not.toContain(started.reference);
      }
      const fee = await get<{ pagination: { total: number } }>('bursar', `/payment/all?fee_id=${feeId}`);
      expect(fee.pagination.total).toBe(0);
      const byId = await call(t, 'bursar', 'GET', `/payment/${(await rowOf(started.reference)).id}`);
      expect(byId.statusCode).toBe(404);

      expect(await get<PaymentStats>('bursar', '/payment/stats')).toEqual(statsBefore);
      const report = await get<PaymentReport>('bursar', '/bursar/payment-reports');
      expect(report.summary).toEqual(reportBefore);
      expect(report.payments.map((payment) => payment.trx_ref)).not.toContain(started.reference);
    });

    it('is no line of the payments export or the term pack ledger', async () => {
      const queued = await call(t, 'bursar', 'POST', '/reports/runs', {
        report: 'payments',
        format: 'csv',
        filters: { termId: ids.term },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      await generateReportRun(t.ctx, queued.json().data.id);
      const file = await call(t, 'bursar', 'GET', `/reports/runs/${queued.json().data.id}/file`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.body).not.toContain(started.reference);

      const pack = await call(t, 'auditor', 'GET', `/audit/term-pack?schoolId=${ids.school}&termId=${ids.term}`);
      expect(pack.statusCode, pack.body).toBe(200);
      const files = unzipSync(new Uint8Array(pack.rawPayload));
      expect(strFromU8(files['ledger.csv']!)).not.toContain(started.reference);
      expect(strFromU8(files['receipts-index.csv']!)).not.toContain(started.reference);
    });

    it('the job asks Paystack and closes it as abandoned once Paystack says it was not paid', async () => {
      // A few minutes on: asked, and Paystack says abandoned, but the payer may still be on the page.
      const early = await runReconcile(minutesLater(6));
      expect(early?.checked).toBeGreaterThanOrEqual(1);
      expect((await rowOf(started.reference)).status).toBe('pending');

      // Well within half an hour it is closed, nothing credited.
      await runReconcile(minutesLater(20));
      const closed = await rowOf(started.reference);
      expect(closed.status).toBe('failed');
      expect(await creditsOf(t, closed.id)).toBe(0);
      const audits = await t.ctx.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, closed.id), eq(auditLogs.action, 'payment.fail')));
      expect(audits.map((audit) => audit.after)).toEqual([expect.objectContaining({ reason: 'abandoned' })]);

      // Closed, it is no longer awaiting anything: the parent's dashboard drops it too.
      const dashboard = await get<ParentDashboard>('parent', '/parent/dashboard');
      expect(dashboard.recentPayments.map((payment) => payment.reference)).not.toContain(started.reference);
    });
  });

  it('the job credits a checkout Paystack says was paid while its notice was lost, and only then it is a payment', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '12500');
    const { paymentUrl, reference } = await startAndLeave(feeId);
    // Paid on the provider page; no webhook reaches the school (this test app does not listen).
    const paid = await fetch(`${paymentUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBeLessThan(400);
    expect((await rowOf(reference)).status).toBe('pending');

    await runReconcile(minutesLater(6));
    const credited = await rowOf(reference);
    expect(credited.status).toBe('success');
    expect(await creditsOf(t, credited.id)).toBe(1);

    const list = await get<{ payments: Payment[] }>('bursar', `/payment/all?search=${reference}`);
    expect(list.payments).toEqual([expect.objectContaining({ status: 'success', awaiting: false, continueUrl: null })]);
    const dashboard = await get<ParentDashboard>('parent', '/parent/dashboard');
    expect(dashboard.recentPayments.find((payment) => payment.reference === reference)).toMatchObject({
      status: 'success',
      awaiting: false,
    });
  });
});

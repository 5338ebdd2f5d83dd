import { randomUUID } from 'node:crypto';
import {
  type FlutterwaveFake,
  type PaystackFake,
  startFlutterwaveFake,
  startPaystackFake,
} from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  familyCreditBalances,
  paymentCheckouts,
  paymentProfiles,
  paymentReviews,
  payments,
  paymentWebhookEvents,
  users,
} from '../src/db/schema.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { DEMO_PASSWORD, demoEmail, insertUser, useTestApp } from './helper.js';
import { call, creditsOf, loadPaymentIds, type PaymentIds, payCash, until } from './payments-support.js';

const PAYSTACK_SECRET = 'sk_test_schoolledger_checkout';
const FLW_SECRET = 'FLWSECK_TEST-checkout000000000000000000-X';
const FLW_HASH = 'schoolledger-checkout-hash';
type Resent = { data: { statuses: (number | null)[] } };
interface Line {
  paymentId: string;
  reference: string;
  status: string;
  amount: number;
  receiptNo: string | null;
  student: { _id: string };
  fee: { _id: string; name: string };
  school: { name: string };
  outstanding: number;
}

describe('a family checkout: several fees of several children in one online payment', () => {
  let paystack: PaystackFake;
  let flutterwave: FlutterwaveFake;
  const env: Record<string, string> = {
    PAYSTACK_SECRET_KEY: PAYSTACK_SECRET,
    FLUTTERWAVE_SECRET_KEY: FLW_SECRET,
    FLUTTERWAVE_SECRET_HASH: FLW_HASH,
  };
  beforeAll(async () => {
    paystack = await startPaystackFake({ secretKey: PAYSTACK_SECRET });
    flutterwave = await startFlutterwaveFake({ secretKey: FLW_SECRET, secretHash: FLW_HASH });
    env.PAYSTACK_BASE_URL = paystack.url;
    env.FLUTTERWAVE_BASE_URL = flutterwave.baseUrl;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let address = '';

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    // The fakes deliver webhooks over real HTTP, so the app listens on a loopback port.
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    ids = await loadPaymentIds(t);
  });
  afterAll(async () => {
    await paystack?.close();
    await flutterwave?.close();
  });

  async function fee(school: 'first' | 'second', amount: string, overrides: Record<string, unknown> = {}) {
    const response = await call(t, 'admin', 'POST', '/fee/create', {
      term_id: school === 'first' ? ids.term : ids.secondTerm,
      school_id: school === 'first' ? ids.school : ids.secondSchool,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type: 'miscellaneous',
      amount,
      isApproved: true,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  /** What the parent's fee page says is still owed on a child's fee. */
  async function owed(studentId: string, feeId: string) {
    const response = await call(t, 'parent', 'GET', `/student/fees?student_id=${studentId}`);
    expect(response.statusCode, response.body).toBe(200);
    const item = (response.json().data.fees as { fee: { _id: string }; outstanding: number }[]).find(
      (row) => row.fee._id === feeId,
    );
    expect(item, `fee ${feeId} on the page`).toBeDefined();
    return item!.outstanding;
  }

  async function start(items: { student_id: string; fee_id: string; amount?: number }[], method = 'paystack') {
    const response = await call(t, 'parent', 'POST', '/payment/checkout', { method, items });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      reference: string;
      paymentUrl: string;
      total: number;
      items: { student_id: string; fee_id: string; amount: number; reference: string }[];
    };
  }

  /** The payer on Paystack's hosted page; the redirect back is returned, not followed. */
  async function payOnPaystack(paymentUrl: string, action: 'pay' | 'fail' | 'abandon' = 'pay') {
    return fetch(`${paymentUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });
  }

  const linesOf = async (checkoutId: string) =>
    t.ctx.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)).orderBy(payments.reference);
  const checkoutOf = async (reference: string) =>
    (await t.ctx.db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference)))[0]!;
  /** The demo parent's family credit, in kobo, as the ledger's balance keeps it. */
  const creditOfParent = async () => {
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    const [row] = await t.ctx.db
      .select()
      .from(familyCreditBalances)
      .where(eq(familyCreditBalances.parentId, parent!.id));
    return row?.balanceKobo ?? 0n;
  };

  it('pays three fees of two children at two schools once: 200 duplicate webhooks and the return credit each line once', async () => {
    const tuition = await fee('first', '1000');
    const uniform = await fee('first', '2500.50');
    const sonFee = await fee('second', '3000', { isInstallmentAllowed: true, no_ofInstallments: 2 });
    paystack.setWebhookUrl(undefined);
    const started = await start([
      { student_id: ids.student, fee_id: tuition },
      { student_id: ids.student, fee_id: uniform },
      { student_id: ids.son, fee_id: sonFee, amount: 1500 },
    ]);
    expect(started.total).toBe(5000.5);
    expect(started.items.map((item) => [item.fee_id, item.amount, item.reference])).toEqual([
      [tuition, 1000, `${started.reference}-1`],
      [uniform, 2500.5, `${started.reference}-2`],
      [sonFee, 1500, `${started.reference}-3`],
    ]);
    // One provider transaction for the total, under the checkout's reference.
    expect(paystack.transaction(started.reference)!.requestedAmount).toBe(500050);
    const checkout = await checkoutOf(started.reference);
    expect(checkout).toMatchObject({
      status: 'pending',
      amountKobo: 500050n,
      schoolId: ids.school,
      method: 'paystack',
    });
    const pending = await linesOf(checkout.id);
    expect(pending.map((row) => [row.status, row.schoolId, row.amountKobo, row.isInstallment])).toEqual([
      ['pending', ids.school, 100000n, false],
      ['pending', ids.school, 250050n, false],
      ['pending', ids.secondSchool, 150000n, true],
    ]);

    const paid = await payOnPaystack(started.paymentUrl);
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location')!);
    paystack.setWebhookUrl(`${address}/api/v1/payment/paystack/webhook`);
    const [storm, returned] = await Promise.all([
      fetch(`${paystack.url}/__fake/transactions/${started.reference}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: 200 }),
      }).then((response) => response.json() as Promise<Resent>),
      t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` }),
    ]);
    expect(storm.data.statuses).toEqual(Array.from({ length: 200 }, () => 200));
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/student/fees?checkout=${started.reference}`);
    await until(async () => (await checkoutOf(started.reference)).status === 'success', 20_000);
    // The webhooks are answered before they are settled: let every one of them finish.
    await until(
      async () =>
        (
          await t.ctx.db
            .select()
            .from(paymentWebhookEvents)
            .where(eq(paymentWebhookEvents.reference, started.reference))
        ).every((event) => event.processedAt !== null),
      20_000,
    );

    const credited = await linesOf(checkout.id);
    expect(credited.map((row) => row.status)).toEqual(['success', 'success', 'success']);
    for (const row of credited) expect(await creditsOf(t, row.id)).toBe(1);
    const receipts = credited.map((row) => row.receiptNo);
    for (const receipt of receipts) expect(receipt).toMatch(/^CV[CW]-\d{4}-\d{6}$/);
    // Numbered in each school's own sequence: Ikeja's two lines take consecutive numbers.
    const ikeja = receipts.slice(0, 2).map((receipt) => Number(receipt!.slice(-6)));
    expect(ikeja[1]! - ikeja[0]!).toBe(1);
    expect(new Set(credited.map((row) => `${row.schoolId}:${row.receiptNo}`)).size).toBe(3);
    const settled = await checkoutOf(started.reference);
    expect(settled.providerId).toBe(String(paystack.transaction(started.reference)!.id));
    const checkoutCredits = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, checkout.id), eq(auditLogs.action, 'payment.checkout.credit')));
    expect(checkoutCredits).toHaveLength(1);

    expect(await owed(ids.student, tuition)).toBe(0);
    expect(await owed(ids.student, uniform)).toBe(0);
    expect(await owed(ids.son, sonFee)).toBe(1500);

    const status = await call(t, 'parent', 'GET', `/payment/checkout/${started.reference}`);
    expect(status.statusCode, status.body).toBe(200);
    const view = status.json().data as { status: string; total: number; lines: Line[] };
    expect(view.status).toBe('success');
    expect(view.total).toBe(5000.5);
    expect(view.lines.map((line) => [line.fee._id, line.amount, line.receiptNo, line.outstanding])).toEqual([
      [tuition, 1000, receipts[0], 0],
      [uniform, 2500.5, receipts[1], 0],
      [sonFee, 1500, receipts[2], 1500],
    ]);
    // Each line's receipt is the ordinary receipt of its payment.
    const receipt = await call(t, 'parent', 'GET', `/payment/${view.lines[2]!.paymentId}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-disposition']).toContain(`${receipts[2]}.pdf`);

    // A staff member of one school sees that school's lines only.
    const bursar = await call(t, 'bursar', 'GET', `/payment/checkout/${started.reference}`);
    expect(bursar.statusCode, bursar.body).toBe(200);
    expect((bursar.json().data.lines as Line[]).map((line) => line.fee._id)).toEqual([tuition, uniform]);
  }, 60_000);

  it('a Flutterwave checkout is credited from its webhook', async () => {
    const one = await fee('first', '700');
    const two = await fee('second', '800');
    const started = await start(
      [
        { student_id: ids.student, fee_id: one },
        { student_id: ids.son, fee_id: two },
      ],
      'flutterwave',
    );
    expect(flutterwave.transaction(started.reference)!.requestedKobo).toBe(150000);
    flutterwave.setWebhookUrl(`${address}/api/v1/payment/flutterwave/webhook`);
    const paid = await fetch(`${started.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    await flutterwave.settled();
    await until(async () => (await checkoutOf(started.reference)).status === 'success');
    const lines = await linesOf((await checkoutOf(started.reference)).id);
    expect(lines.map((row) => row.status)).toEqual(['success', 'success']);
    for (const row of lines) expect(await creditsOf(t, row.id)).toBe(1);
    expect(await owed(ids.student, one)).toBe(0);
    expect(await owed(ids.son, two)).toBe(0);

    // One line refunded: a partial refund of the checkout's one Flutterwave transaction.
    const line = lines.find((row) => row.feeId === two)!;
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payment/${line.id}/refund`,
      headers: await t.as('admin'),
      payload: { reason: 'Left the school before the term began' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(flutterwave.refunds().filter((row) => row.txRef === started.reference)).toEqual([
      expect.objectContaining({ amountKobo: 80000 }),
    ]);
  });

  it('an amount other than the total puts the checkout and every line in review, crediting nothing', async () => {
    const one = await fee('first', '1000');
    const two = await fee('second', '2000');
    paystack.setWebhookUrl(undefined);
    const started = await start([
      { student_id: ids.student, fee_id: one },
      { student_id: ids.son, fee_id: two },
    ]);
    await fetch(`${paystack.url}/__fake/transactions/${started.reference}/amount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100_000 }),
    });
    expect((await payOnPaystack(started.paymentUrl)).status).toBe(302);
    const status = await call(t, 'parent', 'GET', `/payment/checkout/${started.reference}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data.status).toBe('review');
    const checkout = await checkoutOf(started.reference);
    expect(checkout.status).toBe('review');
    const lines = await linesOf(checkout.id);
    expect(lines.map((row) => [row.status, row.receiptNo])).toEqual([
      ['review', null],
      ['review', null],
    ]);
    for (const row of lines) {
      expect(await creditsOf(t, row.id)).toBe(0);
      const reviews = await t.ctx.db.select().from(paymentReviews).where(eq(paymentReviews.paymentId, row.id));
      expect(reviews).toHaveLength(1);
      expect(reviews[0]!.reason).toContain(started.reference);
      expect(reviews[0]!.reportedKobo).toBe(100_000n);
    }
    expect(await owed(ids.student, one)).toBe(1000);
    expect(await owed(ids.son, two)).toBe(2000);
  });

  it('a line whose fee was paid meanwhile is credited and its excess kept as family credit, never over-collected', async () => {
    const one = await fee('first', '1000');
    const two = await fee('second', '500');
    paystack.setWebhookUrl(undefined);
    const started = await start([
      { student_id: ids.student, fee_id: one },
      { student_id: ids.son, fee_id: two },
    ]);
    // Someone pays part of the first fee at the desk before the checkout is settled.
    await payCash(t, ids.student, one, '400');
    const creditBefore = await creditOfParent();
    expect((await payOnPaystack(started.paymentUrl)).status).toBe(302);
    await call(t, 'parent', 'GET', `/payment/checkout/${started.reference}`);
    const checkout = await checkoutOf(started.reference);
    expect(checkout.status).toBe('success');
    const lines = await linesOf(checkout.id);
    expect(lines.map((row) => row.status)).toEqual(['success', 'success']);
    for (const row of lines) expect(await creditsOf(t, row.id)).toBe(1);
    // ₦1,000 came for a fee that needed ₦600: ₦600 pays it, ₦400 becomes the family's credit.
    expect(await owed(ids.student, one)).toBe(0);
    expect(await owed(ids.son, two)).toBe(0);
    expect((await creditOfParent()) - creditBefore).toBe(40_000n);
  });

  it('an abandoned checkout is failed as a whole by the reconciliation job a day later', async () => {
    const one = await fee('first', '300');
    const two = await fee('second', '400');
    const started = await start([
      { student_id: ids.student, fee_id: one },
      { student_id: ids.son, fee_id: two },
    ]);
    expect((await payOnPaystack(started.paymentUrl, 'abandon')).status).toBe(200);
    const later = { ...t.ctx, clock: () => new Date(Date.now() + 25 * 60 * 60_000) };
    const result = await runReconcile(later);
    expect(result?.failed).toBeGreaterThanOrEqual(1);
    const checkout = await checkoutOf(started.reference);
    expect(checkout.status).toBe('failed');
    expect((await linesOf(checkout.id)).map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(await owed(ids.student, one)).toBe(300);
  });

  it("refuses a stranger's child, a fee twice, staff, an amount above what is owed, and schools with different accounts", async () => {
    const one = await fee('first', '1000');
    const strangers = await call(t, 'parent', 'POST', '/payment/checkout', {
      method: 'paystack',
      items: [
        { student_id: ids.student, fee_id: one },
        { student_id: ids.stranger, fee_id: one },
      ],
    });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toMatchObject({ success: false, code: 'STUDENT_NOT_FOUND' });
    expect(strangers.json().message).toContain('Fee 2');

    const twice = await call(t, 'parent', 'POST', '/payment/checkout', {
      method: 'paystack',
      items: [
        { student_id: ids.student, fee_id: one },
        { student_id: ids.student, fee_id: one },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This fee is already in the checkout');

    const staff = await call(t, 'bursar', 'POST', '/payment/checkout', {
      method: 'paystack',
      items: [{ student_id: ids.student, fee_id: one }],
    });
    expect(staff.statusCode).toBe(403);

    const above = await call(t, 'parent', 'POST', '/payment/checkout', {
      method: 'paystack',
      items: [{ student_id: ids.student, fee_id: one, amount: 5000 }],
    });
    expect(above.statusCode).toBe(422);
    expect(above.json().errors[0].field).toBe('items.0.amount');

    // The son's school takes Paystack payments into its own account: one transaction cannot pay both.
    const two = await fee('second', '1000');
    const psSecretKeyEnc = encryptSecret('sk_test_wuse_own_account', t.ctx.encryptionKey);
    await t.ctx.db
      .insert(paymentProfiles)
      .values({ schoolId: ids.secondSchool, activatePs: true, psSecretKeyEnc })
      .onConflictDoUpdate({ target: paymentProfiles.schoolId, set: { activatePs: true, psSecretKeyEnc } });
    try {
      const accounts = await call(t, 'parent', 'POST', '/payment/checkout', {
        method: 'paystack',
        items: [
          { student_id: ids.student, fee_id: one },
          { student_id: ids.son, fee_id: two },
        ],
      });
      expect(accounts.statusCode).toBe(422);
      expect(accounts.json()).toMatchObject({ code: 'CHECKOUT_ACCOUNTS_DIFFER' });
      expect(accounts.json().message).toBe(
        'Crestview College, Wuse takes payments into another account than Crestview College, Ikeja: pay their fees in a separate checkout',
      );
    } finally {
      await t.ctx.db
        .update(paymentProfiles)
        .set({ psSecretKeyEnc: null })
        .where(eq(paymentProfiles.schoolId, ids.secondSchool));
    }
    const made = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.feeId, one), eq(payments.studentId, ids.student)));
    expect(made).toEqual([]);

    // Another parent cannot read the family's checkout.
    const started = await start([{ student_id: ids.student, fee_id: one }]);
    const email = `other-parent-${randomUUID().slice(0, 6)}@example.ng`;
    await insertUser(t, { email, roles: ['Parent'] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const other = await call(
      t,
      { authorization: `Bearer ${login.json().data.token}` },
      'GET',
      `/payment/checkout/${started.reference}`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, code: 'CHECKOUT_NOT_FOUND' });
  });
});

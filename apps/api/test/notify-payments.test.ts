import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fees, notifications, paymentProfiles, payments } from '../src/db/schema.js';
import { processDispute } from '../src/modules/payments/online/disputes.service.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { settlePayment } from '../src/modules/payments/online/settle.service.js';
import { demoEmail, useTestApp } from './helper.js';
import {
  noticesAbout as allNoticesAbout,
  demoUser,
  emailsOf,
  emailsWithSubject,
  linkedParents,
  noticeEmails,
  sorted,
  switchEmailOff,
} from './notify-support.js';
import {
  approvedFee,
  call,
  claimTransfer,
  loadPaymentIds,
  type PaymentIds,
  payCash,
  setBankTransfer,
} from './payments-support.js';

const SECRET = 'sk_test_schoolledger_local';

/** What the bursary hears of the same payments is proven in notify-staff-money.test.ts; here, the family's notices. */
const BURSARY_KINDS: readonly NotificationKind[] = [
  'payment_credited',
  'transfer_claimed',
  'payment_disputed',
  'refund_failed',
];
const noticesAbout = async (...args: Parameters<typeof allNoticesAbout>) =>
  (await allNoticesAbout(...args)).filter((notice) => !BURSARY_KINDS.includes(notice.kind));

describe('payment events notify the student, their parents and the payer, in the app and by email', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  /** Chiamaka (the demo student) and the parents linked to her: everyone a payment of hers concerns. */
  let family: string[] = [];
  let parentEmails: string[] = [];

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    await setBankTransfer(t, ids.school, true);
    // The profile that switches transfers on keeps Paystack on too (its key comes from the environment).
    await t.ctx.db.update(paymentProfiles).set({ activatePs: true }).where(eq(paymentProfiles.schoolId, ids.school));
    const parents = await linkedParents(t, ids.student);
    expect(parents.map((parent) => parent.email)).toContain(demoEmail('parent'));
    family = sorted([ids.student, ...parents.map((parent) => parent.id)]);
    parentEmails = sorted(parents.map((parent) => parent.email));
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function newFee(amount: string) {
    const id = await approvedFee(t, ids.school, ids.term, amount);
    const [fee] = await t.ctx.db.select().from(fees).where(eq(fees.id, id));
    return { id, name: fee!.name };
  }

  const totals = async () => ({
    notices: (await t.ctx.db.select({ n: count() }).from(notifications))[0]!.n,
    emails: (await noticeEmails(t)).length,
  });

  it('cash at the desk: one success notice and one email each for the student and her parents, none for the bursar', async () => {
    const fee = await newFee('1000');
    const bursar = await demoUser(t, 'bursar');
    const payment = await payCash(t, ids.student, fee.id, '750', 'bursar');

    const notices = await noticesAbout(t, 'paymentId', payment._id);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    for (const notice of notices) {
      expect(notice).toMatchObject({
        kind: 'payment_succeeded',
        type: 'success',
        title: `Payment received: ${fee.name}`,
        actionUrl: '/student/fees',
        metadata: { amountKobo: '75000', feeId: fee.id, paymentId: payment._id, studentId: ids.student },
      });
      expect(notice.message).toContain('₦750.00');
      expect(notice.message).toContain(payment.receiptNo);
    }
    expect(notices.map((notice) => notice.userId)).not.toContain(bursar.id);

    const emails = await emailsWithSubject(t, `Payment Confirmation - ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, family));
    for (const email of emails) {
      expect(email.templateId).toBe('payment_success');
      expect(email.text).toContain('₦750.00');
      expect(email.text).toContain('Cash Payment');
      expect(email.text).toContain(payment.receiptNo);
      expect(email.text).toContain('/student/fees');
    }
  });

  it('a person who switched email off for payments gets the notice but no email', async () => {
    await switchEmailOff(t, ids.student, 'payment_succeeded');
    const fee = await newFee('500');
    const payment = await payCash(t, ids.student, fee.id, '500', 'bursar');

    expect(sorted((await noticesAbout(t, 'paymentId', payment._id)).map((notice) => notice.userId))).toEqual(family);
    const emails = await emailsWithSubject(t, `Payment Confirmation - ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(parentEmails);
    expect(emails.map((email) => email.to)).not.toContain(demoEmail('student'));
  });

  it('a cash payment refused as over the outstanding leaves no notice and no email', async () => {
    const fee = await newFee('300');
    const before = await totals();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: fee.id, amount: '301' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await totals()).toEqual(before);
    expect(await emailsWithSubject(t, `Payment Confirmation - ${fee.name}`)).toHaveLength(0);
  });

  const claim = (feeId: string, amount: string) =>
    claimTransfer(t, { studentId: ids.student, feeId, amount, bankReference: 'GTB-777' });

  it('a confirmed bank transfer is told once, as its confirmation, to the claimant, the student and her parents', async () => {
    const fee = await newFee('2000');
    const id = await claim(fee.id, '2000');
    expect(await noticesAbout(t, 'paymentId', id)).toHaveLength(0);
    const confirmed = await call(t, 'bursar', 'POST', `/payment/${id}/confirm-transfer`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const notices = await noticesAbout(t, 'paymentId', id);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    for (const notice of notices) {
      expect(notice).toMatchObject({
        kind: 'transfer_confirmed',
        type: 'success',
        title: `Bank transfer confirmed: ${fee.name}`,
        metadata: { amountKobo: '200000', paymentId: id },
      });
    }
    const emails = await emailsWithSubject(t, `Payment Confirmation - ${fee.name}`);
    // The student switched payment emails off for payment_succeeded only: a confirmation is its own kind.
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, family));
    expect(emails[0]!.text).toContain('₦2,000.00');
    expect(emails[0]!.text).toContain('Bank Transfer');
  });

  it('a rejected bank transfer tells them with the bursar’s reason', async () => {
    const fee = await newFee('1200');
    const id = await claim(fee.id, '1200');
    const rejected = await call(t, 'bursar', 'POST', `/payment/${id}/reject-transfer`, {
      reason: 'No such credit on our statement',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const notices = await noticesAbout(t, 'paymentId', id);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    for (const notice of notices) {
      expect(notice).toMatchObject({
        kind: 'transfer_rejected',
        type: 'error',
        title: `Bank transfer rejected: ${fee.name}`,
        metadata: { amountKobo: '120000', reason: 'No such credit on our statement' },
      });
      expect(notice.message).toContain('No such credit on our statement');
    }
    const emails = await emailsWithSubject(t, `Bank transfer rejected: ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, family));
    expect(emails[0]!.text).toContain('₦1,200.00');
    expect(emails[0]!.text).toContain('No such credit on our statement');
  });

  it('a cash refund warns the student and her parents with the amount', async () => {
    const fee = await newFee('800');
    const payment = await payCash(t, ids.student, fee.id, '800', 'bursar');
    const refunded = await call(t, 'bursar', 'POST', `/payment/${payment._id}/refund`, { reason: 'Paid twice' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = refunded.json().data._id as string;

    const notices = await noticesAbout(t, 'paymentId', refundId);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    for (const notice of notices) {
      expect(notice).toMatchObject({
        kind: 'refund',
        type: 'warning',
        title: `Refund: ${fee.name}`,
        metadata: { amountKobo: '80000', feeId: fee.id },
      });
      expect(notice.message).toContain('Paid twice');
    }
    const emails = await emailsWithSubject(t, `Refund: ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, family));
    expect(emails[0]!.text).toContain('₦800.00');
  });

  async function initiate(feeId: string) {
    const started = await call(t, 'parent', 'POST', '/payment/initiate', { fee_id: feeId, student_id: ids.student });
    expect(started.statusCode, started.body).toBe(200);
    return started.json().data as { paymentUrl: string; reference: string };
  }

  const checkout = (paymentUrl: string, action: 'pay' | 'fail' | 'abandon') =>
    fetch(`${paymentUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });

  const rowOf = async (reference: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

  it('an online payment: credited once however often it is verified; a lost dispute then warns of the refund', async () => {
    const fee = await newFee('1500');
    const { paymentUrl, reference } = await initiate(fee.id);
    expect((await checkout(paymentUrl, 'pay')).status).toBe(302);
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('credited');
    expect(await settlePayment(t.ctx, reference, { source: 'job' })).toBe('already_settled');
    const payment = await rowOf(reference);

    const notices = await noticesAbout(t, 'paymentId', payment.id);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    expect(new Set(notices.map((notice) => notice.kind))).toEqual(new Set(['payment_succeeded']));
    const emails = await emailsWithSubject(t, `Payment Confirmation - ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(parentEmails);
    expect(emails[0]!.text).toContain('Paystack');
    expect(emails[0]!.text).toContain('₦1,500.00');

    await processDispute(t.ctx, payment, {
      provider: 'paystack',
      event: 'charge.dispute.resolve',
      payload: { data: { id: `D-${reference}`, resolution: 'merchant-accepted', status: 'resolved' } },
    });
    const [refund] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, payment.id));
    const warned = await noticesAbout(t, 'paymentId', refund!.id);
    expect(sorted(warned.map((notice) => notice.userId))).toEqual(family);
    expect(warned[0]).toMatchObject({ kind: 'refund', type: 'warning', metadata: { amountKobo: '150000' } });
    expect(warned[0]!.message).toContain('dispute');
    expect(sorted((await emailsWithSubject(t, `Refund: ${fee.name}`)).map((email) => email.to))).toEqual(
      await emailsOf(t, family),
    );
  });

  it('an online payment the provider declines tells them it failed, with the reason', async () => {
    const fee = await newFee('900');
    const { paymentUrl, reference } = await initiate(fee.id);
    await checkout(paymentUrl, 'fail');
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('failed');
    expect(await settlePayment(t.ctx, reference, { source: 'job' })).toBe('failed');
    const payment = await rowOf(reference);

    const notices = await noticesAbout(t, 'paymentId', payment.id);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    for (const notice of notices) {
      expect(notice).toMatchObject({
        kind: 'payment_failed',
        type: 'error',
        title: `Payment failed: ${fee.name}`,
        metadata: { amountKobo: '90000', paymentId: payment.id },
      });
      expect(notice.metadata.reason).toMatch(/did not go through/);
    }
    const emails = await emailsWithSubject(t, `Payment Failed - ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, family));
    expect(emails[0]!.text).toContain('₦900.00');
    expect(emails[0]!.text).toContain('did not go through');
  });

  it('an online payment abandoned at the checkout is failed by the reconciliation job, which tells them why', async () => {
    const fee = await newFee('650');
    const { paymentUrl, reference } = await initiate(fee.id);
    expect((await checkout(paymentUrl, 'abandon')).status).toBe(200);
    const later = { ...t.ctx, clock: () => new Date(Date.now() + 25 * 60 * 60_000) };
    expect((await runReconcile(later))?.failed).toBeGreaterThanOrEqual(1);
    const payment = await rowOf(reference);
    expect(payment.status).toBe('failed');

    const notices = await noticesAbout(t, 'paymentId', payment.id);
    expect(sorted(notices.map((notice) => notice.userId))).toEqual(family);
    expect(notices[0]).toMatchObject({ kind: 'payment_failed', metadata: { amountKobo: '65000' } });
    expect(notices[0]!.message).toContain('not completed in time');
    const emails = await emailsWithSubject(t, `Payment Failed - ${fee.name}`);
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, family));
    expect(emails[0]!.text).toContain('₦650.00');
  });
});

import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentProfiles, payments } from '../src/db/schema.js';
import { processDispute } from '../src/modules/payments/online/disputes.service.js';
import { settlePayment } from '../src/modules/payments/online/settle.service.js';
import { expenseBody, loadExpenseIds, staffOf } from './expenses-support.js';
import { useTestApp } from './helper.js';
import { demoUser } from './notify-support.js';
import {
  approvedFee,
  call,
  claimTransfer,
  loadPaymentIds,
  type PaymentIds,
  payCash,
  payOnProviderPage,
  setBankTransfer,
} from './payments-support.js';
import { type OpenStream, openStream } from './sse-client.js';

const SECRET = 'sk_test_schoolledger_staff_notices';

/** The kinds the bursary and the approvers hear; a person may switch each off. */
const STAFF_KINDS: NotificationKind[] = [
  'payment_credited',
  'transfer_claimed',
  'payment_disputed',
  'refund_failed',
  'fee_to_approve',
  'adjustment_to_approve',
  'expense',
];

type Staff = Awaited<ReturnType<typeof staffOf>>;

describe('the bursary hears of money as it arrives, and approvers of what waits for them', () => {
  let paystack: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    paystack = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = paystack.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  let base = '';
  const streams: OpenStream[] = [];
  /** The demo people of Ikeja and the group. */
  const who = { bursar: '', principal: '', proprietor: '', parent: '', student: '', principal2: '' };
  /** A second bursar of Ikeja, who takes cash at the desk in these tests. */
  let deskBursar: Staff;
  /** A bursar of Ikeja who switched every staff kind off. */
  let quietBursar: Staff;
  /** A bursar of the other school (Wuse). */
  let wuseBursar: Staff;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    base = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
    ids = await loadPaymentIds(t);
    await setBankTransfer(t, ids.school, true);
    await t.ctx.db.update(paymentProfiles).set({ activatePs: true }).where(eq(paymentProfiles.schoolId, ids.school));
    for (const name of Object.keys(who) as (keyof typeof who)[]) who[name] = (await demoUser(t, name)).id;
    deskBursar = await staffOf(t, ids.school, ['Bursar']);
    quietBursar = await staffOf(t, ids.school, ['Bursar']);
    wuseBursar = await staffOf(t, ids.secondSchool, ['Bursar']);
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification/preferences',
      headers: quietBursar.headers,
      payload: { preferences: STAFF_KINDS.map((kind) => ({ kind, inApp: false, email: true })) },
    });
    expect(switched.statusCode, switched.body).toBe(200);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await paystack?.close();
  });

  /** Who got a notice of `kind` about a payment, a fee or a student. */
  async function heard(kind: NotificationKind, key: 'paymentId' | 'feeId', id: string) {
    const rows = await t.ctx.db
      .select({ userId: notifications.userId, message: notifications.message, actionUrl: notifications.actionUrl })
      .from(notifications)
      .where(and(eq(notifications.kind, kind), sql`${notifications.metadata}->>${key} = ${id}`));
    return { people: rows.map((row) => row.userId), first: rows[0] };
  }

  /** Never another school's staff, nor anyone who switched the kind off. */
  function neitherStrangersNorQuiet(people: string[]) {
    expect(people).not.toContain(wuseBursar.id);
    expect(people).not.toContain(who.principal2);
    expect(people).not.toContain(quietBursar.id);
  }

  async function paidOnline(feeId: string) {
    const started = await call(t, 'parent', 'POST', '/payment/initiate', { fee_id: feeId, student_id: ids.student });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentUrl, reference } = started.json().data as { paymentUrl: string; reference: string };
    await payOnProviderPage(paymentUrl);
    expect(await settlePayment(t.ctx, reference, { source: 'callback' })).toBe('credited');
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    return row!;
  }

  it("a parent's Paystack payment reaches the school's bursars and proprietor, not the payer, Wuse, nor a bursar who switched it off", async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1500');
    const payment = await paidOnline(feeId);

    const { people, first } = await heard('payment_credited', 'paymentId', payment.id);
    expect(people).toEqual(expect.arrayContaining([who.bursar, deskBursar.id, who.proprietor]));
    expect(people).not.toContain(who.parent);
    expect(people).not.toContain(who.student);
    neitherStrangersNorQuiet(people);
    expect(first?.message).toContain('₦1,500.00');
    expect(first?.message).toContain(payment.receiptNo!);
    expect(first?.actionUrl).toBe('/fees?tab=payments');
  });

  it('every line of a family checkout reaches the bursar', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '700');
    const started = await call(t, 'parent', 'POST', '/payment/checkout', {
      method: 'paystack',
      items: [{ student_id: ids.student, fee_id: feeId }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentUrl, reference } = started.json().data as { paymentUrl: string; reference: string };
    await payOnProviderPage(paymentUrl);
    // The payer's return page asks where the checkout stands, which settles it.
    const status = await call(t, 'parent', 'GET', `/payment/checkout/${reference}`);
    expect(status.statusCode, status.body).toBe(200);
    const [line] = await t.ctx.db.select().from(payments).where(eq(payments.feeId, feeId));
    expect(line?.status).toBe('success');

    const { people } = await heard('payment_credited', 'paymentId', line!.id);
    expect(people).toEqual(expect.arrayContaining([who.bursar, deskBursar.id]));
    expect(people).not.toContain(who.parent);
    neitherStrangersNorQuiet(people);
  });

  it('cash taken at the desk reaches the other bursars, never the bursar who took it', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '400');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...deskBursar.headers, 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: feeId, amount: '400' },
    });
    expect(taken.statusCode, taken.body).toBe(200);

    const { people } = await heard('payment_credited', 'paymentId', taken.json().data.payment._id);
    expect(people).toContain(who.bursar);
    expect(people).not.toContain(deskBursar.id);
    neitherStrangersNorQuiet(people);
  });

  const claim = (feeId: string, amount: string) =>
    claimTransfer(t, { studentId: ids.student, feeId, amount, bankReference: 'GTB-4411' });

  it('a transfer claim waits for whoever may confirm it, with the bank reference; once confirmed, the other bursars hear the money is in', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '2000');
    const id = await claim(feeId, '2000');

    const claimed = await heard('transfer_claimed', 'paymentId', id);
    expect(claimed.people).toEqual(expect.arrayContaining([who.bursar, deskBursar.id]));
    expect(claimed.people).not.toContain(who.parent);
    // Proprietors and principals do not confirm transfers.
    expect(claimed.people).not.toContain(who.proprietor);
    expect(claimed.people).not.toContain(who.principal);
    neitherStrangersNorQuiet(claimed.people);
    expect(claimed.first?.message).toContain('GTB-4411');
    expect(claimed.first?.message).toContain('₦2,000.00');

    const confirmed = await call(t, 'bursar', 'POST', `/payment/${id}/confirm-transfer`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const credited = await heard('payment_credited', 'paymentId', id);
    expect(credited.people).toContain(deskBursar.id);
    expect(credited.people).not.toContain(who.bursar);
    neitherStrangersNorQuiet(credited.people);
  });

  it('a dispute of an online payment reaches the bursary', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1200');
    const payment = await paidOnline(feeId);
    await processDispute(t.ctx, payment, {
      provider: 'paystack',
      event: 'charge.dispute.create',
      payload: { data: { id: `D-${payment.reference}`, status: 'awaiting-merchant-feedback' } },
    });

    const { people, first } = await heard('payment_disputed', 'paymentId', payment.id);
    expect(people).toEqual(expect.arrayContaining([who.bursar, deskBursar.id, who.proprietor]));
    expect(people).not.toContain(who.parent);
    neitherStrangersNorQuiet(people);
    expect(first?.message).toContain('₦1,200.00');
  });

  it('a refund the provider refuses reaches the rest of the bursary; the bursar who asked reads it in the answer', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const original = await paidOnline(feeId);
    // Refunded from the Paystack dashboard already: Paystack has nothing left to return.
    const outside = await fetch(`${paystack.url}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: original.reference }),
    });
    expect(outside.status).toBe(200);
    const refused = await call(t, 'bursar', 'POST', `/payment/${original.id}/refund`, { reason: 'Paid twice' });
    expect(refused.statusCode, refused.body).toBe(400);
    const [refund] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, original.id));
    expect(refund?.status).toBe('failed');

    const { people, first } = await heard('refund_failed', 'paymentId', refund!.id);
    expect(people).toEqual(expect.arrayContaining([deskBursar.id, who.proprietor]));
    expect(people).not.toContain(who.bursar);
    expect(people).not.toContain(who.parent);
    neitherStrangersNorQuiet(people);
    expect(first?.message).toContain('Transaction has been fully reversed');
  });

  it('a fee sent for approval reaches those who may approve fees at its school, never its author', async () => {
    const created = await call(t, 'bursar', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name: `Excursion ${randomUUID().slice(0, 6)}`,
      description: 'Lagos museum trip',
      type: 'miscellaneous',
      amount: '3500',
    });
    expect(created.statusCode, created.body).toBe(200);
    const feeId = created.json().data._id as string;

    const { people, first } = await heard('fee_to_approve', 'feeId', feeId);
    expect(people).toEqual(expect.arrayContaining([who.principal, deskBursar.id]));
    expect(people).not.toContain(who.bursar);
    neitherStrangersNorQuiet(people);
    expect(first?.message).toContain('₦3,500.00');
    expect(first?.actionUrl).toBe('/fees?tab=approvals');
  });

  it('a discount waiting for approval reaches the principal, the proprietor and the other bursars, never who recorded it', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '5000');
    const recorded = await call(t, 'bursar', 'POST', '/adjustments', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: '500',
      reason: 'Sibling discount',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const { people, first } = await heard('adjustment_to_approve', 'feeId', feeId);
    expect(people).toEqual(expect.arrayContaining([who.principal, who.proprietor, deskBursar.id]));
    expect(people).not.toContain(who.bursar);
    expect(people).not.toContain(who.parent);
    neitherStrangersNorQuiet(people);
    expect(first?.message).toContain('₦500.00');
    expect(first?.message).toContain('Sibling discount');
  });

  it('an expense submitted for approval reaches its approvers, never its submitter', async () => {
    const expenseIds = await loadExpenseIds(t);
    const body = expenseBody(expenseIds);
    const created = await call(t, 'bursar', 'POST', '/expenses', body);
    expect(created.statusCode, created.body).toBe(200);
    const submitted = await call(t, 'bursar', 'POST', `/expenses/${created.json().data._id}/transitions`, {
      action: 'submit',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const rows = await t.ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'expense'), sql`${notifications.title} like ${`%${body.title}`}`));
    const people = rows.map((row) => row.userId);
    expect(people).toEqual(expect.arrayContaining([who.principal, who.proprietor]));
    expect(people).not.toContain(who.bursar);
    neitherStrangersNorQuiet(people);
  });

  async function streamOf(headers: { authorization: string }) {
    const ticket = await t.app.inject({ method: 'POST', url: '/api/v1/notification/stream-ticket', headers });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const stream = await openStream(
      `${base}/notification/stream?ticket=${encodeURIComponent(ticket.json().data.ticket as string)}`,
    );
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  }

  it("staff who get no notice still hear of a change at their own school, so their open pages refresh; another school's do not", async () => {
    const ikejaFee = await approvedFee(t, ids.school, ids.term, '800');
    const wuseFee = await approvedFee(t, ids.secondSchool, ids.secondTerm, '900');
    const principal = await streamOf(await t.as('principal'));
    const principal2 = await streamOf(await t.as('principal2'));

    // A claim at Ikeja first, then cash at Wuse: each principal's first event is their own school's.
    await claim(ikejaFee, '800');
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...wuseBursar.headers, 'idempotency-key': randomUUID() },
      payload: { user_id: ids.son, fee_id: wuseFee, amount: '900' },
    });
    expect(cash.statusCode, cash.body).toBe(200);

    const [ikeja] = await principal.waitFor(1);
    expect(ikeja).toMatchObject({ event: 'change', id: undefined });
    expect(JSON.parse(ikeja!.data)).toEqual({ kind: 'transfer_claimed' });
    // The family's notice and the bursary's, each a change of the kind it is.
    const wuse = await principal2.waitFor(2);
    expect(wuse.map((event) => event.event)).toEqual(['change', 'change']);
    expect(wuse.map((event) => JSON.parse(event.data).kind).sort()).toEqual(['payment_credited', 'payment_succeeded']);
  });

  it('cash the demo bursar takes still tells the family, as before', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '300');
    const payment = await payCash(t, ids.student, feeId, '300', 'bursar');
    expect((await heard('payment_succeeded', 'paymentId', payment._id)).people).toContain(who.parent);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { auditLogs, notifications, parentStudents, payments, users } from '../src/db/schema.js';
import { bearer, demoEmail, insertUser, login, useTestApp } from './helper.js';
import {
  approvedFee,
  call,
  insertPayment,
  loadPaymentIds,
  outstandingOf,
  type PaymentIds,
} from './payments-support.js';
import { pdfText } from './pdf-text.js';

/*
 * Cash taken into a till by mistake, voided by two people: the till's bursar asks with a reason,
 * a second person approves; the fee is owed again, the books reverse it, the receipt says void,
 * and its number is never given again.
 */

describe('voids of cash taken into a till', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let fee = '';
  let till = '';
  const people = {
    otherBursar: { authorization: '' },
    parentPrincipal: { authorization: '' },
    principalId: '',
    bursarId: '',
  };
  const paid: Record<'mistake' | 'kept' | 'byPrincipal', { _id: string; receiptNo: string }> = {
    mistake: { _id: '', receiptNo: '' },
    kept: { _id: '', receiptNo: '' },
    byPrincipal: { _id: '', receiptNo: '' },
  };
  let voidId = '';

  async function signedIn(roles: string[]) {
    const email = `void-${randomUUID().slice(0, 8)}@example.test`;
    const user = await insertUser(t, { email, roles, schoolId: ids.school });
    const response = await login(t, email);
    expect(response.statusCode, response.body).toBe(200);
    return { id: user.id, header: bearer(response.json().data.token) };
  }

  async function cash(who: string | { authorization: string }, amount: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(typeof who === 'string' ? await t.as(who) : who), 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: fee, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.payment as { _id: string; receiptNo: string };
  }

  const report = async (who: string | { authorization: string } = 'bursar') => {
    const response = await call(t, who, 'GET', `/tills/${till}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.report;
  };

  async function disagreements() {
    return rowsOf<{ check_name: string; detail: string }>(
      t.ctx.db,
      sql`select check_name, detail from ledger_disagreements(${ids.school}::uuid)`,
    );
  }

  async function tillBalance() {
    const [row] = await rowsOf<{ kobo: string }>(
      t.ctx.db,
      sql`select coalesce(sum(l.amount_kobo), 0)::bigint::text as kobo from journal_lines l
        join ledger_accounts a on a.id = l.account_id
        where a.school_id = ${ids.school} and a.system_key = 'till'`,
    );
    return BigInt(row!.kobo);
  }

  const receiptSerial = (receiptNo: string) => Number(receiptNo.slice(-6));

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    fee = await approvedFee(t, ids.school, ids.term, '50000');
    people.otherBursar = (await signedIn(['Bursar'])).header;
    // A principal who is also the student's parent: they benefit from the payment.
    const parentPrincipal = await signedIn(['Principal']);
    await t.ctx.db
      .insert(parentStudents)
      .values({ parentId: parentPrincipal.id, studentId: ids.student, schoolId: ids.school });
    people.parentPrincipal = parentPrincipal.header;
    const [principal] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('principal')));
    people.principalId = principal!.id;
    const [bursar] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('bursar')));
    people.bursarId = bursar!.id;

    const opened = await call(t, 'bursar', 'POST', '/tills', { desk: 'Front desk', float: { '1000': 5 } });
    expect(opened.statusCode, opened.body).toBe(200);
    till = opened.json().data._id;
    paid.mistake = await cash('bursar', '1500');
    paid.kept = await cash('bursar', '2000');
    // Cash in the till that the principal recorded (written directly: the database puts a person's cash only in their own till).
    const [byPrincipal] = await t.ctx.db
      .insert(payments)
      .values({
        schoolId: ids.school,
        studentId: ids.student,
        feeId: fee,
        amountKobo: 70_000n,
        method: 'cash',
        status: 'success',
        paidAt: new Date(),
        initiatedBy: people.principalId,
        tillSessionId: till,
        reference: `TEST-VOID-${randomUUID().slice(0, 8)}`,
      })
      .returning();
    paid.byPrincipal = { _id: byPrincipal!.id, receiptNo: '' };
  });

  it("lists the till's cash payments one by one, each with a Void action's state", async () => {
    const before = await report();
    expect(before.cash_payments.map((p: { payment_id: string }) => p.payment_id).sort()).toEqual(
      [paid.mistake._id, paid.kept._id, paid.byPrincipal._id].sort(),
    );
    expect(before.cash_payments.find((p: { payment_id: string }) => p.payment_id === paid.mistake._id)).toMatchObject({
      receipt_no: paid.mistake.receiptNo,
      amount: 1500,
      refunded: false,
      void_status: null,
    });
    expect(before).toMatchObject({ voids: [], voided: 0, expected: 5000 + 1500 + 2000 + 700 });
  });

  it('asks for a void with a reason of at least five characters, by the bursar whose till it is', async () => {
    const short = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: paid.mistake._id,
      reason: ' oop ',
    });
    expect(short.statusCode, short.body).toBe(422);
    expect(short.json().errors).toEqual([{ field: 'reason', message: 'Say why in at least 5 characters' }]);

    const notTheirs = await call(t, people.otherBursar, 'POST', `/tills/${till}/voids`, {
      payment_id: paid.mistake._id,
      reason: 'Wrong student',
    });
    expect(notTheirs.statusCode, notTheirs.body).toBe(403);
    expect(notTheirs.json()).toMatchObject({ success: false, code: 'TILL_VOID_NOT_ALLOWED', data: null });

    const asked = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: paid.mistake._id,
      reason: '  Recorded against the wrong student  ',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    voidId = asked.json().data._id;
    expect(asked.json()).toMatchObject({
      success: true,
      message: 'Void asked for. A second person must approve it before the money goes back.',
      data: {
        till_id: till,
        payment_id: paid.mistake._id,
        receipt_no: paid.mistake.receiptNo,
        amount: 1500,
        reason: 'Recorded against the wrong student',
        status: 'pending',
        decided_by: null,
      },
    });

    const twice = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: paid.mistake._id,
      reason: 'Asked again',
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().code).toBe('TILL_VOID_ALREADY_REQUESTED');

    // Waiting, it changes nothing yet: the drawer still holds the payment.
    const waiting = await report();
    expect(waiting).toMatchObject({ voided: 0, expected: 5000 + 1500 + 2000 + 700 });
    expect(waiting.voids).toEqual([
      expect.objectContaining({
        _id: voidId,
        status: 'pending',
        requested_by: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    // The principal and the proprietor hear of it; the bursar who asked does not.
    const told = await t.ctx.db
      .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.kind, 'void_to_approve'));
    expect(told.map((notice) => notice.userId)).toContain(people.principalId);
    expect(told.map((notice) => notice.userId)).not.toContain(people.bursarId);
    expect(told.find((notice) => notice.userId === people.principalId)).toMatchObject({
      title: `Void to approve: ${paid.mistake.receiptNo}`,
      message: expect.stringContaining('Recorded against the wrong student'),
    });
    // Nor is it refunded meanwhile: the void is decided first.
    const refund = await call(t, 'bursar', 'POST', `/payment/${paid.mistake._id}/refund`, { reason: 'Refund it' });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json()).toMatchObject({
      code: 'REFUND_NOT_ALLOWED',
      message: 'A void of this payment is waiting for approval: have it approved or rejected first',
    });
    const pending = await call(t, 'principal', 'GET', '/tills/voids?status=pending');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().data.voids.map((row: { _id: string }) => row._id)).toContain(voidId);
  });

  it('refuses to close the till while a void waits', async () => {
    const refused = await call(t, 'bursar', 'POST', `/tills/${till}/close`, { count: { '1000': 9 } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'TILL_VOID_PENDING',
      message: 'A void on this till is waiting for approval: have it approved or rejected before closing the till',
    });
  });

  it('refuses a void of cash that is not this till’s, not cash, or not a payment', async () => {
    const online = await insertPayment(t, {
      schoolId: ids.school,
      studentId: ids.student,
      feeId: fee,
      amountKobo: 10_000n,
      method: 'paystack',
      status: 'success',
      paidAt: new Date(),
    });
    const notCash = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: online.id,
      reason: 'Wrong fee',
    });
    expect(notCash.statusCode, notCash.body).toBe(409);
    expect(notCash.json()).toMatchObject({
      code: 'TILL_VOID_NOT_ALLOWED',
      message: 'Only a successful cash payment can be voided',
    });

    const otherTill = await call(t, people.otherBursar, 'POST', '/tills', { desk: 'Back desk', float: {} });
    expect(otherTill.statusCode, otherTill.body).toBe(200);
    const elsewhere = await cash(people.otherBursar, '300');
    const wrongTill = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: elsewhere._id,
      reason: 'Wrong student',
    });
    expect(wrongTill.statusCode, wrongTill.body).toBe(409);
    expect(wrongTill.json()).toMatchObject({
      code: 'TILL_VOID_NOT_ALLOWED',
      message: 'This payment was not taken into this till',
    });

    const unknown = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: randomUUID(),
      reason: 'Wrong student',
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
  });

  it('is decided by a second person only: not the requester, the recorder, a parent, or a role the school did not name', async () => {
    const approve = (who: string | { authorization: string }, id = voidId) =>
      call(t, who, 'POST', `/tills/${till}/voids/${id}/approve`, {});

    const own = await approve('bursar');
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toMatchObject({ success: false, code: 'TILL_VOID_OWN_DECISION', data: null });

    const bursar = await approve(people.otherBursar);
    expect(bursar.statusCode, bursar.body).toBe(403);
    expect(bursar.json()).toMatchObject({
      code: 'TILL_VOID_DECIDER_NOT_ALLOWED',
      message: 'At this school a void is approved by: Principal, Proprietor',
    });

    const parent = await approve(people.parentPrincipal);
    expect(parent.statusCode, parent.body).toBe(403);
    expect(parent.json().code).toBe('TILL_VOID_OWN_DECISION');

    const foreign = await approve('principal2');
    expect(foreign.statusCode, foreign.body).toBe(404);
    const foreignList = await call(t, 'principal2', 'GET', '/tills/voids');
    expect(foreignList.statusCode, foreignList.body).toBe(200);
    expect(foreignList.json().data.voids.map((row: { _id: string }) => row._id)).not.toContain(voidId);

    // The principal recorded this one: they may not approve its void.
    const asked = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: paid.byPrincipal._id,
      reason: 'Counted twice',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const recorded = await approve('principal', asked.json().data._id);
    expect(recorded.statusCode, recorded.body).toBe(403);
    expect(recorded.json().code).toBe('TILL_VOID_OWN_DECISION');

    const noNote = await call(t, 'proprietor', 'POST', `/tills/${till}/voids/${asked.json().data._id}/reject`, {
      note: ' ',
    });
    expect(noNote.statusCode, noNote.body).toBe(422);
    const rejected = await call(t, 'proprietor', 'POST', `/tills/${till}/voids/${asked.json().data._id}/reject`, {
      note: 'The cash is in the drawer',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      decision_note: 'The cash is in the drawer',
      decided_by: { name: expect.any(String) },
    });
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, paid.byPrincipal._id));
    expect(row).toBeUndefined();
  });

  it('approved: the fee is owed again, the books reverse it out of the till, the receipt says void, its number is not reused', async () => {
    const owedBefore = await outstandingOf(t, 'student', fee);
    const tillBefore = await tillBalance();

    const approved = await call(t, 'principal', 'POST', `/tills/${till}/voids/${voidId}/approve`, {
      note: 'Checked with the parent',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Void approved. Hand the money back to the payer from the till.',
      data: { status: 'approved', decided_by: { _id: people.principalId }, decision_note: 'Checked with the parent' },
    });

    expect(await outstandingOf(t, 'student', fee)).toBe(owedBefore! + 1500);
    expect(await tillBalance()).toBe(tillBefore - 150_000n);
    expect(await disagreements()).toEqual([]);

    // The compensating row is a cash refund out of this till, with no receipt number of its own.
    const [refund] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, paid.mistake._id));
    expect(refund).toMatchObject({
      kind: 'refund',
      method: 'cash',
      status: 'success',
      amountKobo: 150_000n,
      tillSessionId: till,
      receiptNo: null,
      reason: 'Void: Recorded against the wrong student',
    });
    const [original] = await t.ctx.db.select().from(payments).where(eq(payments.id, paid.mistake._id));
    expect(original).toMatchObject({ receiptNo: paid.mistake.receiptNo, status: 'success', amountKobo: 150_000n });

    // The X report: the void apart from the refunds, and the drawer expected without it once.
    const after = await report();
    expect(after).toMatchObject({ refunds: [], refunded: 0, voided: 1500, expected: 5000 + 2000 + 700 });
    expect(after.voids.find((row: { _id: string }) => row._id === voidId)).toMatchObject({
      status: 'approved',
      receipt_no: paid.mistake.receiptNo,
      amount: 1500,
      reason: 'Recorded against the wrong student',
    });
    expect(after.cash_payments.find((p: { payment_id: string }) => p.payment_id === paid.mistake._id)).toMatchObject({
      void_status: 'approved',
      refunded: false,
    });

    // The receipt: its PDF says VOID, its public check says when and why.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/${paid.mistake._id}/receipt`,
      headers: await t.as('bursar'),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('VOID');
    const code = /[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/.exec(text)![0];
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/receipt/verify/${code}?receipt=${paid.mistake.receiptNo}`,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({
      valid: true,
      receiptNo: paid.mistake.receiptNo,
      voided: { at: expect.any(String), reason: 'Recorded against the wrong student' },
    });

    // The payment list shows it voided.
    const list = await call(t, 'bursar', 'GET', `/payment/all?search=${paid.mistake.receiptNo}`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.payments.find((p: { _id: string }) => p._id === paid.mistake._id);
    expect(listed).toMatchObject({ voidedAt: expect.any(String), refundedBy: refund!.id });

    // The next cash gets the next number, never the voided one.
    const next = await cash('bursar', '100');
    expect(next.receiptNo).not.toBe(paid.mistake.receiptNo);
    expect(receiptSerial(next.receiptNo)).toBeGreaterThan(receiptSerial(paid.kept.receiptNo));
    expect(receiptSerial(paid.kept.receiptNo)).toBeGreaterThan(receiptSerial(paid.mistake.receiptNo));
    expect(await disagreements()).toEqual([]);
  });

  it('refuses a second decision, a refund of the voided payment and a second void of it', async () => {
    const again = await call(t, 'proprietor', 'POST', `/tills/${till}/voids/${voidId}/reject`, { note: 'Too late' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TILL_VOID_ALREADY_DECIDED',
      message: 'This void was already approved',
    });

    const refund = await call(t, 'bursar', 'POST', `/payment/${paid.mistake._id}/refund`, { reason: 'Refund too' });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json()).toMatchObject({
      code: 'REFUND_NOT_ALLOWED',
      message: 'This payment was voided at the till: its money was already given back',
    });

    const twice = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: paid.mistake._id,
      reason: 'Once more',
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().code).toBe('TILL_VOID_ALREADY_REQUESTED');
  });

  it('closes with the voids out of the drawer, and voids nothing once the till is closed', async () => {
    // Expected: ₦5,000 float + ₦2,000 + ₦700 + ₦100 taken (₦1,500 voided).
    const closed = await call(t, 'bursar', 'POST', `/tills/${till}/close`, {
      count: { '1000': 7, '500': 1, '200': 1, '100': 1 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.session).toMatchObject({ expected: 7800, counted: 7800, variance: 0 });

    const late = await call(t, 'bursar', 'POST', `/tills/${till}/voids`, {
      payment_id: paid.kept._id,
      reason: 'Too late',
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'TILL_VOID_NOT_ALLOWED',
      message: 'A payment can be voided only while its till is open',
    });
  });

  it('writes an audit row for each request, approval and rejection', async () => {
    const rows = await t.ctx.db
      .select({ action: auditLogs.action, entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'payment_void'), eq(auditLogs.schoolId, ids.school)));
    expect(rows.map((row) => row.action).sort()).toEqual([
      'till_void.approve',
      'till_void.reject',
      'till_void.request',
      'till_void.request',
    ]);
    expect(
      rows
        .filter((row) => row.entityId === voidId)
        .map((row) => row.action)
        .sort(),
    ).toEqual(['till_void.approve', 'till_void.request']);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { and, arrayContains, eq, ne, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auditLogs,
  parentStudents,
  paymentProfiles,
  payments,
  paymentWebhookEvents,
  schools,
  users,
} from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import {
  bearer,
  demoEmail,
  FIRST_SCHOOL,
  insertUser,
  login,
  multipart,
  SECOND_SCHOOL,
  type TestApp,
} from './helper.js';

/** The demo people and places the payment tests work with. */
export interface PaymentIds {
  school: string;
  secondSchool: string;
  term: string;
  secondTerm: string;
  /** Chiamaka Obi at Ikeja, linked to the demo parent. */
  student: string;
  /** Her brother at Wuse, linked to the demo parent. */
  son: string;
  /** An Ikeja student the demo parent is not linked to. */
  stranger: string;
}

export async function loadPaymentIds(t: TestApp): Promise<PaymentIds> {
  const db = t.ctx.db;
  const [school] = await db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
  const [second] = await db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
  const today = todayIn('Africa/Lagos', new Date());
  const [student] = await db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('student')));
  const [parent] = await db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('parent')));
  const [son] = await db
    .select({ id: users.id })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.studentId))
    .where(and(eq(parentStudents.parentId, parent!.id), eq(users.schoolId, second!.id)));
  const [stranger] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.schoolId, school!.id),
        arrayContains(users.roles, ['Student']),
        ne(users.id, student!.id),
        sql`not exists (select 1 from parent_students ps where ps.student_id = ${users.id} and ps.parent_id = ${parent!.id})`,
      ),
    )
    .limit(1);
  return {
    school: school!.id,
    secondSchool: second!.id,
    term: (await defaultTermOf(db, school!.id, today))!,
    secondTerm: (await defaultTermOf(db, second!.id, today))!,
    student: student!.id,
    son: son!.id,
    stranger: stranger!.id,
  };
}

/** A bursar of the given school, signed in; returns their bearer header. */
export async function bursarOf(t: TestApp, schoolId: string) {
  const email = `bursar-${randomUUID().slice(0, 8)}@example.test`;
  await insertUser(t, { email, roles: ['Bursar'], schoolId });
  const signedIn = await login(t, email);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return bearer(signedIn.json().data.token);
}

export async function call(
  t: TestApp,
  who: string | { authorization: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: typeof who === 'string' ? await t.as(who) : who,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** An approved whole-school fee made by the super-admin. */
export async function approvedFee(t: TestApp, schoolId: string, termId: string, amount = '1000') {
  const response = await call(t, 'admin', 'POST', '/fee/create', {
    term_id: termId,
    school_id: schoolId,
    name: `Fee ${randomUUID().slice(0, 8)}`,
    description: 'Test',
    type: 'miscellaneous',
    amount,
    isApproved: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data._id as string;
}

/** Cash at the desk, credited at once with a receipt number. */
export async function payCash(t: TestApp, studentId: string, feeId: string, amount: string, who = 'admin') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/pay-with-cash',
    headers: { ...(await t.as(who)), 'idempotency-key': randomUUID() },
    payload: { user_id: studentId, fee_id: feeId, amount },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.payment as { _id: string; receiptNo: string; trx_ref: string };
}

/** A payment row written directly, for states and dates the API cannot produce on demand. */
export async function insertPayment(
  t: TestApp,
  row: {
    schoolId: string;
    studentId: string;
    feeId: string;
    amountKobo: bigint;
    method: (typeof payments.$inferInsert)['method'];
    status: (typeof payments.$inferInsert)['status'];
    paidAt?: Date;
    createdAt?: Date;
    providerId?: string;
  },
) {
  const [inserted] = await t.ctx.db
    .insert(payments)
    .values({ ...row, reference: `TEST-${randomBytes(6).toString('hex').toUpperCase()}` })
    .returning();
  return inserted!;
}

/** Switches bank transfer on or off in a school's payment profile. */
export async function setBankTransfer(t: TestApp, schoolId: string, enabled: boolean) {
  await t.ctx.db
    .insert(paymentProfiles)
    .values({
      schoolId,
      activateBankTransfer: enabled,
      bankName: 'Test Bank',
      accountName: 'Crestview College',
      accountNo: '0123456789',
    })
    .onConflictDoUpdate({ target: paymentProfiles.schoolId, set: { activateBankTransfer: enabled } });
}

/** What the student still owes on a fee, as their fees page shows it. */
export async function outstandingOf(t: TestApp, who: string, feeId: string) {
  const response = await call(t, who, 'GET', '/student/fees');
  expect(response.statusCode, response.body).toBe(200);
  const item = (response.json().data.fees as { fee: { _id: string }; outstanding: number }[]).find(
    (fee) => fee.fee._id === feeId,
  );
  return item?.outstanding;
}

/** Waits until `check` holds: a webhook is answered first and settled after the response. */
export async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many times a payment was credited: the audit trail keeps one row per credit. */
export const creditsOf = async (t: TestApp, paymentId: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, paymentId), eq(auditLogs.action, 'payment.credit')))
  ).length;

/** Webhook events of `reference` recorded and processed. */
export const processedEventsOf = async (t: TestApp, reference: string) =>
  (await t.ctx.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.reference, reference))).filter(
    (row) => row.processedAt !== null,
  ).length;

/** The payer presses Pay on the provider fake's hosted page; the fake answers with its redirect. */
export async function payOnProviderPage(paymentUrl: string) {
  const paid = await fetch(`${paymentUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  expect(paid.status).toBe(302);
}

/** A parent's claim of a bank transfer for a student's fee, dated today in Lagos; the claim's id. */
export async function claimTransfer(
  t: TestApp,
  claim: { studentId: string; feeId: string; amount: string; bankReference: string; who?: string },
) {
  const body = await multipart({
    fee_id: claim.feeId,
    student_id: claim.studentId,
    amount: claim.amount,
    transfer_date: todayIn('Africa/Lagos', new Date()),
    bank_reference: claim.bankReference,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/bank-transfer',
    headers: { ...(await t.as(claim.who ?? 'parent')), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data._id as string;
}

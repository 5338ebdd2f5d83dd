import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parentStudents, payments, users } from '../src/db/schema.js';
import { demoEmail, insertUser, useTestApp } from './helper.js';
import { noticesAbout, sorted, userByEmail } from './notify-support.js';
import { approvedFee, call, loadPaymentIds, outstandingOf, type PaymentIds, payCash } from './payments-support.js';

interface FamilyLine {
  student_id: string;
  fee_id: string;
  method: 'cash' | 'credit';
  payment: { _id: string; amount: number; receiptNo: string; status: string };
  outstanding: number;
}

describe('the cash desk takes one payment for several children', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  /** A second child of the demo parent at the demo student's school. */
  let sister = '';
  let parentId = '';

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    parentId = parent!.id;
    const child = await insertUser(t, {
      email: `sister-${randomUUID().slice(0, 8)}@example.test`,
      roles: ['Student'],
      schoolId: ids.school,
    });
    sister = child.id;
    await t.ctx.db.insert(parentStudents).values({ parentId, studentId: sister, schoolId: ids.school });
  });

  async function payFamily(body: Record<string, unknown>, key: string = randomUUID()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash/family',
      headers: { ...(await t.as('bursar')), 'idempotency-key': key },
      payload: body,
    });
  }

  it('the desk finds the sister from the student and sees the family', async () => {
    const response = await call(t, 'bursar', 'GET', `/students/${ids.student}/siblings`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { students: { _id: string }[]; family: { parent: { _id: string } } };
    // The brother at Wuse is another school's: the Ikeja desk does not see him.
    expect(data.students.map((student) => student._id)).toEqual([sister]);
    expect(data.family.parent._id).toBe(parentId);
  });

  it('records one payment per child, each with its own receipt, in one submission', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1500.50');
    const response = await payFamily({
      items: [
        { user_id: ids.student, fee_id: feeId, amount: '1500.50' },
        { user_id: sister, fee_id: feeId, amount: '700.25' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json().data.payments as FamilyLine[];
    expect(lines.map((line) => [line.student_id, line.method, line.payment.amount, line.outstanding])).toEqual([
      [ids.student, 'cash', 1500.5, 0],
      [sister, 'cash', 700.25, 800.25],
    ]);
    const receipts = lines.map((line) => line.payment.receiptNo);
    expect(new Set(receipts).size).toBe(2);
    for (const receipt of receipts) expect(receipt).toMatch(/^CVC-\d{4}-\d{6,}$/);
    expect(response.json().data).toMatchObject({ cash: 2200.75, credit_used: 0 });
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });

  it('each payment of a submission tells its own child and the parent with its own receipt, and the bursary but the bursar at the desk', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '900');
    const response = await payFamily({
      items: [
        { user_id: ids.student, fee_id: feeId, amount: '300' },
        { user_id: sister, fee_id: feeId, amount: '200' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json().data.payments as FamilyLine[];
    const bursar = await userByEmail(t, demoEmail('bursar'));
    const watchersOf: string[][] = [];
    for (const [line, child] of [
      [lines[0]!, ids.student],
      [lines[1]!, sister],
    ] as const) {
      const notices = await noticesAbout(t, 'paymentId', line.payment._id);
      const family = notices.filter((notice) => notice.kind === 'payment_succeeded');
      expect(sorted(family.map((notice) => notice.userId))).toEqual(sorted([child, parentId]));
      for (const notice of family) expect(notice.message).toContain(`Receipt ${line.payment.receiptNo}.`);
      const watchers = notices.filter((notice) => notice.kind === 'payment_credited').map((notice) => notice.userId);
      expect(watchers.length).toBeGreaterThan(0);
      expect(watchers).not.toContain(bursar.id);
      expect(watchers).not.toContain(parentId);
      watchersOf.push(sorted(watchers));
    }
    expect(watchersOf[0]).toEqual(watchersOf[1]);
  });

  it("a family submission and the single desk paying the same child's fee at once both go through, never waiting on each other in a circle", async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '10000');
    const rounds = 8;
    const bursar = await t.as('bursar');
    const answers = await Promise.all(
      Array.from({ length: rounds }, (_, round) => [
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/pay-with-cash',
          headers: { ...bursar, 'idempotency-key': randomUUID() },
          payload: { user_id: ids.student, fee_id: feeId, amount: '100' },
        }),
        payFamily({
          items: [
            { user_id: ids.student, fee_id: feeId, amount: '100' },
            { user_id: sister, fee_id: feeId, amount: String(100 + round) },
          ],
        }),
      ]).flat(),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(rounds * 2).fill(200));
    // 100 naira a desk payment and a family line for the student, each round: 16 x 100 taken of 10,000.
    expect(await outstandingOf(t, 'student', feeId)).toBe(10000 - rounds * 2 * 100);
  });

  it('all or nothing: one item over what is owed records none of them', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const before = await t.ctx.db.select().from(payments).where(eq(payments.feeId, feeId));
    const response = await payFamily({
      items: [
        { user_id: ids.student, fee_id: feeId, amount: '400' },
        { user_id: sister, fee_id: feeId, amount: '1000.01' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('AMOUNT_ABOVE_OUTSTANDING');
    // The refused line, with its own figures: the sister owes the whole fee.
    expect(response.json().errors).toEqual([
      { field: 'items.1.amount', message: 'Amount cannot be more than the outstanding ₦1,000.00' },
    ]);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.feeId, feeId))).toEqual(before);
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000);
  });

  it("an item out of the desk's reach refuses the whole submission: another school's child, a fee not theirs", async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '800');
    const wuseFee = await approvedFee(t, ids.secondSchool, ids.secondTerm, '800');
    const before = await t.ctx.db
      .select()
      .from(payments)
      .where(inArray(payments.feeId, [feeId, wuseFee]));
    const reachable = { user_id: ids.student, fee_id: feeId, amount: '100' };

    // The brother is at Wuse, which the Ikeja bursar cannot see, wherever he comes in the list.
    for (const items of [
      [reachable, { user_id: ids.son, fee_id: feeId, amount: '100' }],
      [{ user_id: ids.son, fee_id: feeId, amount: '100' }, reachable],
    ]) {
      const response = await payFamily({ items });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('STUDENT_NOT_FOUND');
    }
    // The sister is the desk's, but Wuse's fee is not one she can be asked to pay.
    const response = await payFamily({ items: [reachable, { user_id: sister, fee_id: wuseFee, amount: '100' }] });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().code).toBe('FEE_NOT_FOUND');

    expect(
      await t.ctx.db
        .select()
        .from(payments)
        .where(inArray(payments.feeId, [feeId, wuseFee])),
    ).toEqual(before);
    expect(await outstandingOf(t, 'student', feeId)).toBe(800);
  });

  it('a retry with the same Idempotency-Key returns the same payments and records nothing more', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '900');
    const key = randomUUID();
    const body = {
      items: [
        { user_id: ids.student, fee_id: feeId, amount: '300' },
        { user_id: sister, fee_id: feeId, amount: '450' },
      ],
    };
    const first = await payFamily(body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await payFamily(body, key);
    expect(again.statusCode, again.body).toBe(200);
    const ids1 = (first.json().data.payments as FamilyLine[]).map((line) => line.payment._id);
    expect((again.json().data.payments as FamilyLine[]).map((line) => line.payment._id)).toEqual(ids1);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.feeId, feeId))).toHaveLength(2);

    const misuse = await payFamily({ items: [{ user_id: sister, fee_id: feeId, amount: '10' }] }, key);
    expect(misuse.statusCode).toBe(409);
    expect(misuse.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a retry of a submission that paid the fees in full still answers with its payments', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '250');
    const key = randomUUID();
    const body = {
      items: [
        { user_id: ids.student, fee_id: feeId, amount: '250' },
        { user_id: sister, fee_id: feeId, amount: '250' },
      ],
    };
    const first = await payFamily(body, key);
    expect(first.statusCode, first.body).toBe(200);
    // Nothing is owed any more, which a new submission would be refused for; the retry is not new.
    const again = await payFamily(body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.feeId, feeId))).toHaveLength(2);
  });

  it("part of the total can come from the family's credit: a credit receipt and a cash receipt", async () => {
    const earlier = await approvedFee(t, ids.school, ids.term, '250');
    const paid = await payCash(t, sister, earlier, '250', 'bursar');
    const kept = await call(t, 'bursar', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
    expect(kept.statusCode, kept.body).toBe(200);

    const feeId = await approvedFee(t, ids.school, ids.term, '400');
    const response = await payFamily({
      items: [
        { user_id: ids.student, fee_id: feeId, amount: '400' },
        { user_id: sister, fee_id: feeId, amount: '100' },
      ],
      use_credit: '250',
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json().data.payments as FamilyLine[];
    // What each item owes after the whole submission, on both of its lines.
    expect(lines.map((line) => [line.student_id, line.method, line.payment.amount, line.outstanding])).toEqual([
      [ids.student, 'credit', 250, 0],
      [ids.student, 'cash', 150, 0],
      [sister, 'cash', 100, 300],
    ]);
    expect(response.json().data).toMatchObject({ cash: 250, credit_used: 250 });
    const rows = await t.ctx.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          lines.map((line) => line.payment._id),
        ),
      );
    expect(rows.map((row) => row.method).sort()).toEqual(['cash', 'cash', 'credit']);
    const credit = await call(t, 'bursar', 'GET', `/family-credit?parent_id=${parentId}`);
    expect(credit.json().data.balance).toBe(0);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });
});

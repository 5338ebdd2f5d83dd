import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { payments, schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { receiptNoValue } from '../src/modules/ledger/receipt-numbers.queries.js';
import { bearer, demoEmail, FIRST_SCHOOL, insertUser, login, SECOND_SCHOOL, useTestApp } from './helper.js';
import { pdfText } from './pdf-text.js';

/** Line breaks may fall anywhere (even after a hyphen), so text is compared without spacing. */
const squash = (text: string) => text.replace(/\s+/g, '');

describe('PDF receipts and their verification', () => {
  const t = useTestApp();
  const ids = { school: '', term: '', student: '' };
  let otherBursar = { authorization: '' };
  let otherStudent = { authorization: '' };

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
    ids.school = school!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;

    const bursarEmail = `bursar-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email: bursarEmail, roles: ['Bursar'], schoolId: second!.id });
    otherBursar = bearer((await login(t, bursarEmail)).json().data.token);
    const studentEmail = `student-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email: studentEmail, roles: ['Student'], schoolId: ids.school });
    otherStudent = bearer((await login(t, studentEmail)).json().data.token);
  });

  async function approvedFee(amount: string, name = `Fee ${randomUUID().slice(0, 8)}`) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: await t.as('admin'),
      payload: {
        term_id: ids.term,
        school_id: ids.school,
        name,
        description: 'Test',
        type: 'tuition',
        amount,
        isApproved: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  async function cash(feeId: string, amount: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: feeId, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.payment as { _id: string; receiptNo: string; trx_ref: string };
  }

  const receipt = (paymentId: string, headers: Record<string, string>, format?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/${paymentId}/receipt${format ? `?format=${format}` : ''}`,
      headers,
    });

  const verify = (code: string, receiptNo: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/receipt/verify/${encodeURIComponent(code)}?receipt=${encodeURIComponent(receiptNo)}`,
    });

  it('prints school, student, fee, amount in figures and words, method, and the balance as it stood', async () => {
    const feeName = `Receipt Tuition ${randomUUID().slice(0, 6)}`;
    const feeId = await approvedFee('2500000', feeName);
    const first = await cash(feeId, '1234567.89');
    await cash(feeId, '1000');

    const response = await receipt(first._id, await t.as('student'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${first.receiptNo}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = squash(pdfText(response.rawPayload));
    for (const expected of [
      FIRST_SCHOOL,
      'Payment Receipt',
      first.receiptNo,
      'Chiamaka',
      'CVC/2025/0142',
      'JSS 2A',
      feeName,
      'Tuition',
      '₦1,234,567.89',
      'One million, two hundred and thirty-four thousand, five hundred and sixty-seven naira and eighty-nine kobo only',
      'Cash Payment',
      first.trx_ref,
      'Recorded by',
      // Fee balance after this payment, not after the later one.
      '₦2,500,000.00',
      '₦1,265,432.11',
    ]) {
      expect(text).toContain(squash(expected));
    }
    expect(text).toMatch(/[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/);
    // The printed address opens the web page that checks the receipt, not the JSON API.
    expect(text).toMatch(new RegExp(`/verify/[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}\\?receipt=${first.receiptNo}`));
    expect(text).not.toContain('/api/v1/payment/receipt/verify/');
  });

  it('the student, their parent and the bursar get it; the 80 mm strip is a narrow page', async () => {
    const payment = await cash(await approvedFee('5000'), '1500.50');
    for (const who of ['student', 'parent', 'bursar', 'principal']) {
      const response = await receipt(payment._id, await t.as(who));
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
      expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    const strip = await receipt(payment._id, await t.as('parent'), '80mm');
    expect(strip.statusCode, strip.body).toBe(200);
    expect(strip.headers['content-disposition']).toBe(`attachment; filename="${payment.receiptNo}-80mm.pdf"`);
    expect(strip.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 226\.77 \d+/);
    const text = squash(pdfText(strip.rawPayload));
    expect(text).toContain(squash('One thousand, five hundred naira and fifty kobo only'));
    expect(text).toContain(payment.receiptNo);
  });

  it('anyone else, or an id that does not exist, is told it is not found', async () => {
    const payment = await cash(await approvedFee('3000'), '100');
    for (const headers of [otherStudent, otherBursar, await t.as('headteacher')]) {
      const response = await receipt(payment._id, headers);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await receipt(randomUUID(), await t.as('bursar'))).statusCode).toBe(404);
    expect((await receipt(payment._id, {})).statusCode).toBe(401);
  });

  it('a payment that has not succeeded has no receipt yet', async () => {
    const feeId = await approvedFee('4000');
    const [pending] = await t.ctx.db
      .insert(payments)
      .values({
        schoolId: ids.school,
        studentId: ids.student,
        feeId,
        amountKobo: 400_000n,
        method: 'paystack',
        reference: `SL-TEST-${randomUUID().slice(0, 8)}`,
      })
      .returning();
    const response = await receipt(pending!.id, await t.as('student'));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe('A receipt is available once the payment is successful');
  });

  it('the printed code checks out publicly, naming the student by initials only; a wrong one does not', async () => {
    const payment = await cash(await approvedFee('9000'), '750.25');
    const pdf = await receipt(payment._id, await t.as('bursar'));
    const code = /[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/.exec(pdfText(pdf.rawPayload))![0];

    const genuine = await verify(code, payment.receiptNo);
    expect(genuine.statusCode, genuine.body).toBe(200);
    expect(genuine.json().data).toEqual({
      valid: true,
      receiptNo: payment.receiptNo,
      school: FIRST_SCHOOL,
      student: 'CO',
      amount: 750.25,
      paidAt: expect.any(String),
      voided: null,
    });
    expect(genuine.body).not.toContain('Chiamaka');
    expect((await verify(code.toLowerCase().replaceAll('-', ''), payment.receiptNo)).json().data.valid).toBe(true);

    const forged = code.startsWith('A') ? `B${code.slice(1)}` : `A${code.slice(1)}`;
    for (const [tryCode, tryReceipt] of [
      [forged, payment.receiptNo],
      [code, 'RCP-2000-000001'],
    ] as const) {
      const response = await verify(tryCode, tryReceipt);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        valid: false,
        receiptNo: null,
        school: null,
        student: null,
        amount: null,
        paidAt: null,
        voided: null,
      });
    }
    expect((await verify(code, 'not-a-receipt')).statusCode).toBe(422);
  });
});

describe('receipt numbers', () => {
  const t = useTestApp();

  it('start with the school’s code, name the Lagos year of the payment and keep at least six digits, never cutting a longer number', async () => {
    const numbers = await Promise.all(
      [
        // 23:30 on 31 December in UTC is already 1 January in Lagos.
        [new Date('2026-12-31T23:30:00Z'), 42],
        [new Date('2026-06-01T10:00:00Z'), 999_999],
        [new Date('2026-06-01T10:00:00Z'), 1_234_567],
      ].map(async ([paidAt, n]) => {
        const [row] = await rowsOf<{ receipt: string }>(
          t.ctx.db,
          sql`select ${receiptNoValue('CVC', paidAt as Date, n as number)} as receipt`,
        );
        return row!.receipt;
      }),
    );
    expect(numbers).toEqual(['CVC-2027-000042', 'CVC-2026-999999', 'CVC-2026-1234567']);
  });
});

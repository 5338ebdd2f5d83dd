import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, feeAdjustments, studentTermBalances } from '../src/db/schema.js';
import { privateFile } from '../src/modules/files/private-documents.service.js';
import { multipart, useTestApp } from './helper.js';
import {
  approvedFee,
  bursarOf,
  call,
  loadPaymentIds,
  outstandingOf,
  type PaymentIds,
  payCash,
} from './payments-support.js';
import { pdfText } from './pdf-text.js';

interface FeeCard {
  fee: { _id: string };
  amountDue: number;
  reductions: number;
  lateFees: number;
  outstanding: number;
  isPaid: boolean;
  adjustments: { label: string; amount: number; status: string; kind: string }[];
}

describe('discounts, scholarships and waivers (issue 16 item 1)', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  const record = (who: string | { authorization: string }, payload: Record<string, unknown>) =>
    call(t, who, 'POST', '/adjustments', payload);
  const decide = async (who: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/adjustments/${id}/decision`, headers: await t.as(who), payload });
  const cardOf = async (feeId: string) => {
    const response = await call(t, 'student', 'GET', '/student/fees');
    expect(response.statusCode, response.body).toBe(200);
    const card = (response.json().data.fees as FeeCard[]).find((item) => item.fee._id === feeId);
    expect(card, 'the fee is on the student’s fee page').toBeDefined();
    return card!;
  };

  it('a percentage discount counts only once a second person approves it, rounded down to the kobo', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000.50');
    const created = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'percent',
      percent: '10',
      reason: 'Early registration',
    });
    expect(created.statusCode, created.body).toBe(200);
    const adjustment = created.json().data;
    expect(adjustment).toMatchObject({ status: 'pending', amount: 100.05, percent: 10, kind: 'discount' });
    expect(await outstandingOf(t, 'student', feeId)).toBe(1000.5);
    expect((await cardOf(feeId)).adjustments, 'a family sees only what counts').toEqual([]);
    const staffView = await call(t, 'bursar', 'GET', `/student/fees?student_id=${ids.student}`);
    expect(staffView.json().data.fees.find((item: FeeCard) => item.fee._id === feeId).adjustments).toEqual([
      { _id: adjustment._id, kind: 'discount', label: 'Discount', amount: -100.05, status: 'pending' },
    ]);

    const own = await decide('bursar', adjustment._id, { status: 'approved' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_ADJUSTMENT_APPROVAL');

    const approved = await decide('principal', adjustment._id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decidedBy: { name: 'Ibrahim Musa' } });
    const card = await cardOf(feeId);
    expect(card).toMatchObject({ amountDue: 1000.5, reductions: 100.05, lateFees: 0, outstanding: 900.45 });
    expect(card.adjustments).toEqual([
      { _id: adjustment._id, kind: 'discount', label: 'Discount', amount: -100.05, status: 'approved' },
    ]);

    const payment = await payCash(t, ids.student, feeId, '400.45');
    const receipt = await call(t, 'student', 'GET', `/payment/${payment._id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const printed = pdfText(receipt.rawPayload).replace(/\s+/g, '');
    for (const line of [
      'Feeamount₦1,000.50',
      'Discount-₦100.05',
      'Totalpaid(includingthispayment)₦400.45',
      '₦500.00',
    ]) {
      expect(printed, line).toContain(line);
    }

    const again = await decide('principal', adjustment._id, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    const audit = await t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, adjustment._id), eq(auditLogs.entity, 'fee_adjustment')));
    expect(audit.map((row) => row.action).sort()).toEqual(['fee_adjustment.approve', 'fee_adjustment.create']);
  });

  it('a scholarship approved by another person lowers the term position the dashboards read', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '5000');
    const position = async () => {
      const [row] = await t.ctx.db
        .select()
        .from(studentTermBalances)
        .where(and(eq(studentTermBalances.termId, ids.term), eq(studentTermBalances.studentId, ids.student)));
      return row!;
    };
    const before = await position();
    const created = await record('principal', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'scholarship',
      basis: 'fixed',
      amount: 1250.25,
      reason: 'Academic merit',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await position()).outstandingKobo).toBe(before.outstandingKobo);
    const approved = await decide('bursar', created.json().data._id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await position();
    expect(before.outstandingKobo - after.outstandingKobo).toBe(125_025n);
    expect(before.expectedKobo - after.expectedKobo).toBe(125_025n);
    expect(await outstandingOf(t, 'student', feeId)).toBe(3749.75);
  });

  it('a waiver of the balance closes the fee without a payment, and reversing it opens it again', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '3000');
    await payCash(t, ids.student, feeId, '1000');
    const created = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'waiver',
      basis: 'balance',
      reason: 'Hardship: family bereavement',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.amount).toBeNull();
    const approved = await decide('principal', created.json().data._id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.amount).toBe(2000);
    expect(await cardOf(feeId)).toMatchObject({ outstanding: 0, isPaid: true, reductions: 2000 });

    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': crypto.randomUUID() },
      payload: { user_id: ids.student, fee_id: feeId, amount: '1' },
    });
    expect(cash.statusCode).toBe(409);

    const reversed = await call(t, 'bursar', 'POST', `/adjustments/${created.json().data._id}/reverse`, {
      reason: 'Recorded on the wrong fee',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({ status: 'reversed', reversalReason: 'Recorded on the wrong fee' });
    expect(await outstandingOf(t, 'student', feeId)).toBe(2000);
    const twice = await call(t, 'bursar', 'POST', `/adjustments/${created.json().data._id}/reverse`, { reason: 'x' });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a reduction above what is outstanding, a waiver of nothing, and bad input, each on its field', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '500');
    const above = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: '500.01',
      reason: 'Too much',
    });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({ code: 'ADJUSTMENT_ABOVE_BALANCE', errors: [{ field: 'amount' }] });
    expect(above.json().message).toBe(
      'This would take ₦500.01 off a fee with ₦500.00 outstanding; it cannot be more than the outstanding',
    );

    const badPercent = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'percent',
      percent: '12.345',
      reason: 'x',
    });
    expect(badPercent.statusCode).toBe(422);
    expect(badPercent.json().errors).toEqual([
      { field: 'percent', message: 'Enter a percentage between 0.01 and 100 with at most two decimal places' },
    ]);
    const noReason = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: 1,
    });
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    const balanceDiscount = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'balance',
      reason: 'x',
    });
    expect(balanceDiscount.json().errors).toEqual([
      { field: 'basis', message: 'Only a waiver can take the whole balance' },
    ]);

    await payCash(t, ids.student, feeId, '500');
    const nothing = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'waiver',
      basis: 'balance',
      reason: 'Paid already',
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe('Nothing is owed on this fee, so there is nothing to reduce');
  });

  it('an approval that would now take more than is owed is refused: a payment came in meanwhile', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const created = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: 600,
      reason: 'Sibling agreed by the principal',
    });
    expect(created.statusCode, created.body).toBe(200);
    await payCash(t, ids.student, feeId, '500');
    const approved = await decide('principal', created.json().data._id, { status: 'approved' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().code).toBe('ADJUSTMENT_ABOVE_BALANCE');
    const rejected = await decide('principal', created.json().data._id, {
      status: 'rejected',
      reason: 'Paid meanwhile',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'Paid meanwhile' });
    expect(await outstandingOf(t, 'student', feeId)).toBe(500);
  });

  it('keeps each school to its own: another school’s bursar neither sees nor decides, parents cannot record', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '800');
    const created = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: 100,
      reason: 'Staff child',
    });
    const id = created.json().data._id as string;
    const otherBursar = await bursarOf(t, ids.secondSchool);
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/adjustments/${id}/decision`,
      headers: otherBursar,
      payload: { status: 'approved' },
    });
    expect(decided.statusCode).toBe(404);
    expect(decided.json().code).toBe('ADJUSTMENT_NOT_FOUND');
    const listed = await call(t, otherBursar, 'GET', `/adjustments?student_id=${ids.student}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.pagination.total).toBe(0);
    const elsewhere = await record(otherBursar, {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: 1,
      reason: 'x',
    });
    expect(elsewhere.statusCode).toBe(404);
    const parent = await record('parent', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'discount',
      basis: 'fixed',
      amount: 1,
      reason: 'x',
    });
    expect(parent.statusCode).toBe(403);
    const mine = await call(t, 'bursar', 'GET', `/adjustments?fee_id=${feeId}`);
    expect(mine.json().data.adjustments.map((row: { _id: string }) => row._id)).toEqual([id]);
  });

  it('keeps the document behind an adjustment private: an image or a PDF, by its content', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '2000');
    const created = await record('bursar', {
      student_id: ids.student,
      fee_id: feeId,
      kind: 'scholarship',
      basis: 'percent',
      percent: 50,
      reason: 'State scholarship letter',
    });
    const id = created.json().data._id as string;
    expect(created.json().data.hasDocument).toBe(false);
    const letter = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = async (who: string | { authorization: string }, content: Buffer, filename: string) => {
      const form = await multipart({}, [{ field: 'document', filename, contentType: 'application/pdf', content }]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/adjustments/${id}/document`,
        headers: { ...(typeof who === 'string' ? await t.as(who) : who), ...form.headers },
        payload: form.payload,
      });
    };
    const refused = await upload('bursar', Buffer.from('just text, named like a PDF'), 'letter.pdf');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'document', message: 'Please select an image or a PDF file' }]);
    const attached = await upload('bursar', letter, 'letter.pdf');
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data.hasDocument).toBe(true);

    const read = await call(t, 'principal', 'GET', `/adjustments/${id}/document`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(letter)).toBe(true);
    const otherBursar = await bursarOf(t, ids.secondSchool);
    expect((await call(t, otherBursar, 'GET', `/adjustments/${id}/document`)).statusCode).toBe(404);
    expect((await upload(otherBursar, letter, 'letter.pdf')).statusCode).toBe(404);
    expect((await call(t, 'parent', 'GET', `/adjustments/${id}/document`)).statusCode).toBe(403);
  });

  describe('the document a decision was made on stays', () => {
    const letter = Buffer.from('%PDF-1.4\n% the approved scholarship letter\n%%EOF\n');
    const swapped = Buffer.from('%PDF-1.4\n% a different letter\n%%EOF\n');
    const upload = async (id: string, content: Buffer) => {
      const form = await multipart({}, [
        { field: 'document', filename: 'letter.pdf', contentType: 'application/pdf', content },
      ]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/adjustments/${id}/document`,
        headers: { ...(await t.as('bursar')), ...form.headers },
        payload: form.payload,
      });
    };
    const withLetter = async () => {
      const feeId = await approvedFee(t, ids.school, ids.term, '2000');
      const created = await record('bursar', {
        student_id: ids.student,
        fee_id: feeId,
        kind: 'scholarship',
        basis: 'percent',
        percent: 25,
        reason: 'Sports scholarship',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data._id as string;
      expect((await upload(id, letter)).statusCode).toBe(200);
      return id;
    };
    const storedPath = async (id: string) =>
      (await t.ctx.db.select().from(feeAdjustments).where(eq(feeAdjustments.id, id)))[0]!.documentPath!;

    it.each([
      ['approved', { status: 'approved' }],
      ['rejected', { status: 'rejected', reason: 'No letter from the sports council' }],
    ])(
      'once %s, the recorder cannot replace its document, and the file it was decided on stays',
      async (status, decision) => {
        const id = await withLetter();
        const decided = await decide('principal', id, decision);
        expect(decided.statusCode, decided.body).toBe(200);
        const path = await storedPath(id);

        const refused = await upload(id, swapped);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({
          code: 'ADJUSTMENT_DOCUMENT_FIXED',
          message: `This adjustment has been ${status}, so the document it was decided on stays as it is and cannot be replaced or removed`,
        });
        expect(await storedPath(id)).toBe(path);
        expect((await readFile(privateFile(t.ctx, path))).equals(letter), 'the file is still on disk').toBe(true);
        const read = await call(t, 'principal', 'GET', `/adjustments/${id}/document`);
        expect(read.statusCode).toBe(200);
        expect(read.rawPayload.equals(letter)).toBe(true);
        const trail = await t.ctx.db
          .select({ action: auditLogs.action })
          .from(auditLogs)
          .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'fee_adjustment.document')));
        expect(trail, 'only the first attachment').toHaveLength(1);
      },
    );

    it('an approved adjustment without a document gets none afterwards', async () => {
      const feeId = await approvedFee(t, ids.school, ids.term, '2000');
      const created = await record('bursar', {
        student_id: ids.student,
        fee_id: feeId,
        kind: 'discount',
        basis: 'fixed',
        amount: 100,
        reason: 'Staff child',
      });
      const id = created.json().data._id as string;
      expect((await decide('principal', id, { status: 'approved' })).statusCode).toBe(200);
      const refused = await upload(id, letter);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('ADJUSTMENT_DOCUMENT_FIXED');
      expect((await call(t, 'principal', 'GET', `/adjustments/${id}`)).json().data.hasDocument).toBe(false);
    });

    it('while it waits for its decision the document may still be replaced', async () => {
      const id = await withLetter();
      const replaced = await upload(id, swapped);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const read = await call(t, 'principal', 'GET', `/adjustments/${id}/document`);
      expect(read.rawPayload.equals(swapped)).toBe(true);
    });
  });
});

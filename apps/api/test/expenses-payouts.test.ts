import { addDays, formatCalendarDate, nubanCheckDigit, todayIn } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  academicSessions,
  auditLogs,
  budgets,
  expensePayouts,
  expenses,
  notifications,
  users,
} from '../src/db/schema.js';
import {
  api,
  approvedExpense,
  createExpense,
  type ExpenseData,
  type ExpenseIds,
  expenseBody,
  loadExpenseIds,
  pay,
  payoutBody,
  staffOf,
  stepOk,
} from './expenses-support.js';
import { demoEmail, useTestApp } from './helper.js';
import { pdfText } from './pdf-text.js';

describe('payouts against approved expenses (issue 17 item 3)', () => {
  const t = useTestApp();
  let ids: ExpenseIds;
  beforeAll(async () => {
    ids = await loadExpenseIds(t);
  });

  const stored = async (id: string) => {
    const [row] = await t.ctx.db.select().from(expenses).where(eq(expenses.id, id));
    const payouts = await t.ctx.db.select().from(expensePayouts).where(eq(expensePayouts.expenseId, id));
    return { paidKobo: row!.paidKobo, status: row!.status, payouts };
  };
  const reverse = (who: string, id: string, payoutId: string, reason = 'Paid to the wrong account') =>
    api(t, who, 'POST', `/expenses/${id}/payouts/${payoutId}/reverse`, { reason });

  it('a partial payout then the rest: partially paid, then paid, each with its voucher number', async () => {
    const expense = await approvedExpense(t, ids, { amount: 10_000 });
    const first = await pay(t, 'bursar', expense._id, payoutBody(3_999.99));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'partially_paid', paid: 3_999.99, remaining: 6_000.01 });
    const second = await pay(t, 'bursar', expense._id, payoutBody('6000.01', { method: 'cash', reference: null }));
    expect(second.statusCode, second.body).toBe(200);
    const paid = second.json().data as ExpenseData;
    expect(paid).toMatchObject({ status: 'paid', paid: 10_000, remaining: 0 });
    expect(paid.payouts.map((payout) => payout.amount)).toEqual([3_999.99, 6_000.01]);
    const [a, b] = paid.payouts.map((payout) => Number(payout.voucherNo.replace('PV-', '')));
    expect(paid.payouts[0]!.voucherNo).toMatch(/^PV-\d{6}$/);
    expect(b).toBe(a! + 1);
    expect(paid.history.slice(-2).map((event) => [event.action, event.toStatus])).toEqual([
      ['payout', 'partially_paid'],
      ['payout', 'paid'],
    ]);
    const audit = await t.ctx.db
      .select({ action: auditLogs.action, severity: auditLogs.severity })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, paid.payouts[0]!._id));
    expect(audit).toEqual([{ action: 'expense_payout.create', severity: 'high' }]);
    expect((await stored(expense._id)).paidKobo).toBe(1_000_000n);
  });

  it('a payout above what remains is a 422 on the amount, and nothing changes', async () => {
    const expense = await approvedExpense(t, ids, { amount: 5_000 });
    expect((await pay(t, 'bursar', expense._id, payoutBody(4_000))).statusCode).toBe(200);
    const before = await stored(expense._id);
    const response = await pay(t, 'bursar', expense._id, payoutBody(1_000.01));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'PAYOUT_ABOVE_REMAINING',
      message: 'Only ₦1,000.00 remains to be paid on this expense',
      errors: [{ field: 'amount', message: 'Only ₦1,000.00 remains to be paid on this expense' }],
    });
    expect(await stored(expense._id)).toEqual(before);
  });

  it('refuses a payment date in the future and a transfer without its reference', async () => {
    const expense = await approvedExpense(t, ids, { amount: 5_000 });
    const tomorrow = addDays(todayIn('Africa/Lagos', new Date()), 1);
    const future = await pay(t, 'bursar', expense._id, payoutBody(100, { paid_on: tomorrow }));
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual([{ field: 'paid_on', message: 'The payment date cannot be in the future' }]);
    const noReference = await pay(t, 'bursar', expense._id, payoutBody(100, { reference: '' }));
    expect(noReference.statusCode).toBe(422);
    expect(noReference.json().errors).toEqual([
      { field: 'reference', message: 'Reference is required for a transfer, a cheque or mobile money' },
    ]);
    expect((await stored(expense._id)).payouts).toEqual([]);
  });

  it('refuses a payment date before the expense was recorded, and one in a session the school has closed', async () => {
    const expense = await approvedExpense(t, ids, { amount: 5_000 });
    const today = todayIn('Africa/Lagos', new Date());
    const early = await pay(t, 'bursar', expense._id, payoutBody(100, { paid_on: addDays(today, -1) }));
    expect(early.statusCode, early.body).toBe(422);
    const recorded = `The payment date cannot be before the expense was recorded (${formatCalendarDate(today)})`;
    expect(early.json()).toMatchObject({
      code: 'PAYOUT_DATE_NOT_ALLOWED',
      errors: [{ field: 'paid_on', message: recorded }],
    });

    // Recorded in last session, which the demo school has closed: its days take no payout.
    const [closed] = await t.ctx.db
      .select()
      .from(academicSessions)
      .where(and(eq(academicSessions.schoolId, ids.school), eq(academicSessions.isActive, false)));
    expect(closed!.endDate < today).toBe(true);
    await t.ctx.db
      .update(expenses)
      .set({ createdAt: new Date(`${closed!.startDate}T09:00:00+01:00`) })
      .where(eq(expenses.id, expense._id));
    const inClosed = await pay(t, 'bursar', expense._id, payoutBody(100, { paid_on: closed!.endDate }));
    expect(inClosed.statusCode, inClosed.body).toBe(422);
    expect(inClosed.json()).toMatchObject({
      code: 'PAYOUT_DATE_NOT_ALLOWED',
      errors: [{ field: 'paid_on', message: `The payment date falls in the ${closed!.name} session, which is closed` }],
    });
    expect((await stored(expense._id)).payouts).toEqual([]);

    const now = await pay(t, 'bursar', expense._id, payoutBody(100));
    expect(now.statusCode, now.body).toBe(200);
    expect((await stored(expense._id)).payouts.map((payout) => payout.paidOn)).toEqual([today]);
  });

  it.each(['draft', 'pending_approval', 'rejected', 'cancelled'])(
    'an expense %s cannot be paid (409)',
    async (status) => {
      const draft = await createExpense(t, 'bursar', expenseBody(ids, { amount: 2_000 }));
      if (status !== 'draft' && status !== 'cancelled') await stepOk(t, 'bursar', draft._id, 'submit');
      if (status === 'rejected') await stepOk(t, 'principal', draft._id, 'reject', 'Not now');
      if (status === 'cancelled') await stepOk(t, 'bursar', draft._id, 'cancel', 'Not needed');
      const before = await stored(draft._id);
      expect(before.status).toBe(status);
      const response = await pay(t, 'bursar', draft._id, payoutBody(1));
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('EXPENSE_NOT_PAYABLE');
      expect(await stored(draft._id)).toEqual(before);
    },
  );

  it('an expense paid in full has nothing left to pay (422), as the loser of a race would hear', async () => {
    const expense = await approvedExpense(t, ids, { amount: 2_000 });
    expect((await pay(t, 'bursar', expense._id, payoutBody(2_000))).statusCode).toBe(200);
    const before = await stored(expense._id);
    expect(before.status).toBe('paid');
    const response = await pay(t, 'bursar', expense._id, payoutBody(1));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'PAYOUT_ABOVE_REMAINING',
      message: 'Nothing remains to be paid on this expense: it has been paid in full',
    });
    expect(await stored(expense._id)).toEqual(before);
  });

  it('a principal approves but does not pay; the auditor neither', async () => {
    const expense = await approvedExpense(t, ids, { amount: 2_000 });
    for (const who of ['principal', 'auditor']) {
      const response = await pay(t, who, expense._id, payoutBody(1));
      expect(response.statusCode, who).toBe(403);
    }
    expect((await stored(expense._id)).payouts).toEqual([]);
  });

  it('a reversal is a compensating entry that brings the status back, once', async () => {
    const expense = await approvedExpense(t, ids, { amount: 8_000 });
    const part = (await pay(t, 'bursar', expense._id, payoutBody(3_000))).json().data as ExpenseData;
    const rest = (await pay(t, 'bursar', expense._id, payoutBody(5_000))).json().data as ExpenseData;
    expect(rest.status).toBe('paid');
    const [first, second] = rest.payouts;

    const reversed = await reverse('bursar', expense._id, second!._id);
    expect(reversed.statusCode, reversed.body).toBe(200);
    const afterOne = reversed.json().data;
    expect(afterOne).toMatchObject({ status: 'partially_paid', paid: 3_000, remaining: 5_000 });
    const reversal = afterOne.payouts.at(-1);
    expect(reversal).toMatchObject({
      amount: -5_000,
      reverses: { _id: second!._id, voucherNo: second!.voucherNo },
      note: 'Paid to the wrong account',
      paidOn: todayIn('Africa/Lagos', new Date()),
    });
    expect(reversal.voucherNo).not.toBe(second!.voucherNo);
    expect(afterOne.payouts.find((payout: { _id: string }) => payout._id === second!._id).reversedBy).toEqual({
      _id: reversal._id,
      voucherNo: reversal.voucherNo,
    });

    const again = await reverse('bursar', expense._id, second!._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PAYOUT_ALREADY_REVERSED',
      message: 'This payout has already been reversed',
    });
    const ofReversal = await reverse('bursar', expense._id, reversal._id);
    expect(ofReversal.statusCode).toBe(409);
    expect(ofReversal.json().message).toBe('A reversal cannot itself be reversed');
    expect((await stored(expense._id)).payouts).toHaveLength(3);

    const all = await reverse('proprietor', expense._id, first!._id, 'Cheque bounced');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toMatchObject({ status: 'approved', paid: 0, remaining: 8_000 });
    const { paidKobo, payouts } = await stored(expense._id);
    expect(paidKobo).toBe(0n);
    expect(payouts.reduce((sum, payout) => sum + payout.amountKobo, 0n)).toBe(0n);
    expect(part.status).toBe('partially_paid');
    // With nothing paid any more, it can be cancelled.
    expect((await stepOk(t, 'bursar', expense._id, 'cancel', 'Supplier closed')).status).toBe('cancelled');
  });

  it('another school’s payout is not found, and a payout of another expense neither', async () => {
    const expense = await approvedExpense(t, ids, { amount: 1_000 });
    const other = await approvedExpense(t, ids, { amount: 1_000 });
    const paid = (await pay(t, 'bursar', other._id, payoutBody(500))).json().data as ExpenseData;
    const wrong = await reverse('bursar', expense._id, paid.payouts[0]!._id);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('PAYOUT_NOT_FOUND');
    const wuse = await staffOf(t, ids.secondSchool, ['Bursar']);
    const foreign = await api(
      t,
      wuse.headers,
      'POST',
      `/expenses/${other._id}/payouts/${paid.payouts[0]!._id}/reverse`,
      { reason: 'Not ours' },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('EXPENSE_NOT_FOUND');
    expect((await stored(other._id)).payouts).toHaveLength(1);
  });

  it('two bursars paying the last naira at once: one wins, the other is told nothing remains', async () => {
    const second = await staffOf(t, ids.school, ['Bursar']);
    for (let round = 0; round < 10; round++) {
      const expense = await approvedExpense(t, ids, { amount: 1_000 });
      expect((await pay(t, 'bursar', expense._id, payoutBody(999))).statusCode).toBe(200);
      const answers = await Promise.all([
        pay(t, 'bursar', expense._id, payoutBody(1)),
        pay(t, second.headers, expense._id, payoutBody(1)),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, `round ${round}: ${answers.map((answer) => answer.body).join(' | ')}`).toEqual([200, 422]);
      const loser = answers.find((answer) => answer.statusCode === 422)!;
      expect(loser.json()).toMatchObject({
        code: 'PAYOUT_ABOVE_REMAINING',
        message: 'Nothing remains to be paid on this expense: it has been paid in full',
      });
      const { paidKobo, status, payouts } = await stored(expense._id);
      expect(paidKobo).toBe(100_000n);
      expect(status).toBe('paid');
      expect(payouts.reduce((sum, payout) => sum + payout.amountKobo, 0n)).toBe(100_000n);
    }
  }, 120_000);

  it('two bursars paying the whole amount at once: exactly one payout is recorded', async () => {
    const second = await staffOf(t, ids.school, ['Bursar']);
    for (let round = 0; round < 5; round++) {
      const expense = await approvedExpense(t, ids, { amount: 750.5 });
      const answers = await Promise.all([
        pay(t, 'bursar', expense._id, payoutBody(750.5)),
        pay(t, second.headers, expense._id, payoutBody(750.5)),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      const { paidKobo, payouts } = await stored(expense._id);
      expect(paidKobo).toBe(75_050n);
      expect(payouts).toHaveLength(1);
    }
  }, 120_000);

  it('payouts and reversals move the budget alerts of the category', async () => {
    await t.ctx.db
      .insert(budgets)
      .values({ schoolId: ids.school, termId: ids.term, category: 'utilities', amountKobo: 1_000_000n });
    const alerted = async () =>
      (
        await t.ctx.db
          .select({ alertedPercent: budgets.alertedPercent })
          .from(budgets)
          .where(and(eq(budgets.schoolId, ids.school), eq(budgets.termId, ids.term), eq(budgets.category, 'utilities')))
      )[0]!.alertedPercent;
    const expense = await approvedExpense(t, ids, { amount: 9_000, category: 'utilities', title: 'Electricity bill' });
    const paid = (await pay(t, 'bursar', expense._id, payoutBody(8_000))).json().data as ExpenseData;
    expect(await alerted()).toBe(80);
    const [bursar] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('bursar')));
    const alerts = await t.ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, bursar!.id), eq(notifications.kind, 'budget_alert')));
    expect(alerts).toHaveLength(1);
    expect((await reverse('bursar', expense._id, paid.payouts[0]!._id)).statusCode).toBe(200);
    expect(await alerted()).toBeNull();
  });

  describe('the payment voucher', () => {
    const vendorBody = () => {
      const serial = String(Date.now() % 1_000_000_000).padStart(9, '0');
      return {
        name: `Adeola Plumbing Works ${serial}`,
        bank_code: '058',
        account_number: `${serial}${nubanCheckDigit('058', serial)}`,
        account_name: 'Adeola Plumbing Works Ltd',
      };
    };

    it("prints the voucher number, the payee's bank account and the amount in figures and in words", async () => {
      const vendor = await api(t, 'bursar', 'POST', '/vendors', vendorBody());
      expect(vendor.statusCode, vendor.body).toBe(200);
      const { _id: vendorId, name, accountNumber } = vendor.json().data;
      const expense = await approvedExpense(t, ids, {
        amount: 45_250.5,
        category: 'facilities_maintenance',
        payee_kind: 'vendor',
        vendor_id: vendorId,
        payee_name: null,
        title: 'Borehole pump repair',
      });
      expect(expense.payee).toMatchObject({ kind: 'vendor', name, vendor: { _id: vendorId } });
      const paid = (await pay(t, 'bursar', expense._id, payoutBody(45_250.5, { reference: 'GTB-778812' }))).json()
        .data as ExpenseData;
      const payout = paid.payouts[0]!;

      const response = await api(t, 'auditor', 'GET', `/expenses/${expense._id}/payouts/${payout._id}/voucher`);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${payout.voucherNo}.pdf"`);
      const text = pdfText(response.rawPayload);
      const printed = text.replace(/\s+/g, '');
      for (const line of [
        payout.voucherNo,
        expense.reference,
        name,
        accountNumber,
        'Guaranty Trust Bank',
        '₦45,250.50',
        'Forty-five thousand, two hundred and fifty naira and fifty kobo only',
        'GTB-778812',
        'Crestview College, Ikeja',
        'Ibrahim Musa',
        'Adaeze Eze',
      ]) {
        expect(printed, line).toContain(line.replace(/\s+/g, ''));
      }
    });

    it("a reversal's voucher says so; another school's staff cannot fetch it", async () => {
      const expense = await approvedExpense(t, ids, { amount: 600 });
      const paid = (await pay(t, 'bursar', expense._id, payoutBody(600))).json().data as ExpenseData;
      const reversed = (await reverse('bursar', expense._id, paid.payouts[0]!._id)).json().data as ExpenseData;
      const reversal = reversed.payouts.at(-1)!;
      const response = await api(t, 'bursar', 'GET', `/expenses/${expense._id}/payouts/${reversal._id}/voucher`);
      expect(response.statusCode).toBe(200);
      const printed = pdfText(response.rawPayload).replace(/\s+/g, '');
      expect(printed).toContain('Paymentvoucher:reversal');
      expect(printed).toContain(`Reversesvoucher${paid.payouts[0]!.voucherNo}`);
      expect(printed).toContain('Sixhundrednairaonly');

      const foreign = await api(
        t,
        'principal2',
        'GET',
        `/expenses/${expense._id}/payouts/${paid.payouts[0]!._id}/voucher`,
      );
      expect(foreign.statusCode).toBe(404);
      const parent = await api(t, 'parent', 'GET', `/expenses/${expense._id}/payouts/${paid.payouts[0]!._id}/voucher`);
      expect(parent.statusCode).toBe(403);
    });
  });
});

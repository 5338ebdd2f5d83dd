import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, familyCreditPaybacks, notifications, users } from '../src/db/schema.js';
import {
  api,
  createExpense,
  type ExpenseIds,
  expenseBody,
  loadExpenseIds,
  setThreshold,
  staffOf,
  step,
  stepOk,
  type Who,
} from './expenses-support.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, bursarOf, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/*
 * Four eyes means four eyes: whoever shaped a request for money (its amount or payee) or is paid
 * by it does not approve it; the proprietor's threshold holds at approval; credit paid back to a
 * family waits for a second person.
 */

describe('four eyes', () => {
  const t = useTestApp();
  let ids: ExpenseIds;
  let pay: PaymentIds;
  let principalId = '';
  beforeAll(async () => {
    ids = await loadExpenseIds(t);
    pay = await loadPaymentIds(t);
    principalId = await idOf('principal');
  });

  async function idOf(name: string) {
    const [row] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(name)));
    return row!.id;
  }

  const edit = (who: Who, id: string, body: object) => api(t, who, 'PATCH', `/expenses/${id}`, body);
  const awaiting = async (who: Who) =>
    (await api(t, who, 'GET', '/expenses?awaiting_me=true&limit=100'))
      .json()
      .data.expenses.map((expense: { _id: string }) => expense._id);
  const toApprove = async (name: string, title: string) =>
    t.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, await idOf(name)), eq(notifications.title, `Expense to approve: ${title}`)));

  describe('expenses: whoever changed the amount or payee, or is paid, does not decide', () => {
    it("the issue's case: a principal raises a bursar's ₦5,000 draft to ₦95,000, makes himself the payee, and cannot approve it", async () => {
      const body = expenseBody(ids, { amount: 5_000 });
      const draft = await createExpense(t, 'bursar', body);
      const raised = await edit('principal', draft._id, {
        ...body,
        amount: 95_000,
        payee_kind: 'staff',
        payee_user_id: principalId,
        payee_name: null,
      });
      expect(raised.statusCode, raised.body).toBe(200);
      await stepOk(t, 'bursar', draft._id, 'submit');

      const refused = await step(t, 'principal', draft._id, 'approve');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'OWN_EXPENSE_APPROVAL',
        message: 'You changed the amount or payee of this expense, so another person must approve or reject it',
      });
      const detail = await api(t, 'bursar', 'GET', `/expenses/${draft._id}`);
      expect(detail.json().data).toMatchObject({ status: 'pending_approval', amount: 95_000, decidedBy: null });
      expect(await awaiting('principal')).not.toContain(draft._id);
      expect(await toApprove('principal', body.title), 'not asked to approve it').toEqual([]);
      expect((await stepOk(t, 'proprietor', draft._id, 'approve')).status).toBe('approved');
    });

    it.each([
      ['the amount', { amount: 30_000 }],
      ['the payee', { payee_name: 'Another Stationer' }],
    ])(
      'a principal who changed only %s can neither approve nor reject it, even after it is reopened; a colleague can',
      async (_what, change) => {
        const body = expenseBody(ids);
        const draft = await createExpense(t, 'bursar', body);
        expect((await edit('principal', draft._id, { ...body, ...change })).statusCode).toBe(200);
        // The bursar puts it back as it was: the principal's change still happened.
        expect((await edit('bursar', draft._id, body)).statusCode).toBe(200);
        await stepOk(t, 'bursar', draft._id, 'submit');
        await stepOk(t, 'bursar', draft._id, 'reopen');
        await stepOk(t, 'bursar', draft._id, 'submit');
        for (const [action, reason] of [
          ['approve', undefined],
          ['reject', 'Too dear'],
        ] as const) {
          const response = await step(t, 'principal', draft._id, action, reason);
          expect(response.statusCode, `${action}: ${response.body}`).toBe(403);
          expect(response.json().code).toBe('OWN_EXPENSE_APPROVAL');
        }
        const colleague = await staffOf(t, ids.school, ['Principal']);
        expect(await awaiting(colleague.headers)).toContain(draft._id);
        expect((await stepOk(t, colleague.headers, draft._id, 'approve')).status).toBe('approved');
      },
    );

    it('an edit that leaves the amount and payee alone does not stop a principal deciding', async () => {
      const body = expenseBody(ids);
      const draft = await createExpense(t, 'bursar', body);
      const retitled = await edit('principal', draft._id, { ...body, title: `${body.title} (second half)` });
      expect(retitled.statusCode, retitled.body).toBe(200);
      await stepOk(t, 'bursar', draft._id, 'submit');
      expect(await awaiting('principal')).toContain(draft._id);
      expect((await stepOk(t, 'principal', draft._id, 'approve')).status).toBe('approved');
    });

    it('the staff payee cannot approve, is not asked to, and the proprietor can', async () => {
      const body = expenseBody(ids, {
        payee_kind: 'staff',
        payee_user_id: principalId,
        payee_name: null,
        category: 'staff_allowance',
      });
      const draft = await createExpense(t, 'bursar', body);
      await stepOk(t, 'bursar', draft._id, 'submit');
      const refused = await step(t, 'principal', draft._id, 'approve');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'OWN_EXPENSE_APPROVAL',
        message: 'You are the payee of this expense, so another person must approve or reject it',
      });
      expect(await awaiting('principal')).not.toContain(draft._id);
      expect(await toApprove('principal', body.title)).toEqual([]);
      expect(await toApprove('proprietor', body.title)).toHaveLength(1);
      expect((await stepOk(t, 'proprietor', draft._id, 'approve')).status).toBe('approved');
    });

    it.each(['Ibrahim Musa', 'MUSA  ibrahim'])(
      'a payee typed as the principal’s own name (%s) is the principal',
      async (name) => {
        const draft = await createExpense(t, 'bursar', expenseBody(ids, { payee_name: name }));
        await stepOk(t, 'bursar', draft._id, 'submit');
        const refused = await step(t, 'principal', draft._id, 'approve');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(
          'You are the payee of this expense, so another person must approve or reject it',
        );
      },
    );
  });

  it('on any history of edits, the principal may decide exactly when he never changed the amount or payee', async () => {
    const colleague = await staffOf(t, ids.school, ['Principal']);
    const editors = { bursar: 'bursar', principal: 'principal', colleague: colleague.headers } as const;
    const edit$ = fc.record({
      who: fc.constantFrom(...(Object.keys(editors) as (keyof typeof editors)[])),
      field: fc.constantFrom('amount', 'payee_name', 'title'),
      value: fc.constantFrom(0, 1),
    });
    const VALUES = {
      amount: [10_000, 20_000],
      payee_name: ['Bode Stationers', 'Kemi Prints'],
      title: ['Chalk and markers', 'Chalk, markers and dusters'],
    } as const;
    await fc.assert(
      fc.asyncProperty(fc.array(edit$, { maxLength: 5 }), async (edits) => {
        const body: Record<string, unknown> = expenseBody(ids, { amount: 10_000, title: 'Chalk and markers' });
        const draft = await createExpense(t, 'bursar', body);
        let principalChanged = false;
        for (const { who, field, value } of edits) {
          const next = VALUES[field][value];
          if (who === 'principal' && field !== 'title' && body[field] !== next) principalChanged = true;
          body[field] = next;
          const response = await edit(editors[who], draft._id, body);
          expect(response.statusCode, response.body).toBe(200);
        }
        await stepOk(t, 'bursar', draft._id, 'submit');
        const decided = await step(t, 'principal', draft._id, 'approve');
        expect(decided.statusCode, decided.body).toBe(principalChanged ? 403 : 200);
        expect((await api(t, 'bursar', 'GET', `/expenses/${draft._id}`)).json().data.status).toBe(
          principalChanged ? 'pending_approval' : 'approved',
        );
      }),
      { numRuns: 12 },
    );
  });

  describe("expenses: the school's threshold is checked at approval", () => {
    it('a threshold lowered while a request waits keeps the principal from approving it; the proprietor approves', async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids, { amount: 80_000 }));
      const submitted = await stepOk(t, 'bursar', expense._id, 'submit');
      expect(submitted.needsProprietor).toBe(false);
      await setThreshold(t, ids.school, 50_000);
      try {
        const refused = await step(t, 'principal', expense._id, 'approve');
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().code).toBe('EXPENSE_NEEDS_PROPRIETOR');
        expect((await api(t, 'bursar', 'GET', `/expenses/${expense._id}`)).json().data.status).toBe('pending_approval');
        expect(await awaiting('principal')).not.toContain(expense._id);
        expect(await awaiting('proprietor')).toContain(expense._id);
        expect((await stepOk(t, 'proprietor', expense._id, 'approve')).status).toBe('approved');
      } finally {
        await setThreshold(t, ids.school, null);
      }
    });
  });

  describe('family credit paid back: asked by one person, approved by another', () => {
    let parentId = '';
    let bursarId = '';
    beforeAll(async () => {
      parentId = await idOf('parent');
      bursarId = await idOf('bursar');
    });

    const balance = async () => (await call(t, 'parent', 'GET', '/family-credit')).json().data.balance as number;
    const decide = async (who: Who, id: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/family-credit/paybacks/${id}/decision`,
        headers: typeof who === 'string' ? await t.as(who) : who,
        payload,
      });
    /** The demo family gains `naira` of credit: cash paid, then refunded to credit. */
    async function creditOf(naira: string) {
      const paid = await payCash(t, pay.student, await approvedFee(t, pay.school, pay.term, naira), naira);
      const kept = await call(t, 'admin', 'POST', `/payment/${paid._id}/refund`, { reason: 'Overpaid', to: 'credit' });
      expect(kept.statusCode, kept.body).toBe(200);
    }
    async function ask(amount: string, reason = 'Family moved abroad') {
      const response = await call(t, 'bursar', 'POST', '/family-credit/refund', {
        parent_id: parentId,
        amount,
        reason,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { _id: string; status: string; amount: number };
    }
    const noticesOf = async (userId: string, title: string) =>
      t.ctx.db
        .select({ message: notifications.message, actionUrl: notifications.actionUrl })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));

    it('nothing leaves on the request; the asker cannot approve it; another person who may refund does, and the credit goes down once', async () => {
      await creditOf('500');
      const before = await balance();
      const colleague = await staffOf(t, pay.school, ['Bursar']);
      const asked = await ask('200');
      expect(asked).toMatchObject({ status: 'pending', amount: 200 });
      expect(await balance(), 'nothing leaves yet').toBe(before);
      expect(
        await noticesOf(colleague.id, 'Credit payback to approve: Chukwudi Obi'),
        'the school’s other staff who may refund are asked',
      ).toEqual([
        {
          message: expect.stringContaining('asked to pay ₦200.00 of family credit back to Chukwudi Obi'),
          actionUrl: '/bursar/cash-payments',
        },
      ]);
      expect(await noticesOf(bursarId, 'Credit payback to approve: Chukwudi Obi'), 'not the asker').toEqual([]);

      const own = await decide('bursar', asked._id, { status: 'approved' });
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json()).toMatchObject({
        code: 'OWN_PAYBACK_APPROVAL',
        message: 'You asked for this payback, so another person must approve or reject it',
      });
      expect(await balance()).toBe(before);

      const approved = await decide(colleague.headers, asked._id, { status: 'approved' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'approved', balance: before - 200 });
      expect(await balance()).toBe(before - 200);
      const view = await call(t, 'bursar', 'GET', `/family-credit?parent_id=${parentId}`);
      expect(view.json().data.entries[0]).toMatchObject({
        kind: 'refunded',
        amount: -200,
        reason: 'Family moved abroad',
      });
      expect(await noticesOf(bursarId, 'Credit payback approved')).toHaveLength(1);

      const again = await decide('admin', asked._id, { status: 'approved' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PAYBACK_NOT_PENDING');
      expect(await balance(), 'paid back once').toBe(before - 200);

      const trail = await t.ctx.db
        .select({ action: auditLogs.action, actorId: auditLogs.actorId })
        .from(auditLogs)
        .where(eq(auditLogs.entityId, asked._id));
      expect(trail).toEqual(
        expect.arrayContaining([
          { action: 'family_credit_payback.request', actorId: bursarId },
          { action: 'family_credit_payback.approve', actorId: colleague.id },
        ]),
      );
    });

    it('a rejected payback leaves the credit where it was, with the reason, and the asker hears it', async () => {
      await creditOf('300');
      const before = await balance();
      const asked = await ask('150');
      const rejected = await decide('admin', asked._id, { status: 'rejected', reason: 'Apply it to next term' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'Apply it to next term' });
      expect(await balance()).toBe(before);
      const told = await noticesOf(bursarId, 'Credit payback rejected');
      expect(told).toContainEqual(
        expect.objectContaining({ message: expect.stringContaining('Apply it to next term') }),
      );
      const pending = await call(t, 'bursar', 'GET', '/family-credit/paybacks?status=pending&limit=100');
      expect(pending.json().data.paybacks.map((row: { _id: string }) => row._id)).not.toContain(asked._id);
    });

    it('credit used while the payback waited is not paid twice: the approval is refused and it stays pending', async () => {
      await creditOf('100');
      const all = await balance();
      const asked = await ask(String(all));
      const fee = await approvedFee(t, pay.school, pay.term, String(all));
      const used = await call(t, 'parent', 'POST', '/family-credit/apply', {
        student_id: pay.student,
        fee_id: fee,
        amount: String(all),
      });
      expect(used.statusCode, used.body).toBe(200);
      const refused = await decide('admin', asked._id, { status: 'approved' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('CREDIT_NOT_ENOUGH');
      expect(await balance()).toBe(0);
      const [row] = await t.ctx.db.select().from(familyCreditPaybacks).where(eq(familyCreditPaybacks.id, asked._id));
      expect(row).toMatchObject({ status: 'pending', entryId: null, decidedBy: null });
    });

    it("another school's staff neither see nor decide a payback", async () => {
      await creditOf('100');
      const asked = await ask('50');
      const wuse = await bursarOf(t, pay.secondSchool);
      const decided = await decide(wuse, asked._id, { status: 'approved' });
      expect(decided.statusCode).toBe(404);
      expect(decided.json().code).toBe('PAYBACK_NOT_FOUND');
      const list = await call(t, wuse, 'GET', '/family-credit/paybacks?limit=100');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.paybacks.map((row: { _id: string }) => row._id)).not.toContain(asked._id);
      expect((await decide('principal', asked._id, { status: 'approved' })).statusCode, 'may not refund').toBe(403);
      const [row] = await t.ctx.db.select().from(familyCreditPaybacks).where(eq(familyCreditPaybacks.id, asked._id));
      expect(row!.status).toBe('pending');
    });

    it('the database itself refuses a payback decided by the person who asked', async () => {
      await creditOf('100');
      const asked = await ask('20');
      await expect(
        t.ctx.db.execute(
          sql`update family_credit_paybacks set status = 'rejected', decided_by = requested_by where id = ${asked._id}`,
        ),
      ).rejects.toThrow();
    });
  });
});

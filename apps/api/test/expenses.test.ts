import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, expenses, notifications, users } from '../src/db/schema.js';
import { aSchool, aSession, aTerm } from './builders.js';
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
  setThreshold,
  staffOf,
  step,
  stepOk,
} from './expenses-support.js';
import { demoEmail, useTestApp } from './helper.js';

const ACTIONS = ['submit', 'approve', 'reject', 'reopen', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];
/** Issue 17's life of a request: what each status allows, and where it leads. */
const ALLOWED: Record<string, Partial<Record<Action, string>>> = {
  draft: { submit: 'pending_approval', cancel: 'cancelled' },
  pending_approval: { approve: 'approved', reject: 'rejected', reopen: 'draft', cancel: 'cancelled' },
  approved: { cancel: 'cancelled' },
  rejected: { reopen: 'draft', cancel: 'cancelled' },
  partially_paid: {},
  paid: {},
  cancelled: {},
};
const REASONS: Partial<Record<Action, string>> = { reject: 'Quote too high', cancel: 'No longer needed' };
/** Who takes each step in these tests: the bursar records, the principal decides. */
const ACTOR: Record<Action, string> = {
  submit: 'bursar',
  approve: 'principal',
  reject: 'principal',
  reopen: 'bursar',
  cancel: 'bursar',
};

describe('expense requests (issue 17 items 1, 2 and 7)', () => {
  const t = useTestApp();
  let ids: ExpenseIds;
  beforeAll(async () => {
    ids = await loadExpenseIds(t);
  });

  const statusOf = async (id: string) =>
    (await t.ctx.db.select({ status: expenses.status }).from(expenses).where(eq(expenses.id, id)))[0]!.status;

  /** A fresh expense brought to `status` through the API. */
  async function expenseIn(status: string): Promise<ExpenseData> {
    const draft = await createExpense(t, 'bursar', expenseBody(ids, { amount: 10_000 }));
    switch (status) {
      case 'draft':
        return draft;
      case 'pending_approval':
        return stepOk(t, 'bursar', draft._id, 'submit');
      case 'rejected':
        await stepOk(t, 'bursar', draft._id, 'submit');
        return stepOk(t, 'principal', draft._id, 'reject', 'Quote too high');
      case 'cancelled':
        return stepOk(t, 'bursar', draft._id, 'cancel', 'Entered twice');
      default: {
        await stepOk(t, 'bursar', draft._id, 'submit');
        const approved = await stepOk(t, 'principal', draft._id, 'approve');
        if (status === 'approved') return approved;
        const paid = await pay(t, 'bursar', draft._id, payoutBody(status === 'paid' ? 10_000 : 4_000));
        expect(paid.statusCode, paid.body).toBe(200);
        return paid.json().data;
      }
    }
  }

  describe('the state machine, driven through the API', () => {
    const allowed = Object.entries(ALLOWED).flatMap(([from, steps]) =>
      Object.entries(steps).map(([action, to]) => [from, action as Action, to] as const),
    );
    it('has the nine allowed steps of the issue', () => {
      expect(allowed).toHaveLength(9);
    });

    it.each(allowed)('from %s, %s leads to %s, with a history entry and an audit row', async (from, action, to) => {
      const expense = await expenseIn(from);
      expect(expense.status).toBe(from);
      const after = await stepOk(t, ACTOR[action], expense._id, action, REASONS[action]);
      expect(after.status).toBe(to);
      expect(after.history.at(-1)).toMatchObject({
        action,
        fromStatus: from,
        toStatus: to,
        note: REASONS[action] ?? null,
      });
      const audit = await t.ctx.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, expense._id), eq(auditLogs.action, `expense.${action}`)));
      expect(audit).toHaveLength(1);
    });

    const refused = Object.entries(ALLOWED).flatMap(([from, steps]) =>
      ACTIONS.filter((action) => !(action in steps)).map((action) => [from, action] as const),
    );
    it('refuses the other twenty-six', () => {
      expect(refused).toHaveLength(26);
    });

    it.each(Object.keys(ALLOWED))(
      'from %s, every step it does not allow is a 409 and changes nothing',
      async (from) => {
        const expense = await expenseIn(from);
        const actions = refused.filter(([status]) => status === from).map(([, action]) => action);
        for (const action of actions) {
          // The principal may take every step, so only the status can refuse it.
          const response = await step(t, 'principal', expense._id, action, REASONS[action]);
          expect(response.statusCode, `${action} from ${from}: ${response.body}`).toBe(409);
          expect(response.json().code).toBe('EXPENSE_TRANSITION_NOT_ALLOWED');
          expect(await statusOf(expense._id)).toBe(from);
        }
        const detail = await api(t, 'principal', 'GET', `/expenses/${expense._id}`);
        expect(detail.json().data.history).toEqual(expense.history);
      },
    );

    it('tells why a step is refused and what to do instead', async () => {
      const draft = await expenseIn('draft');
      const approve = await step(t, 'principal', draft._id, 'approve');
      expect(approve.json().message).toBe('A draft cannot be approved; submit it first');
      const paid = await expenseIn('partially_paid');
      const cancel = await step(t, 'bursar', paid._id, 'cancel', 'Changed our mind');
      expect(cancel.json().message).toBe(
        'Money has been paid out on this expense; reverse its payouts before cancelling it',
      );
    });

    it('edits only a draft, and never moves it to another school', async () => {
      const draft = await expenseIn('draft');
      const edited = await api(t, 'bursar', 'PATCH', `/expenses/${draft._id}`, expenseBody(ids, { amount: 12_500.5 }));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({ amount: 12_500.5, remaining: 12_500.5, reference: draft.reference });
      expect(edited.json().data.history.map((event: { action: string }) => event.action)).toEqual(['create', 'update']);

      const moved = await api(
        t,
        'bursar',
        'PATCH',
        `/expenses/${draft._id}`,
        expenseBody({ school: ids.secondSchool, session: ids.secondSession, term: ids.secondTerm }),
      );
      expect(moved.statusCode, moved.body).toBe(422);
      expect(moved.json().errors).toEqual([
        { field: 'school_id', message: 'The school of an expense cannot be changed' },
      ]);

      const pending = await expenseIn('pending_approval');
      const refused = await api(t, 'bursar', 'PATCH', `/expenses/${pending._id}`, expenseBody(ids, { amount: 1 }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('EXPENSE_TRANSITION_NOT_ALLOWED');
      expect((await api(t, 'bursar', 'GET', `/expenses/${pending._id}`)).json().data.amount).toBe(10_000);
    });

    it('reopening a rejected request clears its decision, keeps it in the history, and it can be sent again', async () => {
      const rejected = await expenseIn('rejected');
      expect(rejected).toMatchObject({ rejectionReason: 'Quote too high', decidedBy: { name: 'Ibrahim Musa' } });
      const reopened = await stepOk(t, 'bursar', rejected._id, 'reopen');
      expect(reopened).toMatchObject({ status: 'draft', rejectionReason: null, decidedBy: null, submittedAt: null });
      const again = await stepOk(t, 'bursar', rejected._id, 'submit');
      expect(again.history.map((event) => event.action)).toEqual(['create', 'submit', 'reject', 'reopen', 'submit']);
    });
  });

  describe('four eyes', () => {
    it('the principal who recorded and submitted a request cannot decide it; the proprietor can', async () => {
      const own = await createExpense(t, 'principal', expenseBody(ids));
      await stepOk(t, 'principal', own._id, 'submit');
      for (const [action, reason] of [
        ['approve', undefined],
        ['reject', 'Mine'],
      ] as const) {
        const response = await step(t, 'principal', own._id, action, reason);
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().code).toBe('OWN_EXPENSE_APPROVAL');
      }
      const approved = await stepOk(t, 'proprietor', own._id, 'approve');
      expect(approved).toMatchObject({ status: 'approved', decidedBy: { name: 'Folake Abimbola Ogunleye' } });
    });

    it('the principal who submitted what a bursar recorded cannot approve it; another principal can', async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids));
      await stepOk(t, 'principal', expense._id, 'submit');
      const own = await step(t, 'principal', expense._id, 'approve');
      expect(own.statusCode).toBe(403);
      expect(own.json().code).toBe('OWN_EXPENSE_APPROVAL');
      const colleague = await staffOf(t, ids.school, ['Principal']);
      const approved = await stepOk(t, colleague.headers, expense._id, 'approve');
      expect(approved.status).toBe('approved');
    });

    it('a bursar records and submits but cannot approve or reject at all', async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids));
      await stepOk(t, 'bursar', expense._id, 'submit');
      const colleague = await staffOf(t, ids.school, ['Bursar']);
      for (const action of ['approve', 'reject'] as const) {
        const response = await step(t, colleague.headers, expense._id, action, REASONS[action]);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
      expect(await statusOf(expense._id)).toBe('pending_approval');
    });

    it("a submitted request reaches the school's approvers, and the decision reaches the bursar who recorded it", async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids, { title: 'Generator diesel' }));
      await stepOk(t, 'bursar', expense._id, 'submit');
      const noticesOf = async (name: string) => {
        const [person] = await t.ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, demoEmail(name)));
        return t.ctx.db
          .select({ title: notifications.title, message: notifications.message, actionUrl: notifications.actionUrl })
          .from(notifications)
          .where(and(eq(notifications.userId, person!.id), eq(notifications.kind, 'expense')));
      };
      for (const approver of ['principal', 'proprietor']) {
        expect(await noticesOf(approver)).toContainEqual(
          expect.objectContaining({
            title: 'Expense to approve: Generator diesel',
            actionUrl: `/expenses/${expense._id}`,
          }),
        );
      }
      expect(await noticesOf('principal2'), 'not the approvers of another school').toEqual([]);
      await stepOk(t, 'principal', expense._id, 'reject', 'Use the school generator fund');
      const told = await noticesOf('bursar');
      expect(told).toContainEqual(
        expect.objectContaining({
          title: 'Expense rejected: Generator diesel',
          message: expect.stringContaining('Use the school generator fund'),
        }),
      );
    });

    it("lists what awaits each approver's decision", async () => {
      const byBursar = await createExpense(t, 'bursar', expenseBody(ids));
      await stepOk(t, 'bursar', byBursar._id, 'submit');
      const byPrincipal = await createExpense(t, 'principal', expenseBody(ids));
      await stepOk(t, 'principal', byPrincipal._id, 'submit');
      const awaiting = async (who: string) =>
        (await api(t, who, 'GET', '/expenses?awaiting_me=true&limit=100'))
          .json()
          .data.expenses.map((expense: { _id: string }) => expense._id);
      const principal = await awaiting('principal');
      expect(principal).toContain(byBursar._id);
      expect(principal).not.toContain(byPrincipal._id);
      expect(await awaiting('proprietor')).toEqual(expect.arrayContaining([byBursar._id, byPrincipal._id]));
      expect(await awaiting('bursar'), 'a bursar approves nothing').toEqual([]);
    });
  });

  describe("the school's threshold", () => {
    it('above it only a proprietor approves; at it a principal may', async () => {
      await setThreshold(t, ids.school, 50_000);
      try {
        const above = await createExpense(t, 'bursar', expenseBody(ids, { amount: 50_000.01 }));
        const submitted = await stepOk(t, 'bursar', above._id, 'submit');
        expect(submitted.needsProprietor).toBe(true);
        const refused = await step(t, 'principal', above._id, 'approve');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'EXPENSE_NEEDS_PROPRIETOR',
          message: "This expense is above the school's approval limit; only a proprietor can approve it",
        });
        expect(await statusOf(above._id)).toBe('pending_approval');
        const principalQueue = await api(t, 'principal', 'GET', '/expenses?awaiting_me=true&limit=100');
        expect(principalQueue.json().data.expenses.map((e: { _id: string }) => e._id)).not.toContain(above._id);
        expect((await stepOk(t, 'proprietor', above._id, 'approve')).status).toBe('approved');

        const at = await createExpense(t, 'bursar', expenseBody(ids, { amount: 50_000 }));
        expect((await stepOk(t, 'bursar', at._id, 'submit')).needsProprietor).toBe(false);
        expect((await stepOk(t, 'principal', at._id, 'approve')).status).toBe('approved');
      } finally {
        await setThreshold(t, ids.school, null);
      }
    });

    it('is read when the request is submitted, not when it was recorded', async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids, { amount: 80_000 }));
      await setThreshold(t, ids.school, 60_000);
      try {
        expect((await stepOk(t, 'bursar', expense._id, 'submit')).needsProprietor).toBe(true);
        const reopened = await stepOk(t, 'bursar', expense._id, 'reopen');
        expect(reopened.needsProprietor).toBe(false);
      } finally {
        await setThreshold(t, ids.school, null);
      }
    });
  });

  describe('recording a request', () => {
    it("numbers each school's expenses EXP-000001 onwards", async () => {
      const school = await aSchool(t);
      const session = await aSession(t, { school_id: school.id });
      const term = await aTerm(t, { session: session.id });
      const own = { school: school.id, session: session.id, term: term.id };
      const first = await createExpense(t, 'admin', expenseBody(own));
      const second = await createExpense(t, 'admin', expenseBody(own));
      expect([first.reference, second.reference]).toEqual(['EXP-000001', 'EXP-000002']);
    });

    it('keeps the payee: a member of staff of the school, an active vendor of its group, or a name', async () => {
      const [bursar] = await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmail('bursar')));
      const staff = await createExpense(
        t,
        'principal',
        expenseBody(ids, {
          payee_kind: 'staff',
          payee_user_id: bursar!.id,
          payee_name: null,
          category: 'staff_allowance',
        }),
      );
      expect(staff.payee).toEqual({
        kind: 'staff',
        name: 'Adaeze Eze',
        user: { _id: bursar!.id, name: 'Adaeze Eze' },
        vendor: null,
        account: null,
        accountFixed: false,
      });

      const [principal2] = await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmail('principal2')));
      const [student] = await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmail('student')));
      for (const payee of [principal2!.id, student!.id]) {
        const refused = await api(
          t,
          'principal',
          'POST',
          '/expenses',
          expenseBody(ids, { payee_kind: 'staff', payee_user_id: payee }),
        );
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json().errors).toEqual([
          { field: 'payee_user_id', message: 'Choose a member of staff of this school' },
        ]);
      }
    });

    it('lists the staff a school can pay, and not its students or parents', async () => {
      const response = await api(t, 'bursar', 'GET', `/expenses/payees?school_id=${ids.school}`);
      expect(response.statusCode, response.body).toBe(200);
      const names = response.json().data.payees.map((payee: { name: string }) => payee.name);
      expect(names).toEqual(expect.arrayContaining(['Adaeze Eze', 'Ibrahim Musa', 'Tunde Bakare']));
      expect(names).not.toContain('Chiamaka Ifeoma Obi');
      expect(names).not.toContain('Chukwudi Obi');
      expect((await api(t, 'bursar', 'GET', `/expenses/payees?school_id=${ids.secondSchool}`)).statusCode).toBe(404);
    });

    it.each([
      ['amount 0', { amount: 0 }, 'amount', 'Amount must be greater than 0'],
      ['a negative amount', { amount: -500 }, 'amount', 'Amount must be greater than 0'],
      ['three decimals', { amount: '10.999' }, 'amount', 'Enter an amount in naira with at most two decimal places'],
      ['no payee name', { payee_name: undefined }, 'payee_name', 'Payee name is required'],
      ['a staff payee not chosen', { payee_kind: 'staff' }, 'payee_user_id', 'Choose the member of staff'],
      ['no title', { title: '  ' }, 'title', 'Title is required'],
    ])('refuses %s with the field message', async (_what, change, field, message) => {
      const before = (await t.ctx.db.select({ id: expenses.id }).from(expenses)).length;
      const response = await api(t, 'bursar', 'POST', '/expenses', expenseBody(ids, change));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toContainEqual({ field, message });
      expect((await t.ctx.db.select({ id: expenses.id }).from(expenses)).length).toBe(before);
    });

    it('refuses a term of another session and a session of another school on their fields', async () => {
      const wrongTerm = await api(t, 'bursar', 'POST', '/expenses', expenseBody(ids, { term_id: ids.secondTerm }));
      expect(wrongTerm.statusCode).toBe(422);
      expect(wrongTerm.json().errors).toEqual([{ field: 'term_id', message: 'Choose a term of this session' }]);
      const wrongSession = await api(
        t,
        'bursar',
        'POST',
        '/expenses',
        expenseBody(ids, { session_id: ids.secondSession, term_id: ids.secondTerm }),
      );
      expect(wrongSession.statusCode).toBe(422);
      expect(wrongSession.json().errors).toEqual([{ field: 'session_id', message: 'Choose a session of this school' }]);
    });

    it('keeps the amount exact to the kobo', async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids, { amount: '1234567.89' }));
      const [row] = await t.ctx.db.select().from(expenses).where(eq(expenses.id, expense._id));
      expect(row!.amountKobo).toBe(123_456_789n);
      expect(expense).toMatchObject({ amount: 1_234_567.89, paid: 0, remaining: 1_234_567.89 });
    });
  });

  describe('who sees what', () => {
    it("another school's staff are told a request does not exist, whatever they try", async () => {
      const expense = await approvedExpense(t, ids);
      const wuseBursar = await staffOf(t, ids.secondSchool, ['Bursar']);
      const own = { school: ids.secondSchool, session: ids.secondSession, term: ids.secondTerm };
      const attempts: [string | { authorization: string }, 'GET' | 'PATCH' | 'POST', string, unknown][] = [
        ['principal2', 'GET', `/expenses/${expense._id}`, undefined],
        ['principal2', 'PATCH', `/expenses/${expense._id}`, expenseBody(own)],
        ['principal2', 'POST', `/expenses/${expense._id}/transitions`, { action: 'cancel', reason: 'Not ours' }],
        [wuseBursar.headers, 'GET', `/expenses/${expense._id}`, undefined],
        [wuseBursar.headers, 'POST', `/expenses/${expense._id}/payouts`, payoutBody(100)],
        [wuseBursar.headers, 'POST', `/expenses/${expense._id}/transitions`, { action: 'cancel', reason: 'Not ours' }],
      ];
      for (const [who, method, url, body] of attempts) {
        const response = await api(t, who, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe('EXPENSE_NOT_FOUND');
      }
      const list = await api(t, 'principal2', 'GET', '/expenses?limit=100');
      expect(list.json().data.expenses.map((e: { _id: string }) => e._id)).not.toContain(expense._id);
      const after = await api(t, 'principal', 'GET', `/expenses/${expense._id}`);
      expect(after.json().data).toMatchObject({ status: 'approved', paid: 0 });
    });

    it('the auditor reads but changes nothing; ICT administrators, parents and students see nothing', async () => {
      const expense = await createExpense(t, 'bursar', expenseBody(ids));
      expect((await api(t, 'auditor', 'GET', `/expenses/${expense._id}`)).statusCode).toBe(200);
      expect((await api(t, 'auditor', 'GET', '/expenses')).statusCode).toBe(200);
      const submit = await step(t, 'auditor', expense._id, 'submit');
      expect(submit.statusCode).toBe(403);
      for (const who of ['ict', 'parent', 'student', 'headteacher']) {
        expect((await api(t, who, 'GET', '/expenses')).statusCode, who).toBe(403);
        expect((await api(t, who, 'GET', `/expenses/${expense._id}`)).statusCode, who).toBe(403);
      }
      expect(await statusOf(expense._id)).toBe('draft');
    });

    it('the proprietor sees the requests of every school of the group', async () => {
      const own = { school: ids.secondSchool, session: ids.secondSession, term: ids.secondTerm };
      const wuse = await createExpense(t, 'principal2', expenseBody(own));
      const ikeja = await createExpense(t, 'bursar', expenseBody(ids));
      const list = await api(t, 'proprietor', 'GET', '/expenses?limit=100');
      expect(list.json().data.expenses.map((e: { _id: string }) => e._id)).toEqual(
        expect.arrayContaining([wuse._id, ikeja._id]),
      );
      const filtered = await api(t, 'proprietor', 'GET', `/expenses?school_id=${ids.secondSchool}&limit=100`);
      const schools = new Set(filtered.json().data.expenses.map((e: { school: { _id: string } }) => e.school._id));
      expect([...schools]).toEqual([ids.secondSchool]);
    });
  });
});

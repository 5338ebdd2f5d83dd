import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, users } from '../src/db/schema.js';
import { aSession, aTerm } from './builders.js';
import { anExpense, aPayout, aReversal } from './expense-fixtures.js';
import { demoEmail, useTestApp } from './helper.js';
import { loadPaymentIds, type PaymentIds } from './payments-support.js';

type Who = string;

/*
 * Issue 17 item 5: budgets per school, term and category against what was actually paid out,
 * the 80% and 100% alerts, and the approval threshold. The terms are made here, so every expense
 * and payout counted is one the test wrote (expense-fixtures), and every sum is worked out by hand.
 */
describe('budgets and the approval threshold', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  const terms = { first: '', second: '', wuse: '' };
  const people: Record<string, string> = {};

  async function call(who: Who, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function report(who: Who, schoolId: string, termId: string) {
    const response = await call(who, 'GET', `/budgets?school_id=${schoolId}&term_id=${termId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function setBudget(who: Who, termId: string, category: string, amount: string, schoolId = ids.school) {
    return call(who, 'PUT', '/budgets', { school_id: schoolId, term_id: termId, category, amount });
  }

  async function alertsOf(name: string) {
    return t.ctx.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, people[name]!), eq(notifications.kind, 'budget_alert')))
      .orderBy(notifications.seq);
  }

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const session = await aSession(t, {
      school_id: ids.school,
      name: '2040/2041',
      startDate: '2040-09-01',
      endDate: '2041-07-31',
    });
    terms.first = (await aTerm(t, { session: session.id, startDate: '2040-09-08', endDate: '2040-12-18' })).id;
    terms.second = (
      await aTerm(t, { session: session.id, name: 'Second Term', startDate: '2041-01-06', endDate: '2041-04-04' })
    ).id;
    const wuseSession = await aSession(t, {
      school_id: ids.secondSchool,
      name: '2040/2041',
      startDate: '2040-09-01',
      endDate: '2041-07-31',
    });
    terms.wuse = (await aTerm(t, { session: wuseSession.id, startDate: '2040-09-08', endDate: '2040-12-18' })).id;
    const rows = await t.ctx.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(users.email, ['bursar', 'principal', 'proprietor', 'principal2', 'auditor', 'admin'].map(demoEmail)),
      );
    for (const row of rows) people[row.email.split('@')[0]!] = row.id;
  });

  it('sets, changes and removes a budget, each change audited', async () => {
    const created = await setBudget('bursar', terms.second, 'utilities', '250000');
    expect(created.statusCode, created.body).toBe(200);
    const line = {
      category: 'utilities',
      budget: 250000,
      actual: 0,
      committed: 0,
      percentUsed: 0,
      level: 'ok',
    };
    expect(created.json().data).toMatchObject({
      school: { _id: ids.school },
      term: { _id: terms.second, name: 'Second Term' },
      lines: [line],
      totals: { budget: 250000, actual: 0, committed: 0 },
    });
    const budgetId = created.json().data.lines[0]._id as string;

    const changed = await setBudget('principal', terms.second, 'utilities', '300000.50');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.lines).toEqual([{ ...line, _id: budgetId, budget: 300000.5 }]);
    expect((await report('auditor', ids.school, terms.second)).lines).toEqual([
      { ...line, _id: budgetId, budget: 300000.5 },
    ]);

    const removed = await call('bursar', 'DELETE', `/budgets/${budgetId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ term: { _id: terms.second }, lines: [] });
    expect((await call('bursar', 'DELETE', `/budgets/${budgetId}`)).statusCode).toBe(404);

    const trail = await t.ctx.db
      .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, budgetId))
      .orderBy(auditLogs.createdAt);
    expect(trail).toEqual([
      { action: 'budget.create', before: null, after: expect.objectContaining({ amountKobo: '25000000' }) },
      {
        action: 'budget.update',
        before: expect.objectContaining({ amountKobo: '25000000' }),
        after: expect.objectContaining({ amountKobo: '30000050' }),
      },
      { action: 'budget.delete', before: expect.objectContaining({ amountKobo: '30000050' }), after: null },
    ]);
  });

  it('counts as actual exactly the payouts net of reversals on the term’s expenses, and as committed what approved ones still owe', async () => {
    const books = await anExpense(t, { termId: terms.first, category: 'academic_resources', amountKobo: 40_000_00n });
    const booksFirst = await aPayout(t, books, 12_500_25n, '2040-09-20');
    await aPayout(t, books, 7_000_00n, '2040-10-02');
    await aReversal(t, booksFirst, '2040-10-03');
    const repairs = await anExpense(t, {
      termId: terms.first,
      category: 'facilities_maintenance',
      amountKobo: 9_999_99n,
    });
    await aPayout(t, repairs, 9_999_99n, '2040-10-05');
    // Approved and not yet paid: committed, not actual.
    await anExpense(t, { termId: terms.first, category: 'facilities_maintenance', amountKobo: 3_000_00n });
    // Neither a draft, nor a rejected request, nor another term's or another school's expense counts.
    await anExpense(t, { termId: terms.first, category: 'academic_resources', amountKobo: 500_00n, status: 'draft' });
    await anExpense(t, { termId: terms.first, category: 'technology', amountKobo: 800_00n, status: 'rejected' });
    const later = await anExpense(t, { termId: terms.second, category: 'academic_resources', amountKobo: 1_000_00n });
    await aPayout(t, later, 1_000_00n, '2041-01-10');
    const wuse = await anExpense(t, { termId: terms.wuse, category: 'academic_resources', amountKobo: 2_000_00n });
    await aPayout(t, wuse, 2_000_00n, '2040-09-20');

    expect((await setBudget('bursar', terms.first, 'academic_resources', '8000')).statusCode).toBe(200);
    expect((await setBudget('bursar', terms.first, 'utilities', '1000')).statusCode).toBe(200);

    const { lines, totals } = await report('bursar', ids.school, terms.first);
    // Books: 12,500.25 + 7,000 − 12,500.25 = 7,000 of 8,000 (87.5%); 33,000 of the 40,000 still to pay.
    expect(lines).toEqual([
      {
        _id: null,
        category: 'facilities_maintenance',
        budget: null,
        actual: 9999.99,
        committed: 3000,
        percentUsed: null,
        level: 'over',
      },
      {
        _id: expect.any(String),
        category: 'academic_resources',
        budget: 8000,
        actual: 7000,
        committed: 33000,
        percentUsed: 87,
        level: 'warning',
      },
      {
        _id: expect.any(String),
        category: 'utilities',
        budget: 1000,
        actual: 0,
        committed: 0,
        percentUsed: 0,
        level: 'ok',
      },
    ]);
    expect(totals).toEqual({ budget: 9000, actual: 16999.99, committed: 36000 });
  });

  it('alerts at 80% and at 100% once each, and again after a reversal brings spending back under', async () => {
    const watchers = ['bursar', 'principal', 'proprietor'];
    const before = Object.fromEntries(
      await Promise.all(
        [...watchers, 'principal2', 'auditor'].map(async (name) => [name, (await alertsOf(name)).length]),
      ),
    );
    const newAlerts = async (name: string) => (await alertsOf(name)).slice(before[name]);
    expect((await setBudget('bursar', terms.first, 'consumables', '100000')).statusCode).toBe(200);
    const chalk = await anExpense(t, { termId: terms.first, category: 'consumables', amountKobo: 200_000_00n });

    await aPayout(t, chalk, 50_000_00n, '2040-09-15');
    expect(await newAlerts('bursar')).toEqual([]);

    const crossing = await aPayout(t, chalk, 30_000_00n, '2040-09-16');
    for (const name of watchers) {
      expect(await newAlerts(name), name).toEqual([
        {
          title: 'Budget 80% used: Consumables, First Term',
          message: expect.stringContaining('₦80,000.00 of its ₦100,000.00 budget for Consumables in First Term'),
        },
      ]);
    }

    // Still between 80% and 100%: nothing new.
    await aPayout(t, chalk, 10_000_00n, '2040-09-17');
    expect(await newAlerts('bursar')).toHaveLength(1);

    await aPayout(t, chalk, 10_000_00n, '2040-09-18');
    expect((await newAlerts('bursar')).map((alert) => alert.title)).toEqual([
      'Budget 80% used: Consumables, First Term',
      'Budget used up: Consumables, First Term',
    ]);
    await aPayout(t, chalk, 5_000_00n, '2040-09-19');
    expect(await newAlerts('bursar')).toHaveLength(2);

    // 105,000 − 30,000 = 75,000: under 80% again, so the next rise is announced again.
    await aReversal(t, crossing, '2040-09-20');
    expect(await newAlerts('bursar')).toHaveLength(2);
    expect((await report('bursar', ids.school, terms.first)).lines).toContainEqual(
      expect.objectContaining({ category: 'consumables', actual: 75000, percentUsed: 75, level: 'ok' }),
    );
    await aPayout(t, chalk, 6_000_00n, '2040-09-21');
    expect((await newAlerts('bursar')).map((alert) => alert.title)).toEqual([
      'Budget 80% used: Consumables, First Term',
      'Budget used up: Consumables, First Term',
      'Budget 80% used: Consumables, First Term',
    ]);
    expect(await newAlerts('proprietor')).toHaveLength(3);
    // Another school's principal and the auditor watch no spending here.
    expect(await newAlerts('principal2')).toEqual([]);
    expect(await newAlerts('auditor')).toEqual([]);

    // A larger budget brings spending (81,000) under 80% of it; going over the new 80% alerts again.
    expect((await setBudget('bursar', terms.first, 'consumables', '200000')).statusCode).toBe(200);
    expect(await newAlerts('bursar')).toHaveLength(3);
    await aPayout(t, chalk, 80_000_00n, '2040-09-22');
    expect((await newAlerts('bursar')).at(-1)?.title).toBe('Budget 80% used: Consumables, First Term');
    expect(await newAlerts('bursar')).toHaveLength(4);
  });

  it("treats another school's budget, school or term as not there", async () => {
    const own = await setBudget('bursar', terms.second, 'transportation', '5000');
    expect(own.statusCode, own.body).toBe(200);
    const budgetId = own.json().data.lines.find((line: { category: string }) => line.category === 'transportation')
      ._id as string;

    const deleted = await call('principal2', 'DELETE', `/budgets/${budgetId}`);
    expect(deleted.statusCode, deleted.body).toBe(404);
    expect(deleted.json().code).toBe('BUDGET_NOT_FOUND');
    expect(
      (await call('principal2', 'GET', `/budgets?school_id=${ids.school}&term_id=${terms.second}`)).statusCode,
    ).toBe(404);
    expect((await setBudget('principal2', terms.second, 'transportation', '1', ids.school)).statusCode).toBe(404);
    // Its own school with a term of another school.
    const wrongTerm = await setBudget('principal2', terms.second, 'transportation', '1', ids.secondSchool);
    expect(wrongTerm.statusCode).toBe(422);
    expect(wrongTerm.json().errors).toEqual([{ field: 'term_id', message: 'Choose a term of the selected school' }]);
    expect((await report('bursar', ids.school, terms.second)).lines).toContainEqual(
      expect.objectContaining({ _id: budgetId, budget: 5000 }),
    );
  });

  it('refuses amounts that are not positive naira to the kobo, and people who do not manage expenses', async () => {
    for (const amount of ['0', '-5', '12.345', 'abc']) {
      const response = await setBudget('bursar', terms.second, 'other', amount);
      expect(response.statusCode, amount).toBe(422);
      expect(response.json().errors[0].field).toBe('amount');
    }
    expect((await setBudget('auditor', terms.second, 'other', '10')).statusCode).toBe(403);
    expect((await setBudget('headteacher', terms.second, 'other', '10')).statusCode).toBe(403);
    expect((await call('ict', 'GET', `/budgets?school_id=${ids.school}`)).statusCode).toBe(403);
    expect((await call('student', 'GET', `/budgets?school_id=${ids.school}`)).statusCode).toBe(403);
  });

  it("opens on the school's current term when none is chosen", async () => {
    const current = await call('auditor', 'GET', `/budgets?school_id=${ids.school}`);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data.term._id).toBe(ids.term);
  });

  it('lets only the proprietor or an administrator change the approval threshold; the auditor reads it', async () => {
    const url = `/expense-policies?school_id=${ids.school}`;
    const initial = await call('auditor', 'GET', url);
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json().data).toEqual({
      school: { _id: ids.school, name: expect.any(String) },
      proprietorAbove: null,
      updatedBy: null,
      updatedAt: null,
    });

    for (const who of ['principal', 'bursar', 'auditor', 'headteacher']) {
      const refused = await call(who, 'PUT', `/expense-policies/${ids.school}`, { proprietor_above: '1' });
      expect(refused.statusCode, who).toBe(403);
    }

    const set = await call('proprietor', 'PUT', `/expense-policies/${ids.school}`, { proprietor_above: '500000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ proprietorAbove: 500000, updatedBy: { _id: people.proprietor } });
    expect((await call('auditor', 'GET', url)).json().data.proprietorAbove).toBe(500000);

    const cleared = await call('admin', 'PUT', `/expense-policies/${ids.school}`, { proprietor_above: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ proprietorAbove: null, updatedBy: { _id: people.admin } });

    const trail = await t.ctx.db
      .select({
        action: auditLogs.action,
        before: auditLogs.before,
        after: auditLogs.after,
        actorId: auditLogs.actorId,
      })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'expense_policy'), eq(auditLogs.entityId, ids.school)))
      .orderBy(auditLogs.createdAt);
    expect(trail).toEqual([
      {
        action: 'expense_policy.update',
        before: { proprietorAboveKobo: null },
        after: { proprietorAboveKobo: '50000000' },
        actorId: people.proprietor,
      },
      {
        action: 'expense_policy.update',
        before: { proprietorAboveKobo: '50000000' },
        after: { proprietorAboveKobo: null },
        actorId: people.admin,
      },
    ]);

    const foreign = await call('principal2', 'GET', url);
    expect(foreign.statusCode).toBe(404);
    expect((await call('ict', 'GET', url)).statusCode).toBe(403);
  });
});

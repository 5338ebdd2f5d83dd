import {
  addMonths,
  LAGOS,
  lastMonths,
  monthOf,
  type ReportFilters,
  type ReportPreview,
  todayIn,
} from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terms } from '../src/db/schema.js';
import { anExpense, aPayout } from './expense-fixtures.js';
import { useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/** `incomeExpenditure` as it comes over the wire, in naira. */
interface Figures {
  months: { month: string; income: number; expenditure: number }[];
  term: { income: number; expenditure: number; surplus: number };
  committed: number;
}
type Money = { income: number; expenditure: number; surplus: number; committed: number };

/*
 * Issue 17: the bursar's and proprietor's dashboards show income against expenditure on the
 * statement's definitions. Figures move by exactly what the test adds (the demo data stays
 * underneath), and agree with the income and expenditure statement and the revenue trend.
 */
describe('income against expenditure on the bursar and proprietor dashboards', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  const today = todayIn(LAGOS, new Date());
  const months = lastMonths(today, 6);

  async function dashboard(who: string, url: string) {
    const response = await call(t, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  const figures = async (who: string, url: string) => (await dashboard(who, url)).incomeExpenditure as Figures;

  async function statement(who: string, filters: ReportFilters): Promise<Money> {
    const response = await call(t, who, 'POST', '/reports/preview', { report: 'income_expenditure', filters });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data as ReportPreview;
    const rows = report.sections.find((section) => section.title === 'Surplus or deficit')!.rows;
    return {
      income: rows[0]!.amount as number,
      expenditure: rows[1]!.amount as number,
      surplus: rows[2]!.amount as number,
      committed: rows[3]!.amount as number,
    };
  }

  const kobo = (naira: number) => Math.round(naira * 100);
  /** What moved between two readings, in kobo so no float rounding hides a difference. */
  function moved(before: Figures, after: Figures) {
    return {
      months: after.months.map((month, index) => ({
        month: month.month,
        income: kobo(month.income) - kobo(before.months[index]!.income),
        expenditure: kobo(month.expenditure) - kobo(before.months[index]!.expenditure),
      })),
      term: {
        income: kobo(after.term.income) - kobo(before.term.income),
        expenditure: kobo(after.term.expenditure) - kobo(before.term.expenditure),
        surplus: kobo(after.term.surplus) - kobo(before.term.surplus),
      },
      committed: kobo(after.committed) - kobo(before.committed),
    };
  }
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  it('moves by exactly the money received and paid out, the bursar for their school, the proprietor for the group', async () => {
    const bursarBefore = await figures('bursar', '/bursar/dashboard');
    const proprietorBefore = await figures('proprietor', '/proprietor/dashboard');
    expect(bursarBefore.months.map((month) => month.month)).toEqual(months);

    // In: ₦1,500.50 at the Ikeja desk on a fee of the current term.
    const fee = await approvedFee(t, ids.school, ids.term, '3000');
    await payCash(t, ids.stranger, fee, '1500.50');

    // Out, through the expenses API: recorded and submitted by the bursar, approved by the
    // principal, ₦12,000.25 of the ₦20,000 paid today.
    const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, ids.term));
    const recorded = await call(t, 'bursar', 'POST', '/expenses', {
      school_id: ids.school,
      session_id: term!.sessionId,
      term_id: ids.term,
      title: 'Diesel for the generator',
      category: 'utilities',
      amount: '20000',
      payee_kind: 'other',
      payee_name: 'Ikeja Fuel Depot',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const expenseId = recorded.json().data._id as string;
    const step = async (who: string, action: string) => {
      const response = await call(t, who, 'POST', `/expenses/${expenseId}/transitions`, { action });
      expect(response.statusCode, response.body).toBe(200);
    };
    await step('bursar', 'submit');
    await step('principal', 'approve');
    const paid = await call(t, 'bursar', 'POST', `/expenses/${expenseId}/payouts`, {
      amount: '12000.25',
      method: 'bank_transfer',
      reference: 'TRF-0001',
      paid_on: today,
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // Out two months ago on the same term (a fixture row), and at Wuse today.
    const twoMonthsAgo = addMonths(today, -2);
    const stationery = await anExpense(t, { termId: ids.term, category: 'consumables', amountKobo: 5_000_00n });
    await aPayout(t, stationery, 5_000_00n, twoMonthsAgo);
    const wuse = await anExpense(t, { termId: ids.secondTerm, category: 'utilities', amountKobo: 9_000_00n });
    await aPayout(t, wuse, 7_000_00n, today);

    const inMonth = (values: Record<string, { income?: number; expenditure?: number }>) =>
      months.map((month) => ({
        month,
        income: values[month]?.income ?? 0,
        expenditure: values[month]?.expenditure ?? 0,
      }));

    const bursar = moved(bursarBefore, await figures('bursar', '/bursar/dashboard'));
    expect(bursar).toEqual({
      months: inMonth({
        [today.slice(0, 7)]: { income: 1_500_50, expenditure: 12_000_25 },
        [twoMonthsAgo.slice(0, 7)]: { expenditure: 5_000_00 },
      }),
      term: { income: 1_500_50, expenditure: 17_000_25, surplus: 1_500_50 - 17_000_25 },
      committed: 20_000_00 - 12_000_25,
    });

    const proprietor = moved(proprietorBefore, await figures('proprietor', '/proprietor/dashboard'));
    expect(proprietor).toEqual({
      months: inMonth({
        [today.slice(0, 7)]: { income: 1_500_50, expenditure: 12_000_25 + 7_000_00 },
        [twoMonthsAgo.slice(0, 7)]: { expenditure: 5_000_00 },
      }),
      term: { income: 1_500_50, expenditure: 17_000_25 + 7_000_00, surplus: 1_500_50 - 17_000_25 - 7_000_00 },
      committed: 20_000_00 - 12_000_25 + 2_000_00,
    });
  });

  it('agrees with the income and expenditure statement and with the revenue trend', async () => {
    const bursar = await dashboard('bursar', '/bursar/dashboard');
    const ikejaTerm = await statement('bursar', { termId: ids.term });
    expect(bursar.incomeExpenditure.term).toEqual({
      income: ikejaTerm.income,
      expenditure: ikejaTerm.expenditure,
      surplus: ikejaTerm.surplus,
    });
    expect(bursar.incomeExpenditure.term.expenditure).toBeGreaterThan(0);
    const thisMonth = await statement('bursar', { from: monthOf(today).from, to: today });
    expect(bursar.incomeExpenditure.months.at(-1)).toEqual({
      month: today.slice(0, 7),
      income: thisMonth.income,
      expenditure: thisMonth.expenditure,
    });
    // Income by month is the revenue trend's money.
    expect(bursar.incomeExpenditure.months.map((month: { income: number }) => month.income)).toEqual(
      bursar.revenueTrend.map((month: { amount: number }) => month.amount),
    );

    const proprietor = await dashboard('proprietor', '/proprietor/dashboard');
    const wuseTerm = await statement('proprietor', { termId: ids.secondTerm });
    const added = (pick: (money: Money) => number) => (kobo(pick(ikejaTerm)) + kobo(pick(wuseTerm))) / 100;
    expect(proprietor.incomeExpenditure.term).toEqual({
      income: added((money) => money.income),
      expenditure: added((money) => money.expenditure),
      surplus: added((money) => money.surplus),
    });
    const groupMonth = await statement('proprietor', { from: monthOf(today).from, to: today });
    expect(proprietor.incomeExpenditure.months.at(-1)).toMatchObject({
      income: groupMonth.income,
      expenditure: groupMonth.expenditure,
    });
    // Committed across the group is what the statement across the group reports for any dates.
    expect(proprietor.incomeExpenditure.committed).toBe(groupMonth.committed);
    expect(proprietor.incomeExpenditure.months.map((month: { income: number }) => month.income)).toEqual(
      proprietor.revenueTrend.slice(-6).map((month: { amount: number }) => month.amount),
    );
  });
});

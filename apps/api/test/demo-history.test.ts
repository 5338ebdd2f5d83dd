import { lastMonthsRange, statusAfterPayouts, todayIn } from '@schoolledger/domain';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import {
  expensePayouts,
  expenses,
  fees,
  notifications,
  parentStudents,
  payments,
  schoolExpenseCounters,
  schoolReceiptCounters,
  schools,
  terms,
  tillSessions,
  users,
} from '../src/db/schema.js';
import { demoTillDaysBegin } from '../src/seed/tills.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/** The demo people open (`npm start`) carries last session's payments; the tests' demo does not. */
describe('the demo’s last session of payments', () => {
  const t = useTestApp({ seed: { history: true } });
  let ids: PaymentIds;

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  // First, before this file records a payment of its own.
  it('pays last session’s fees and this term’s tuition, all before the desk’s recent days; the sign-ins’ families paid every past fee in full', async () => {
    const rows = await t.ctx.db
      .select({
        paidAt: payments.paidAt,
        termId: terms.id,
        termStart: terms.startDate,
        studentId: payments.studentId,
        feeId: payments.feeId,
        feeType: fees.type,
        feeApprovedAt: fees.approvedAt,
        amountKobo: payments.amountKobo,
        feeKobo: fees.amountKobo,
      })
      .from(payments)
      .innerJoin(fees, eq(fees.id, payments.feeId))
      .innerJoin(terms, eq(terms.id, fees.termId))
      // The tills' payments, this term's at the desk, are the last test's.
      .where(and(isNotNull(payments.receiptNo), isNull(payments.tillSessionId)));
    const [current] = await t.ctx.db.select().from(terms).where(eq(terms.id, ids.term));
    const deskDays = demoTillDaysBegin(new Date());
    for (const row of rows) {
      expect(row.paidAt!.getTime()).toBeLessThan(deskDays.getTime());
      // Never paid before the fee was approved.
      expect(row.paidAt!.getTime()).toBeGreaterThan(row.feeApprovedAt!.getTime());
      expect(row.termStart <= current!.startDate).toBe(true);
    }
    const thisTerm = rows.filter((row) => row.termId === ids.term);
    expect(thisTerm.length).toBeGreaterThan(50);
    expect(new Set(thisTerm.map((row) => row.feeType))).toEqual(new Set(['tuition']));
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    const children = await t.ctx.db
      .select({ id: parentStudents.studentId })
      .from(parentStudents)
      .where(eq(parentStudents.parentId, parent!.id));
    expect(children.length).toBe(2);
    for (const followed of new Set([ids.student, ...children.map((child) => child.id)])) {
      const theirs = rows.filter((row) => row.studentId === followed);
      expect(theirs.length).toBeGreaterThanOrEqual(3);
      expect(theirs.filter((row) => row.termId === ids.term)).toEqual([]);
      for (const row of theirs) expect(row.amountKobo).toBe(row.feeKobo);
      const owed = await call(t, 'admin', 'GET', `/student/fees?student_id=${followed}&unpaid=true`);
      expect(owed.statusCode, owed.body).toBe(200);
      const owedTerms = (owed.json().data.fees as { fee: { term: { _id: string } } }[]).map((row) => row.fee.term._id);
      expect(owedTerms.length).toBeGreaterThan(0);
      expect(owedTerms.filter((term) => term !== ids.term && term !== ids.secondTerm)).toEqual([]);
    }
    // Some families did not finish paying: last session has debtors.
    expect(rows.some((row) => row.amountKobo < row.feeKobo)).toBe(true);
  });

  it('numbers each school’s receipts from 1 in the order they were paid, and the desk goes on from there', async () => {
    for (const school of await t.ctx.db.select().from(schools)) {
      const rows = (
        await t.ctx.db
          .select({ receiptNo: payments.receiptNo, paidAt: payments.paidAt })
          .from(payments)
          .where(and(eq(payments.schoolId, school.id), isNotNull(payments.receiptNo)))
      ).sort((a, b) => a.receiptNo!.slice(-6).localeCompare(b.receiptNo!.slice(-6)));
      expect(rows.length).toBeGreaterThan(300);
      expect(rows.map((row) => Number(row.receiptNo!.slice(-6)))).toEqual(rows.map((_, index) => index + 1));
      for (const row of rows) {
        expect(row.receiptNo!.slice(4, 8)).toBe(todayIn('Africa/Lagos', row.paidAt!).slice(0, 4));
      }
      // Numbered in the order they were paid: sorted by receipt, the payment times never go back.
      const times = rows.map((row) => row.paidAt!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const [counter] = await t.ctx.db
        .select()
        .from(schoolReceiptCounters)
        .where(eq(schoolReceiptCounters.schoolId, school.id));
      expect(counter!.lastNo).toBe(rows.length);
    }
    const feeId = await approvedFee(t, ids.school, ids.term, '1000');
    const issued = await t.ctx.db.select().from(payments).where(eq(payments.schoolId, ids.school));
    const paid = await payCash(t, ids.stranger, feeId, '1000');
    expect(Number(paid.receiptNo.slice(-6))).toBe(issued.length + 1);
  });

  it('shows on the proprietor’s dashboard to the kobo: the twelve-month trend is the payments of those months', async () => {
    const response = await call(t, 'proprietor', 'GET', '/proprietor/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const { revenueTrend, totals } = response.json().data as {
      revenueTrend: { month: string; amount: number }[];
      totals: { totalRevenue: number };
    };
    const range = lastMonthsRange(todayIn(), 12);
    const byMonth = new Map<string, bigint>();
    let all = 0n;
    for (const row of await t.ctx.db.select().from(payments).where(eq(payments.status, 'success'))) {
      const signed = row.kind === 'refund' ? -row.amountKobo : row.amountKobo;
      all += signed;
      const month = todayIn('Africa/Lagos', row.paidAt ?? row.createdAt).slice(0, 7);
      byMonth.set(month, (byMonth.get(month) ?? 0n) + signed);
    }
    const inRange = revenueTrend.filter((point) => point.month >= range.from.slice(0, 7));
    expect(inRange.length).toBe(12);
    for (const point of inRange) expect(BigInt(Math.round(point.amount * 100))).toBe(byMonth.get(point.month) ?? 0n);
    expect(inRange.filter((point) => point.amount > 0).length).toBeGreaterThanOrEqual(3);
    expect(BigInt(Math.round(totals.totalRevenue * 100))).toBe(all);
  });

  it('opens Expenses on this term’s requests in every state, whose payouts add up and are none in the future', async () => {
    const today = todayIn();
    const rows = await t.ctx.db.select().from(expenses).where(eq(expenses.schoolId, ids.school));
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['paid', 'partially_paid', 'pending_approval', 'draft']),
    );
    for (const row of rows) {
      expect(row.termId).toBe(ids.term);
      const paid = await t.ctx.db.select().from(expensePayouts).where(eq(expensePayouts.expenseId, row.id));
      expect(paid.reduce((sum, payout) => sum + payout.amountKobo, 0n)).toBe(row.paidKobo);
      for (const payout of paid) expect(payout.paidOn <= today).toBe(true);
    }
    const withPayouts = rows.filter((row) => row.paidKobo > 0n);
    expect(withPayouts.map((row) => row.status).sort()).toEqual(['paid', 'paid', 'partially_paid']);
    for (const row of withPayouts) expect(row.status).toBe(statusAfterPayouts(row.amountKobo, row.paidKobo));
    const voucherNos = (await t.ctx.db.select().from(expensePayouts).where(eq(expensePayouts.schoolId, ids.school)))
      .map((payout) => payout.voucherNo)
      .sort();
    expect(voucherNos).toEqual(['PV-000001', 'PV-000002', 'PV-000003']);
    const [counter] = await t.ctx.db
      .select()
      .from(schoolExpenseCounters)
      .where(eq(schoolExpenseCounters.schoolId, ids.school));
    expect(counter).toMatchObject({ lastExpense: rows.length, lastVoucher: 3 });
  });

  it('is in the books: a year of payments loaded in bulk is posted once, and the journal agrees with it', async () => {
    const [posted] = await rowsOf<{ payments: number; entries: number }>(
      t.ctx.db,
      sql`select (select count(*)::int from payments where status = 'success') as payments,
        (select count(*)::int from journal_entries where source in ('payment', 'refund')) as entries`,
    );
    expect(posted!.payments).toBeGreaterThan(500);
    expect(posted!.entries).toBe(posted!.payments);
    expect(await rowsOf(t.ctx.db, sql`select * from ledger_disagreements()`)).toEqual([]);
  });

  it('has the cash desk’s recent days: a till banked, one short with its reason told to the proprietor, none left open', async () => {
    const tills = await t.ctx.db
      .select()
      .from(tillSessions)
      .where(eq(tillSessions.schoolId, ids.school))
      .orderBy(asc(tillSessions.openedAt));
    expect(tills.map((till) => till.status)).toEqual(['banked', 'closed']);
    const [banked, short] = tills;
    expect(banked).toMatchObject({ varianceKobo: 0n, bankedKobo: 5_000_000n, depositSlipNo: 'GTB-40211' });
    expect(short).toMatchObject({
      expectedKobo: 4_750_000n,
      countedKobo: 4_550_000n,
      varianceKobo: -200_000n,
      varianceReason: 'Two ₦1,000 notes given out as change in error during the morning rush',
    });
    const today = todayIn('Africa/Lagos');
    for (const till of tills) expect(todayIn('Africa/Lagos', till.openedAt) < today).toBe(true);
    const takings = await t.ctx.db.select().from(payments).where(eq(payments.tillSessionId, short!.id));
    expect(takings.map((payment) => payment.amountKobo)).toEqual([1_250_000n, 1_250_000n, 1_250_000n]);

    const [proprietor] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('proprietor')));
    const alerts = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, proprietor!.id), eq(notifications.kind, 'till_variance')));
    expect(alerts.map((alert) => [alert.title, alert.actionUrl])).toEqual([
      [
        'Till ₦2,000.00 short: Front desk, Crestview College, Ikeja',
        `/bursar/tills?school=${ids.school}&till=${short!.id}`,
      ],
    ]);
    // The demo bursar opens today's till.
    const opened = await call(t, 'bursar', 'POST', '/tills', { desk: 'Front desk', float: { '1000': 5 } });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { type ExpenseCategory, type ExpenseStatus, statusAfterPayouts } from '@schoolledger/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.js';
import { expensePayouts, expenses, schoolExpenseCounters, terms } from '../src/db/schema.js';
import { checkBudgetAlerts } from '../src/modules/budgets/budget-alerts.service.js';
import type { TestApp } from './helper.js';

/*
 * Expenses and payouts written straight to the tables, for tests about what is made of them
 * (budgets, the income and expenditure statement, dashboards) rather than about recording them.
 * Numbers come from the school's counters, as the expenses module takes them, so rows made here
 * and through the API never clash. A payout or reversal runs the budget alert check in its
 * transaction, as the payout endpoints do.
 */

export type ExpenseRow = typeof expenses.$inferSelect;
export type PayoutRow = typeof expensePayouts.$inferSelect;

const pad = (n: number) => String(n).padStart(6, '0');

async function nextNumber(db: DbOrTx, schoolId: string, counter: 'expense' | 'voucher') {
  const column = counter === 'expense' ? schoolExpenseCounters.lastExpense : schoolExpenseCounters.lastVoucher;
  const [row] = await db
    .insert(schoolExpenseCounters)
    .values(counter === 'expense' ? { schoolId, lastExpense: 1 } : { schoolId, lastVoucher: 1 })
    .onConflictDoUpdate({
      target: schoolExpenseCounters.schoolId,
      set: counter === 'expense' ? { lastExpense: sql`${column} + 1` } : { lastVoucher: sql`${column} + 1` },
    })
    .returning({ n: column });
  return row!.n;
}

/** An expense of a school's term, approved unless told otherwise, with nothing paid yet. */
export async function anExpense(
  t: TestApp,
  fields: { termId: string; category: ExpenseCategory; amountKobo: bigint; status?: ExpenseStatus; title?: string },
): Promise<ExpenseRow> {
  const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, fields.termId));
  const number = await nextNumber(t.ctx.db, term!.schoolId, 'expense');
  const [row] = await t.ctx.db
    .insert(expenses)
    .values({
      schoolId: term!.schoolId,
      sessionId: term!.sessionId,
      termId: term!.id,
      reference: `EXP-${pad(number)}`,
      title: fields.title ?? `Fixture ${randomUUID().slice(0, 6)}`,
      category: fields.category,
      amountKobo: fields.amountKobo,
      payeeKind: 'other',
      payeeName: 'Fixture payee',
      status: fields.status ?? 'approved',
    })
    .returning();
  return row!;
}

/** Money paid out (or, negative with `reverses`, a reversal), keeping the expense's paid amount and status. */
async function payoutRow(
  t: TestApp,
  expenseId: string,
  amountKobo: bigint,
  paidOn: string,
  reverses: string | null,
): Promise<PayoutRow> {
  return t.ctx.db.transaction(async (tx) => {
    const [expense] = await tx.select().from(expenses).where(eq(expenses.id, expenseId)).for('update');
    const number = await nextNumber(tx, expense!.schoolId, 'voucher');
    const [payout] = await tx
      .insert(expensePayouts)
      .values({
        expenseId,
        schoolId: expense!.schoolId,
        voucherNo: `PV-${pad(number)}`,
        amountKobo,
        method: 'bank_transfer',
        paidOn,
        payeeName: expense!.payeeName,
        reversesId: reverses,
      })
      .returning();
    const paid = expense!.paidKobo + amountKobo;
    await tx
      .update(expenses)
      .set({ paidKobo: paid, status: statusAfterPayouts(expense!.amountKobo, paid) })
      .where(eq(expenses.id, expenseId));
    await checkBudgetAlerts(tx, t.ctx, expense!);
    return payout!;
  });
}

export const aPayout = (t: TestApp, expense: { id: string }, amountKobo: bigint, paidOn: string) =>
  payoutRow(t, expense.id, amountKobo, paidOn, null);

export const aReversal = (t: TestApp, payout: PayoutRow, paidOn: string) =>
  payoutRow(t, payout.expenseId, -payout.amountKobo, paidOn, payout.id);

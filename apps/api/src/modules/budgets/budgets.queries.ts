import type { ExpenseCategory } from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { budgets, expensePayouts, expensePolicies, expenses, schools, terms, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export interface BudgetKey {
  schoolId: string;
  termId: string;
  category: ExpenseCategory;
}

export type BudgetRow = typeof budgets.$inferSelect;

export async function findBudget(db: DbOrTx, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.id, id), inSchoolScope(scope, budgets.schoolId)));
  return row;
}

/**
 * The budget of a school, term and category, locked: two payouts in the same category at once
 * take their turns, so each threshold is announced by exactly one of them.
 */
export async function lockBudget(db: DbOrTx, key: BudgetKey) {
  const [row] = await db
    .select({
      id: budgets.id,
      amountKobo: budgets.amountKobo,
      alertedPercent: budgets.alertedPercent,
      termName: terms.name,
      schoolName: schools.name,
      groupSchoolId: schools.groupSchoolId,
    })
    .from(budgets)
    .innerJoin(terms, eq(terms.id, budgets.termId))
    .innerJoin(schools, eq(schools.id, budgets.schoolId))
    .where(and(eq(budgets.schoolId, key.schoolId), eq(budgets.termId, key.termId), eq(budgets.category, key.category)))
    .for('update', { of: budgets });
  return row;
}

/** Sums leave the database as text so no kobo is lost on the way. */
const koboSum = (expression: string) => sql.raw(`coalesce(sum(${expression}), 0)::bigint::text`);

/** Spent so far: the payouts net of reversals on the expenses of that school, term and category. */
export async function spentKobo(db: DbOrTx, key: BudgetKey): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`${koboSum('expense_payouts.amount_kobo')}` })
    .from(expensePayouts)
    .innerJoin(expenses, eq(expenses.id, expensePayouts.expenseId))
    .where(
      and(eq(expenses.schoolId, key.schoolId), eq(expenses.termId, key.termId), eq(expenses.category, key.category)),
    );
  return BigInt(row?.total ?? '0');
}

export async function setAlertedPercent(db: DbOrTx, budgetId: string, percent: number | null) {
  await db.update(budgets).set({ alertedPercent: percent }).where(eq(budgets.id, budgetId));
}

/** Who watches a school's spending: its Bursars and Principals, and the Proprietors of its group. */
export async function budgetWatchers(db: DbOrTx, schoolId: string, groupSchoolId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select u.id from ${users} u
      join ${schools} sc on sc.id = u.school_id
      where u.deleted_at is null and u.status = 'active'
        and ((u.school_id = ${schoolId} and u.roles && '{Bursar,Principal}'::text[])
          or (sc.group_school_id = ${groupSchoolId} and 'Proprietor' = any(u.roles)))`,
  );
  return rows.map((row) => row.id);
}

export interface BudgetFigureRow {
  term_id: string;
  category: ExpenseCategory;
  budget_id: string | null;
  budget: string | null;
  actual: string;
  committed: string;
}

/**
 * The terms' figures per category, in one statement: the budgets, what was spent (payouts net of
 * reversals on each term's expenses) and what is committed (approved, not yet paid). A category
 * appears once per part it has; `budgetLines` merges them.
 */
export function budgetFigures(db: ReadDb, termIds: readonly string[]) {
  const terms = sql`${`{${termIds.join(',')}}`}::uuid[]`;
  return rowsOf<BudgetFigureRow>(
    db,
    sql`select ${budgets.termId} as term_id, ${budgets.category} as category, ${budgets.id} as budget_id,
        ${budgets.amountKobo}::text as budget, '0' as actual, '0' as committed
      from ${budgets} where ${budgets.termId} = any(${terms})
    union all
    select e.term_id, e.category, null, null, ${koboSum('p.amount_kobo')}, '0'
      from ${expensePayouts} p join ${expenses} e on e.id = p.expense_id
      where e.term_id = any(${terms})
      group by e.term_id, e.category
    union all
    select e.term_id, e.category, null, null, '0', ${koboSum('e.amount_kobo - e.paid_kobo')}
      from ${expenses} e
      where e.term_id = any(${terms}) and e.status in ('approved', 'partially_paid')
      group by e.term_id, e.category`,
  );
}

export async function upsertBudget(
  db: DbOrTx,
  key: BudgetKey,
  amountKobo: bigint,
  userId: string,
  now: Date,
): Promise<BudgetRow> {
  const [row] = await db
    .insert(budgets)
    .values({ ...key, amountKobo, createdBy: userId, updatedBy: userId })
    .onConflictDoUpdate({
      target: [budgets.schoolId, budgets.termId, budgets.category],
      set: { amountKobo, updatedBy: userId, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function findBudgetOf(db: DbOrTx, key: BudgetKey) {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.schoolId, key.schoolId), eq(budgets.termId, key.termId), eq(budgets.category, key.category)));
  return row;
}

export async function deleteBudgetRow(db: DbOrTx, id: string) {
  await db.delete(budgets).where(eq(budgets.id, id));
}

const updater = alias(users, 'updater');

export async function findPolicy(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({
      policy: expensePolicies,
      updatedBy: {
        id: updater.id,
        firstname: updater.firstname,
        middlename: updater.middlename,
        lastname: updater.lastname,
      },
    })
    .from(expensePolicies)
    .leftJoin(updater, eq(updater.id, expensePolicies.updatedBy))
    .where(eq(expensePolicies.schoolId, schoolId));
  return row;
}

export type PolicyRow = NonNullable<Awaited<ReturnType<typeof findPolicy>>>;

export async function upsertPolicy(
  db: DbOrTx,
  schoolId: string,
  proprietorAboveKobo: bigint | null,
  userId: string,
  now: Date,
) {
  await db
    .insert(expensePolicies)
    .values({ schoolId, proprietorAboveKobo, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: expensePolicies.schoolId,
      set: { proprietorAboveKobo, updatedBy: userId, updatedAt: now },
    });
}

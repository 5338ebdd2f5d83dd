import { type BudgetInput, type BudgetReport, type ExpensePolicy, todayIn } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { noTerms } from '../fees/fees.errors.js';
import { defaultTermOf, findTermOfSchool } from '../fees/fees.queries.js';
import { schoolNotFound } from '../schools/schools.errors.js';
import { findSchool } from '../schools/schools.queries.js';
import { checkBudgetAlerts } from './budget-alerts.service.js';
import { budgetNotFound, policyNotYours, termNotOfSchool } from './budgets.errors.js';
import { budgetLines, toBudgetReport, toExpensePolicy } from './budgets.presenters.js';
import {
  type BudgetRow,
  budgetFigures,
  deleteBudgetRow,
  findBudget,
  findBudgetOf,
  findPolicy,
  upsertBudget,
  upsertPolicy,
} from './budgets.queries.js';

export const BUDGET = {
  loaded: 'Budgets loaded',
  saved: 'Budget saved',
  deleted: 'Budget deleted',
  policyLoaded: 'Approval threshold loaded',
  policySaved: 'Approval threshold saved',
} as const;

const auditable = (row: BudgetRow) => ({
  termId: row.termId,
  category: row.category,
  amountKobo: row.amountKobo.toString(),
});

async function schoolOf(db: DbOrTx, auth: AuthContext, schoolId: string) {
  const row = await findSchool(db, auth.scope, schoolId);
  if (!row) throw schoolNotFound();
  return { id: row.school.id, name: row.school.name };
}

async function reportOf(db: DbOrTx, school: { id: string; name: string }, term: { id: string; name: string }) {
  return toBudgetReport(school, term, await budgetFigures(db, [term.id]));
}

/** A school's budget against actual for a term: the one asked for, else the school's current term. */
export async function getBudgetReport(
  ctx: AppContext,
  auth: AuthContext,
  query: { school_id: string; term_id?: string | undefined },
): Promise<BudgetReport> {
  const school = await schoolOf(ctx.db, auth, query.school_id);
  const termId = query.term_id ?? (await defaultTermOf(ctx.db, school.id, todayIn('Africa/Lagos', ctx.clock())));
  if (!termId) throw noTerms();
  const term = await findTermOfSchool(ctx.db, school.id, termId);
  if (!term) throw termNotOfSchool();
  return reportOf(ctx.db, school, term);
}

/**
 * Sets a category's budget for a term, new or changed. A change can move spending across a
 * threshold either way, so the alert check runs as after a payout.
 */
export async function saveBudget(
  ctx: AppContext,
  auth: AuthContext,
  input: BudgetInput,
  actor: Actor,
): Promise<BudgetReport> {
  const school = await schoolOf(ctx.db, auth, input.school_id);
  const term = await findTermOfSchool(ctx.db, school.id, input.term_id);
  if (!term) throw termNotOfSchool();
  const key = { schoolId: school.id, termId: term.id, category: input.category };
  return ctx.db.transaction(async (tx) => {
    const before = await findBudgetOf(tx, key);
    const after = await upsertBudget(tx, key, input.amount, auth.userId, ctx.clock());
    await recordAudit(tx, actor, {
      action: before ? 'budget.update' : 'budget.create',
      entity: 'budget',
      entityId: after.id,
      schoolId: school.id,
      before: before ? auditable(before) : null,
      after: auditable(after),
    });
    await checkBudgetAlerts(tx, ctx, key);
    return reportOf(tx, school, term);
  });
}

export async function deleteBudget(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  actor: Actor,
): Promise<BudgetReport> {
  const budget = await findBudget(ctx.db, auth.scope, id);
  if (!budget) throw budgetNotFound();
  const school = await schoolOf(ctx.db, auth, budget.schoolId);
  const term = await findTermOfSchool(ctx.db, school.id, budget.termId);
  if (!term) throw budgetNotFound();
  return ctx.db.transaction(async (tx) => {
    await deleteBudgetRow(tx, budget.id);
    await recordAudit(tx, actor, {
      action: 'budget.delete',
      entity: 'budget',
      entityId: budget.id,
      schoolId: school.id,
      before: auditable(budget),
    });
    return reportOf(tx, school, term);
  });
}

export async function getExpensePolicy(ctx: AppContext, auth: AuthContext, schoolId: string): Promise<ExpensePolicy> {
  const school = await schoolOf(ctx.db, auth, schoolId);
  return toExpensePolicy(school, await findPolicy(ctx.db, school.id));
}

/** Above which amount only a proprietor approves: decided by the owners, Admin or Proprietor. */
export async function saveExpensePolicy(
  ctx: AppContext,
  auth: AuthContext,
  schoolId: string,
  input: { proprietor_above: bigint | null },
  actor: Actor,
): Promise<ExpensePolicy> {
  if (!auth.roles.includes('Admin') && !auth.roles.includes('Proprietor')) throw policyNotYours();
  const school = await schoolOf(ctx.db, auth, schoolId);
  await ctx.db.transaction(async (tx) => {
    const before = await findPolicy(tx, school.id);
    await upsertPolicy(tx, school.id, input.proprietor_above, auth.userId, ctx.clock());
    await recordAudit(tx, actor, {
      action: 'expense_policy.update',
      entity: 'expense_policy',
      entityId: school.id,
      schoolId: school.id,
      before: { proprietorAboveKobo: before?.policy.proprietorAboveKobo?.toString() ?? null },
      after: { proprietorAboveKobo: input.proprietor_above?.toString() ?? null },
    });
  });
  return getExpensePolicy(ctx, auth, school.id);
}

/**
 * What is left of each budget of the terms named, as the budget report counts it: the budget less
 * what was spent and what is owed on approved expenses, never below nothing.
 */
export async function budgetsLeft(db: ReadDb, termIds: readonly string[]) {
  if (termIds.length === 0) return [];
  const rows = await budgetFigures(db, termIds);
  return termIds.flatMap((termId) =>
    budgetLines(rows.filter((row) => row.term_id === termId)).flatMap((line) => {
      if (line.budget === null) return [];
      const left = line.budget - line.actual - line.committed;
      return [{ termId, category: line.category, leftKobo: left > 0n ? left : 0n }];
    }),
  );
}

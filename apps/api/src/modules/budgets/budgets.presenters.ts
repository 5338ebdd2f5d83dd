import {
  type BudgetLine,
  type BudgetReport,
  budgetLevel,
  displayName,
  EXPENSE_CATEGORIES,
  type ExpensePolicy,
  percentUsed,
} from '@schoolledger/domain';
import type { BudgetFigureRow, PolicyRow } from './budgets.queries.js';

interface Ref {
  id: string;
  name: string;
}

/** Whole percent of the budget spent, rounded down: 79.9% is still under the 80% alert. */

/** Every category with a budget, spending or commitments, in the categories' order: one term's figures merged. */
export function budgetLines(rows: readonly BudgetFigureRow[]): BudgetLine[] {
  const lines: BudgetLine[] = [];
  for (const category of EXPENSE_CATEGORIES) {
    const parts = rows.filter((row) => row.category === category);
    if (parts.length === 0) continue;
    const budgetRow = parts.find((row) => row.budget_id !== null);
    const budget = budgetRow?.budget ? BigInt(budgetRow.budget) : null;
    const actual = parts.reduce((sum, row) => sum + BigInt(row.actual), 0n);
    const committed = parts.reduce((sum, row) => sum + BigInt(row.committed), 0n);
    if (budget === null && actual === 0n && committed === 0n) continue;
    lines.push({
      _id: budgetRow?.budget_id ?? null,
      category,
      budget,
      actual,
      committed,
      percentUsed: budget === null ? null : percentUsed(budget, actual),
      // Spending without a budget is over it, as the domain's rule reads a budget of nothing.
      level: budgetLevel(budget ?? 0n, actual),
    });
  }
  return lines;
}

/** A term's budget report: its lines and their totals. */
export function toBudgetReport(school: Ref, term: Ref, rows: readonly BudgetFigureRow[]): BudgetReport {
  const lines = budgetLines(rows);
  const sum = (pick: (line: BudgetLine) => bigint | null) =>
    lines.reduce((total, line) => total + (pick(line) ?? 0n), 0n);
  return {
    school: { _id: school.id, name: school.name },
    term: { _id: term.id, name: term.name },
    lines,
    totals: {
      budget: sum((line) => line.budget),
      actual: sum((line) => line.actual),
      committed: sum((line) => line.committed),
    },
  };
}

/** A school without a policy row yet has no threshold: any approver may approve any amount. */
export function toExpensePolicy(school: Ref, row: PolicyRow | undefined): ExpensePolicy {
  const updatedBy = row?.updatedBy?.id ? { _id: row.updatedBy.id, name: displayName(row.updatedBy) } : null;
  return {
    school: { _id: school.id, name: school.name },
    proprietorAbove: row?.policy.proprietorAboveKobo ?? null,
    updatedBy,
    updatedAt: row?.policy.updatedAt.toISOString() ?? null,
  };
}

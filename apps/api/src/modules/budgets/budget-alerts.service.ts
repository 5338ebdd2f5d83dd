import {
  budgetThresholdReached,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  formatKobo,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { notify } from '../notifications/notifications.service.js';
import { budgetWatchers, lockBudget, setAlertedPercent, spentKobo } from './budgets.queries.js';

/**
 * Called in the transaction of every payout, reversal and budget change: when spending in the
 * expense's category reaches a threshold (80% or 100% of the term's budget) for the first time,
 * the school's bursars and principals and the group's proprietors hear of it, once. The budget
 * remembers the highest threshold announced; when a reversal or a larger budget brings spending
 * back under it, it forgets, so the next rise is announced again.
 */
export async function checkBudgetAlerts(
  tx: DbOrTx,
  ctx: AppContext,
  expense: { schoolId: string; termId: string; category: ExpenseCategory },
): Promise<void> {
  const budget = await lockBudget(tx, expense);
  if (!budget) return;
  const actual = await spentKobo(tx, expense);
  const reached = budgetThresholdReached(budget.amountKobo, actual);
  const alerted = budget.alertedPercent;
  if (reached === alerted) return;
  await setAlertedPercent(tx, budget.id, reached);
  if (reached === null || (alerted !== null && reached < alerted)) return;

  const category = EXPENSE_CATEGORY_LABELS[expense.category];
  const over = reached === 100;
  const spent = `${formatKobo(actual)} of its ${formatKobo(budget.amountKobo)} budget for ${category} in ${budget.termName}`;
  await notify(tx, ctx, await budgetWatchers(tx, expense.schoolId, budget.groupSchoolId), {
    kind: 'budget_alert',
    type: over ? 'error' : 'warning',
    title: over
      ? `Budget used up: ${category}, ${budget.termName}`
      : `Budget 80% used: ${category}, ${budget.termName}`,
    message: over
      ? `${budget.schoolName} has spent ${spent}: the budget is used up.`
      : `${budget.schoolName} has spent ${spent}: 80% or more of it.`,
    actionUrl: '/expenses',
    metadata: { amount: actual },
    schoolId: expense.schoolId,
    email: { templateId: 'system_notification', variables: {} },
  });
}

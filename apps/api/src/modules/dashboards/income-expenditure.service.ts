import { type CalendarDate, type IncomeExpenditure, lastMonths, lastMonthsRange } from '@schoolledger/domain';
import type { ReadDb } from '../../db/client.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { dashboardFigures } from '../income-expenditure/income-expenditure.queries.js';
import type { Collected } from './collections.queries.js';

const MONTHS = 6;

/**
 * Income against expenditure for the bursar's and proprietor's dashboards: the last six Lagos
 * months by the day money moved (`income`: the dashboard's money per month), and the current term
 * of each school in scope (its fees and expenses, whenever paid) added up, on the statement's
 * definitions.
 */
export async function dashboardIncomeExpenditure(
  db: ReadDb,
  scope: Scope,
  today: CalendarDate,
  currentTermIds: readonly string[],
  income: ReadonlyMap<string, Collected>,
): Promise<IncomeExpenditure> {
  const range = lastMonthsRange(today, MONTHS);
  const inSchools = (column: Parameters<typeof inSchoolScope>[1]) => inSchoolScope(scope, column);
  const rows = await dashboardFigures(db, inSchools, range, currentTermIds);
  const amountOf = (kind: string, month: string | null = null) =>
    BigInt(rows.find((row) => row.kind === kind && row.month === month)?.amount ?? '0');
  const termIncome = amountOf('term_income');
  const termSpent = amountOf('term_spent');
  return {
    months: lastMonths(today, MONTHS).map((month) => ({
      month,
      income: income.get(month)?.amountKobo ?? 0n,
      expenditure: amountOf('spent', month),
    })),
    term: { income: termIncome, expenditure: termSpent, surplus: termIncome - termSpent },
    committed: amountOf('committed'),
  };
}

import {
  type CalendarDate,
  collectionRate,
  lastMonths,
  lastMonthsRange,
  type MethodShare,
  type MonthCollected,
  PAYMENT_METHODS,
  percentagesOf,
  type TermFigures,
} from '@schoolledger/domain';
import type { ReadDb } from '../../db/client.js';
import type { Scope } from '../../plugins/tenancy.js';
import { type Collected, collectedByMonth, type TermPosition } from './collections.queries.js';

/** A term's position in the shape every dashboard shows it. */
export function termFigures(position: TermPosition): TermFigures {
  return {
    students: position.students,
    owing: position.owing,
    expected: position.expectedKobo,
    collected: position.paidKobo,
    outstanding: position.outstandingKobo,
    collectionRate: collectionRate(position.paidKobo, position.expectedKobo),
  };
}

/** The last `months` Lagos months up to today's, every month present (zero when nothing came in). */
export async function monthlyTrend(
  db: ReadDb,
  scope: Scope,
  today: CalendarDate,
  months: number,
): Promise<MonthCollected[]> {
  const byMonth = await collectedByMonth(db, scope, lastMonthsRange(today, months));
  return lastMonths(today, months).map((month) => {
    const found = byMonth.get(month);
    return { month, amount: found?.amountKobo ?? 0n, payments: found?.payments ?? 0 };
  });
}

/** Every payment method with its money and share, in the fixed method order (absent ones at zero). */
export function methodShares(byMethod: Map<string, Collected>): MethodShare[] {
  const amounts = PAYMENT_METHODS.map((method) => byMethod.get(method)?.amountKobo ?? 0n);
  const shares = percentagesOf(amounts);
  return PAYMENT_METHODS.map((method, index) => ({
    method,
    totalAmount: amounts[index]!,
    payments: byMethod.get(method)?.payments ?? 0,
    percentage: shares[index]!,
  }));
}

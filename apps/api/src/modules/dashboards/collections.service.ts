import {
  type CalendarDate,
  collectionRate,
  lastMonths,
  type MethodShare,
  type MonthCollected,
  PAYMENT_METHODS,
  type PaymentMethod,
  percentagesOf,
  type TermFigures,
} from '@schoolledger/domain';
import type { Collected, MoneyOverview, TermPosition } from './collections.queries.js';

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

const NOTHING: Collected = { payments: 0, amountKobo: 0n };
const sumOf = (rows: readonly Collected[]) =>
  rows.reduce<Collected>(
    (sum, row) => ({ payments: sum.payments + row.payments, amountKobo: sum.amountKobo + row.amountKobo }),
    NOTHING,
  );

/** A dashboard's money, from one `moneyOverview`. */
export interface DashboardMoney {
  ever: Collected;
  today: Collected;
  thisMonth: Collected;
  /** Per Lagos month up to today's; months with nothing are absent. */
  byMonth: Map<string, Collected>;
  /** Per method over the trend's months. */
  byMethod: Map<PaymentMethod, Collected>;
  /** The last `trendMonths` Lagos months up to today's, every month present (zero when nothing came in). */
  trend: MonthCollected[];
}

export function dashboardMoney(overview: MoneyOverview, today: CalendarDate, trendMonths: number): DashboardMoney {
  const upToToday = overview.byMonthAndMethod.filter((row) => !row.later);
  const months = lastMonths(today, trendMonths);
  const inTrend = upToToday.filter((row) => months.includes(row.month));
  const byMonth = new Map<string, Collected>();
  for (const month of new Set(upToToday.map((row) => row.month))) {
    byMonth.set(month, sumOf(upToToday.filter((row) => row.month === month)));
  }
  const byMethod = new Map<PaymentMethod, Collected>();
  for (const method of new Set(inTrend.map((row) => row.method))) {
    byMethod.set(method, sumOf(inTrend.filter((row) => row.method === method)));
  }
  return {
    ever: sumOf(overview.byMonthAndMethod),
    today: overview.today,
    thisMonth: byMonth.get(today.slice(0, 7)) ?? NOTHING,
    byMonth,
    byMethod,
    trend: months.map((month) => {
      const found = byMonth.get(month);
      return { month, amount: found?.amountKobo ?? 0n, payments: found?.payments ?? 0 };
    }),
  };
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

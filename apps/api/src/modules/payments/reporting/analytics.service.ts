import {
  addDays,
  type CalendarDate,
  daysUntil,
  entityMessages,
  PAYMENT_METHODS,
  type PaymentAnalytics,
  type PaymentMethod,
  type paymentAnalyticsQuerySchema,
  percentagesOf,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import { payments } from '../../../db/schema.js';
import { validationFailed } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { assertSchoolInScope, inSchoolScope } from '../../../plugins/tenancy.js';
import { narrowedBy, paymentsInScope } from './lists.queries.js';
import {
  type MethodTotal,
  methodTotals,
  monthlyTotals,
  onlineAttempts,
  pendingTransferCount,
} from './stats.queries.js';

type AnalyticsQuery = z.output<typeof paymentAnalyticsQuerySchema>;
type Trend = PaymentAnalytics['methods'][number]['trend'];

const SCHOOL = entityMessages('School');
const DEFAULT_DAYS = 30;
/** A change within this share of the previous period's amount is 'stable'. */
const STABLE_PERCENT = 5n;
/** Ten years of months is more than any screen shows; it keeps the monthly list bounded. */
const MAX_DAYS = 3660;

function trendOf(current: bigint, previous: bigint): Trend {
  if (previous <= 0n) return current > 0n ? 'up' : 'stable';
  const change = (current - previous) * 100n;
  if (change > previous * STABLE_PERCENT) return 'up';
  if (change < -previous * STABLE_PERCENT) return 'down';
  return 'stable';
}

/** YYYY-MM of every month the range touches, in order. */
function monthsBetween(from: CalendarDate, to: CalendarDate): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface Figures {
  totalCount: number;
  totalKobo: bigint;
  previousKobo: bigint;
  methods: Map<PaymentMethod, MethodTotal>;
  pendingTransfers: number;
  online: { total: number; failed: number; review: number };
}

/** A few plain rules over the figures; each sentence says what was seen and what to do about it. */
function recommendationsFor(figures: Figures): string[] {
  const advice: string[] = [];
  const share = (method: PaymentMethod) => {
    const amount = figures.methods.get(method)?.amountKobo ?? 0n;
    return figures.totalKobo > 0n ? Number((amount * 100n) / figures.totalKobo) : 0;
  };
  if (figures.totalCount === 0) {
    advice.push('No payments in this period.');
  } else {
    if (share('cash') > 50) {
      advice.push('Most payments are cash: enable online payments to cut queues at the bursary.');
    }
    const trend = trendOf(figures.totalKobo, figures.previousKobo);
    if (figures.previousKobo > 0n && trend !== 'stable') {
      const change = Number(((figures.totalKobo - figures.previousKobo) * 100n) / figures.previousKobo);
      advice.push(
        trend === 'up'
          ? `Collections are up ${change}% on the previous period.`
          : `Collections are down ${-change}% on the previous period: consider sending payment reminders.`,
      );
    }
  }
  if (figures.pendingTransfers > 0) {
    advice.push(
      `${plural(figures.pendingTransfers, 'bank transfer is', 'bank transfers are')} waiting for confirmation.`,
    );
  }
  if (figures.online.review > 0) {
    advice.push(
      `${plural(figures.online.review, 'online payment needs', 'online payments need')} review: the provider's answer did not match what was expected.`,
    );
  }
  if (figures.online.total >= 5 && figures.online.failed * 5 >= figures.online.total) {
    const rate = Math.round((figures.online.failed * 100) / figures.online.total);
    advice.push(`${rate}% of online payment attempts failed: check the provider's dashboard for declined cards.`);
  }
  return advice;
}

/**
 * The Analytics tab: successful payments between two Lagos days (default the last 30), per method
 * against the same-length period just before, per month, and recommendations drawn from them.
 */
export async function paymentAnalytics(
  ctx: AppContext,
  auth: AuthContext,
  query: AnalyticsQuery,
): Promise<PaymentAnalytics> {
  if (query.school_id) assertSchoolInScope(auth.scope, query.school_id, SCHOOL.notFound);
  const to = query.to ?? todayIn('Africa/Lagos', ctx.clock());
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw validationFailed([{ field: 'to', message: 'The end date must be on or after the start date' }]);
  const days = daysUntil(to, from) + 1;
  if (days > MAX_DAYS) throw validationFailed([{ field: 'from', message: 'Choose a range of at most ten years' }]);
  const previousRange = { from: addDays(from, -days), to: addDays(from, -1) };

  const scope = narrowedBy(paymentsInScope(auth.scope), { schoolId: query.school_id });
  // How checkouts end is the one figure about attempts rather than payments: the unpaid count too.
  const attempts = narrowedBy(inSchoolScope(auth.scope, payments.schoolId), { schoolId: query.school_id });
  const [current, previousTotals, monthly, pendingTransfers, online] = await Promise.all([
    methodTotals(ctx.readDb, scope, { from, to }),
    methodTotals(ctx.readDb, scope, previousRange),
    monthlyTotals(ctx.readDb, scope, { from, to }),
    pendingTransferCount(ctx.readDb, scope),
    onlineAttempts(ctx.readDb, attempts, from, to),
  ]);

  const sum = (totals: Map<PaymentMethod, MethodTotal>) => {
    let kobo = 0n;
    let count = 0;
    for (const total of totals.values()) {
      kobo += total.amountKobo;
      count += total.count;
    }
    return { kobo, count };
  };
  const now = sum(current);
  const before = sum(previousTotals);
  const amounts = PAYMENT_METHODS.map((method) => current.get(method)?.amountKobo ?? 0n);
  const shares = percentagesOf(amounts);

  return {
    from,
    to,
    totalPayments: now.count,
    totalAmount: now.kobo,
    methods: PAYMENT_METHODS.map((method, index) => ({
      method,
      count: current.get(method)?.count ?? 0,
      amount: amounts[index]!,
      percentage: shares[index]!,
      trend: trendOf(amounts[index]!, previousTotals.get(method)?.amountKobo ?? 0n),
    })),
    monthly: monthsBetween(from, to).map((month) => {
      const row = monthly.get(month);
      return { month, count: row?.count ?? 0, amount: row?.amountKobo ?? 0n };
    }),
    recommendations: recommendationsFor({
      totalCount: now.count,
      totalKobo: now.kobo,
      previousKobo: before.kobo,
      methods: current,
      pendingTransfers,
      online,
    }),
  };
}

import {
  addDays,
  type BursarDashboard,
  daysUntil,
  PAYMENT_REPORT_MAX_DAYS,
  type PaymentReport,
  type paymentReportQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { listPayments, narrowedBy, paymentsInScope } from '../payments/reporting/lists.queries.js';
import { listPaymentPage } from '../payments/reporting/lists.service.js';
import { paymentStats } from '../payments/reporting/stats.queries.js';
import { paymentAlerts } from './bursar.queries.js';
import { currentTermOfSchools, moneyOverview, termPosition } from './collections.queries.js';
import { dashboardMoney, methodShares, termFigures } from './collections.service.js';
import { dashboardIncomeExpenditure } from './income-expenditure.service.js';

const TREND_MONTHS = 6;
const RECENT_TRANSACTIONS = 5;

/** The bursar's school at a glance (issue 14 item 6), every figure of the caller's scope. */
export async function bursarDashboard(ctx: AppContext, auth: AuthContext): Promise<BursarDashboard> {
  const db = ctx.readDb;
  const scope = auth.scope;
  const today = todayIn('Africa/Lagos', ctx.clock());
  const [overview, terms, position, recent, alerts] = await Promise.all([
    moneyOverview(db, scope, today),
    currentTermOfSchools(db, scope, today),
    termPosition(db, { scope, today }),
    listPayments(db, narrowedBy(paymentsInScope(scope), { kind: 'payment' }), {
      limit: RECENT_TRANSACTIONS,
      offset: 0,
    }),
    paymentAlerts(db, scope),
  ]);
  const money = dashboardMoney(overview, today, TREND_MONTHS);
  const incomeExpenditure = await dashboardIncomeExpenditure(
    db,
    scope,
    today,
    terms.map((each) => each._id),
    money.byMonth,
  );
  const figures = termFigures(position);
  // A bursar has one school; a wider scope has no single term to name.
  const term = terms.length === 1 ? terms[0]! : null;
  return {
    financialStats: {
      totalRevenue: money.ever.amountKobo,
      totalTransactions: money.ever.payments,
      outstandingAmount: figures.outstanding,
      pendingPayments: alerts.pendingTransfers + alerts.underReview,
      todayRevenue: money.today.amountKobo,
      todayTransactions: money.today.payments,
      thisMonthRevenue: money.thisMonth.amountKobo,
      thisMonthTransactions: money.thisMonth.payments,
    },
    today,
    schoolId: scope.kind === 'school' ? scope.schoolId : null,
    term: term
      ? { _id: term._id, name: term.name, session: term.session, startDate: term.startDate, endDate: term.endDate }
      : null,
    termFigures: figures,
    feeCollectionStatus: terms.length ? [{ expectedTotal: figures.expected, collectedTotal: figures.collected }] : [],
    paymentMethods: methodShares(money.byMethod),
    revenueTrend: money.trend,
    recentTransactions: recent.rows.map((row) => ({
      _id: row.payment.id,
      fee: { _id: row.fee.id, name: row.fee.name },
      amount: row.payment.amountKobo,
      user: {
        _id: row.student.id,
        firstname: row.student.firstname,
        lastname: row.student.lastname,
        regNo: row.student.regNo,
      },
      trans_date: (row.payment.paidAt ?? row.payment.createdAt).toISOString(),
      mode_of_payment: row.payment.method,
      status: row.payment.status,
      receiptNo: row.payment.receiptNo,
    })),
    alerts,
    incomeExpenditure,
  };
}

type ReportQuery = z.output<typeof paymentReportQuerySchema>;

/**
 * SPEC §7 payment reports: a page of the payments of a filter and its totals. The range is at most
 * PAYMENT_REPORT_MAX_DAYS Lagos days (the last 30 by default), so the totals stay a bounded read.
 */
export async function paymentReport(ctx: AppContext, auth: AuthContext, query: ReportQuery): Promise<PaymentReport> {
  const to = query.to ?? todayIn('Africa/Lagos', ctx.clock());
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw validationFailed([{ field: 'to', message: 'The end date must be on or after the start date' }]);
  if (daysUntil(to, from) + 1 > PAYMENT_REPORT_MAX_DAYS) {
    throw validationFailed([{ field: 'from', message: `A report covers at most ${PAYMENT_REPORT_MAX_DAYS} days` }]);
  }
  const filters = { ...query, from, to };
  // The page checks every id the query names against the caller's scope before the totals read.
  // Both stay on the primary with the payment list, so the page and its totals always agree.
  const page = await listPaymentPage(ctx, auth, filters);
  const stats = await paymentStats(
    ctx.db,
    narrowedBy(paymentsInScope(auth.scope), {
      schoolId: query.school_id,
      termId: query.term_id,
      method: query.method,
      status: query.status,
      from,
      to,
    }),
  );
  return {
    ...page,
    summary: {
      from,
      to,
      totalPayments: stats.totalPayments,
      successfulPayments: stats.successfulPayments,
      totalAmount: stats.totalAmount,
      netAmount: stats.successfulAmount,
      refundedAmount: stats.refundedAmount,
      byMethod: stats.paymentsByMethod,
    },
  };
}

import { PAYMENT_METHODS, type PaymentMethod, type PaymentStats } from '@schoolledger/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';
import { signedAmountKobo } from '../../fees/fees.queries.js';
import { lagosDayStart } from './lists.queries.js';

/** Sums leave the database as text so no kobo is lost on the way. */
const kobo = (expression: SQL, condition: SQL = sql`true`) =>
  sql<string>`coalesce(sum(${expression}) filter (where ${condition}), 0)::bigint::text`;
const isPayment = sql`${payments.kind} = 'payment'`;
const isSuccess = sql`${payments.status} = 'success'`;

/**
 * SPEC §3 payment stats. Counts and totalAmount are of payment rows (any status); successfulAmount
 * is what was credited net of refunds; refundedAmount what refunds gave back. One pass over the
 * rows, grouped by method, gives both the totals and the per-method figures.
 */
export async function paymentStats(db: ReadDb, where: SQL): Promise<PaymentStats> {
  const countOf = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const rows = await db
    .select({
      method: payments.method,
      totalPayments: countOf(isPayment),
      successfulPayments: countOf(sql`${isPayment} and ${isSuccess}`),
      pendingPayments: countOf(sql`${isPayment} and ${payments.status} = 'pending'`),
      failedPayments: countOf(sql`${isPayment} and ${payments.status} = 'failed'`),
      reviewPayments: countOf(sql`${isPayment} and ${payments.status} = 'review'`),
      totalAmount: kobo(sql`${payments.amountKobo}`, isPayment),
      successfulAmount: kobo(signedAmountKobo, isSuccess),
      pendingAmount: kobo(sql`${payments.amountKobo}`, sql`${isPayment} and ${payments.status} = 'pending'`),
      refundedAmount: kobo(sql`${payments.amountKobo}`, sql`${payments.kind} = 'refund' and ${isSuccess}`),
    })
    .from(payments)
    .where(where)
    .groupBy(payments.method);
  const countTotal = (
    key: 'totalPayments' | 'successfulPayments' | 'pendingPayments' | 'failedPayments' | 'reviewPayments',
  ) => rows.reduce((total, row) => total + row[key], 0);
  const koboTotal = (key: 'totalAmount' | 'successfulAmount' | 'pendingAmount' | 'refundedAmount') =>
    rows.reduce((total, row) => total + BigInt(row[key]), 0n);
  return {
    totalPayments: countTotal('totalPayments'),
    successfulPayments: countTotal('successfulPayments'),
    pendingPayments: countTotal('pendingPayments'),
    failedPayments: countTotal('failedPayments'),
    reviewPayments: countTotal('reviewPayments'),
    totalAmount: koboTotal('totalAmount'),
    successfulAmount: koboTotal('successfulAmount'),
    pendingAmount: koboTotal('pendingAmount'),
    refundedAmount: koboTotal('refundedAmount'),
    paymentsByMethod: PAYMENT_METHODS.map((method) => {
      const row = rows.find((candidate) => candidate.method === method);
      return {
        method,
        count: row?.successfulPayments ?? 0,
        amount: BigInt(row?.successfulAmount ?? '0'),
      };
    }),
  };
}

export interface MethodTotal {
  count: number;
  amountKobo: bigint;
}

/** Two Lagos calendar days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Successful rows whose money moved between two Lagos calendar days, inclusive. */
const creditedBetween = ({ from, to }: DayRange) =>
  sql`${isSuccess} and ${payments.paidAt} >= ${lagosDayStart(from)} and ${payments.paidAt} < ${lagosDayStart(to)} + interval '1 day'`;

/** Per method: how many payments credited in the range and their money, net of refunds among `where`. */
export async function methodTotals(db: ReadDb, where: SQL, range: DayRange): Promise<Map<PaymentMethod, MethodTotal>> {
  const rows = await db
    .select({
      method: payments.method,
      count: sql<number>`(count(*) filter (where ${isPayment}))::int`,
      amount: kobo(signedAmountKobo),
    })
    .from(payments)
    .where(and(where, creditedBetween(range)))
    .groupBy(payments.method);
  return new Map(rows.map((row) => [row.method, { count: row.count, amountKobo: BigInt(row.amount) }]));
}

/** Per Lagos calendar month (YYYY-MM): payments credited in the range and their money net of refunds. */
export async function monthlyTotals(db: ReadDb, where: SQL, range: DayRange) {
  const month = sql<string>`to_char(${payments.paidAt} at time zone 'Africa/Lagos', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      count: sql<number>`(count(*) filter (where ${isPayment}))::int`,
      amount: kobo(signedAmountKobo),
    })
    .from(payments)
    .where(and(where, creditedBetween(range)))
    .groupBy(month);
  return new Map(rows.map((row) => [row.month, { count: row.count, amountKobo: BigInt(row.amount) }]));
}

/** Transfer claims waiting for the bursary, whatever their date. */
export async function pendingTransferCount(db: ReadDb, where: SQL) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(
      and(where, eq(payments.method, 'bank_transfer'), eq(payments.status, 'pending'), eq(payments.kind, 'payment')),
    );
  return row?.n ?? 0;
}

/** Online attempts started between two Lagos days, and how they ended. */
export async function onlineAttempts(db: ReadDb, where: SQL, from: string, to: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${payments.status} = 'failed'))::int`,
      review: sql<number>`(count(*) filter (where ${payments.status} = 'review'))::int`,
    })
    .from(payments)
    .where(
      and(
        where,
        isPayment,
        inArray(payments.method, ['paystack', 'flutterwave']),
        sql`${payments.createdAt} >= ${lagosDayStart(from)} and ${payments.createdAt} < ${lagosDayStart(to)} + interval '1 day'`,
      ),
    );
  return row ?? { total: 0, failed: 0, review: 0 };
}

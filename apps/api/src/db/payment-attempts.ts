import { ONLINE_METHODS } from '@schoolledger/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { payments } from './schema.js';

/**
 * An online checkout is a payment only once its provider reports it paid. Until then (pending)
 * or when it ended unpaid (failed, abandoned) nothing was charged: it is the payer's unfinished
 * attempt, not money, so no staff list, dashboard, report, export, ledger or pack shows or counts
 * it. Every staff-facing read of `payments` takes `paymentsThatHappened`; the payer alone sees
 * their own open attempt (`awaitingPayment`), labelled as not charged. The status breakdown's
 * summary table, kept by a trigger, applies the same rule in SQL (`payment_happened`, migration
 * 0025): change both together; payment-summaries-attempts.test.ts fails when they differ.
 */

/** The columns the conditions read: the `payments` table's, or a raw SQL alias's (`columnsOf('p')`). */
export interface AttemptColumns {
  kind: SQLWrapper;
  method: SQLWrapper;
  status: SQLWrapper;
}

const TABLE: AttemptColumns = { kind: payments.kind, method: payments.method, status: payments.status };

/** The columns of `alias` in a query written as raw SQL (`from payments p`). */
export const columnsOf = (alias: string): AttemptColumns => ({
  kind: sql.raw(`${alias}.kind`),
  method: sql.raw(`${alias}.method`),
  status: sql.raw(`${alias}.status`),
});

// Our own constants, written into the statement so the planner sees them as it sees a literal.
const online = sql.raw(ONLINE_METHODS.map((method) => `'${method}'`).join(', '));

const onlineAttempt = (c: AttemptColumns) => sql`(${c.kind} = 'payment' and ${c.method} in (${online}))`;

/** Rows that are money or a claim of it: everything but an online attempt never paid. */
export function paymentsThatHappened(c: AttemptColumns = TABLE): SQL {
  return sql`not (${onlineAttempt(c)} and ${c.status} in ('pending', 'failed'))`;
}

/** An online checkout started and not (yet) paid, nor closed: nothing charged. */
export function awaitingPayment(c: AttemptColumns = TABLE): SQL {
  return sql`(${onlineAttempt(c)} and ${c.status} = 'pending')`;
}

/** The same for a row already read. */
export const isAwaitingPayment = (row: { kind: string; method: string; status: string }) =>
  row.kind === 'payment' && (ONLINE_METHODS as readonly string[]).includes(row.method) && row.status === 'pending';

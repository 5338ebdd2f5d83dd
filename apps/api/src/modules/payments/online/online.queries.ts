import { ONLINE_METHODS } from '@schoolledger/domain';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import {
  auditLogs,
  fees,
  paymentCheckouts,
  paymentDisputes,
  paymentReviews,
  payments,
  paymentWebhookEvents,
} from '../../../db/schema.js';
import type { WebhookEvent } from '../../providers/provider.js';

/** A mismatch between what we asked for and what the provider reports; one per payment. */
export async function insertReview(db: DbOrTx, values: typeof paymentReviews.$inferInsert) {
  await db.insert(paymentReviews).values(values).onConflictDoNothing();
}

/**
 * Whether `action` was recorded for the school's `method` account after `since`, by the app's
 * clock as the row's `after.at` carries it (the row's own time is the database's).
 */
export async function alertedSince(db: DbOrTx, action: string, schoolId: string, method: string, since: Date) {
  const [row] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.schoolId, schoolId),
        eq(auditLogs.action, action),
        sql`${auditLogs.after}->>'method' = ${method}`,
        sql`(${auditLogs.after}->>'at')::timestamptz > ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findDispute(db: DbOrTx, provider: 'paystack' | 'flutterwave', providerDisputeId: string) {
  const [row] = await db
    .select()
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.provider, provider), eq(paymentDisputes.providerDisputeId, providerDisputeId)));
  return row;
}

export async function insertDispute(db: DbOrTx, values: typeof paymentDisputes.$inferInsert) {
  const [row] = await db.insert(paymentDisputes).values(values).returning();
  return row!;
}

export async function updateDispute(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<typeof paymentDisputes.$inferInsert, 'status' | 'resolution' | 'refundId'>>,
) {
  await db.update(paymentDisputes).set(changes).where(eq(paymentDisputes.id, id));
}

/** Records a delivery under its dedupe key; a replay only counts one more delivery. */
export async function recordWebhookEvent(db: DbOrTx, event: WebhookEvent) {
  const [row] = await db
    .insert(paymentWebhookEvents)
    .values({
      provider: event.provider,
      dedupeKey: event.dedupeKey,
      event: event.event,
      reference: event.reference,
      schoolId: sql`coalesce(
        (select ${payments.schoolId} from ${payments} where ${payments.reference} = ${event.reference}),
        (select ${paymentCheckouts.schoolId} from ${paymentCheckouts} where ${paymentCheckouts.reference} = ${event.reference})
      )`,
      payload: event.payload,
    })
    .onConflictDoUpdate({
      target: [paymentWebhookEvents.provider, paymentWebhookEvents.dedupeKey],
      set: { deliveries: sql`${paymentWebhookEvents.deliveries} + 1` },
    })
    .returning({ id: paymentWebhookEvents.id, processedAt: paymentWebhookEvents.processedAt });
  return row;
}

export async function markWebhookProcessed(db: DbOrTx, id: string, at: Date) {
  await db.update(paymentWebhookEvents).set({ processedAt: at }).where(eq(paymentWebhookEvents.id, id));
}

/** Events of `events` recorded but never processed, oldest first. */
export async function unprocessedWebhooks(db: DbOrTx, events: string[], limit: number) {
  return db
    .select({
      id: paymentWebhookEvents.id,
      provider: paymentWebhookEvents.provider,
      event: paymentWebhookEvents.event,
      reference: paymentWebhookEvents.reference,
      payload: paymentWebhookEvents.payload,
    })
    .from(paymentWebhookEvents)
    .where(
      and(
        isNull(paymentWebhookEvents.processedAt),
        inArray(paymentWebhookEvents.event, events),
        isNotNull(paymentWebhookEvents.reference),
      ),
    )
    .orderBy(paymentWebhookEvents.receivedAt)
    .limit(limit);
}

/**
 * Online payments to verify again: pending ones started before `olderThan`, and failed ones
 * started after `failedSince` (a late success: Paystack's page stays open after a declined card,
 * and a payment failed before its checkout closed may still be paid). Taken in turns across
 * provider accounts (school and method), each account's oldest first, so one account whose key
 * stays refused cannot fill every pass and starve the other schools' newer payments.
 */
export async function pendingOnlinePayments(db: DbOrTx, olderThan: Date, limit: number, failedSince?: Date) {
  const recentlyFailed = failedSince
    ? and(eq(payments.status, 'failed'), gt(payments.createdAt, failedSince))
    : undefined;
  const ranked = db
    .select({
      id: payments.id,
      reference: payments.reference,
      status: payments.status,
      schoolId: payments.schoolId,
      method: payments.method,
      createdAt: payments.createdAt,
      turn: sql<number>`row_number() over (partition by ${payments.schoolId}, ${payments.method} order by ${payments.createdAt}, ${payments.id})`.as(
        'turn',
      ),
    })
    .from(payments)
    .where(
      and(
        or(eq(payments.status, 'pending'), recentlyFailed),
        eq(payments.kind, 'payment'),
        inArray(payments.method, [...ONLINE_METHODS]),
        lt(payments.createdAt, olderThan),
        // A family checkout's lines are verified and abandoned with their checkout (pendingCheckouts).
        isNull(payments.checkoutId),
      ),
    )
    .as('ranked');
  return db
    .select({
      id: ranked.id,
      reference: ranked.reference,
      status: ranked.status,
      schoolId: ranked.schoolId,
      method: ranked.method,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .orderBy(ranked.turn, ranked.createdAt)
    .limit(limit);
}

/** A fee's amount whatever became of the fee since: a payment's status still shows what it owed. */
export async function feeAmountKobo(db: DbOrTx, feeId: string): Promise<bigint | undefined> {
  const [row] = await db.select({ amountKobo: fees.amountKobo }).from(fees).where(eq(fees.id, feeId));
  return row?.amountKobo;
}

const LOCK_NAME = 'payments.reconcile';

/**
 * Runs `work` only if no other instance holds the reconcile lock, holding it for the whole run.
 * A session lock must be taken and released on the same connection: a server pool lends one
 * connection for the run; PGlite has a single session anyway. `null` when another run holds it.
 */
export async function withReconcileLock<T>(ctx: AppContext, work: () => Promise<T>): Promise<T | null> {
  const client = (ctx.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [LOCK_NAME],
      );
      if (!rows[0]?.locked) return null;
      try {
        return await work();
      } finally {
        await connection.query('select pg_advisory_unlock(hashtext($1))', [LOCK_NAME]);
      }
    } finally {
      connection.release();
    }
  }
  const [locked] = await rowsOf<{ locked: boolean }>(
    ctx.db,
    sql`select pg_try_advisory_lock(hashtext(${LOCK_NAME})) as locked`,
  );
  if (!locked?.locked) return null;
  try {
    return await work();
  } finally {
    await ctx.db.execute(sql`select pg_advisory_unlock(hashtext(${LOCK_NAME}))`);
  }
}

import { ONLINE_METHODS } from '@schoolledger/domain';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';

/** The refund rows of payment `paymentId` (or only the one with `id`), any status. */
export async function refundsOf(db: DbOrTx, paymentId: string, only: { id?: string } = {}) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'refund'),
        eq(payments.refundOf, paymentId),
        only.id === undefined ? undefined : eq(payments.id, only.id),
      ),
    );
}

/** Online refunds still pending that were asked for before `olderThan`, oldest first. */
export async function pendingRefunds(db: DbOrTx, olderThan: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'refund'),
        eq(payments.status, 'pending'),
        inArray(payments.method, [...ONLINE_METHODS]),
        lt(payments.createdAt, olderThan),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(limit);
}

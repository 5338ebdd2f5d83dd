import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { payments } from '../../db/schema.js';

/**
 * The SQL on single payment rows: the ledger records them (record-payment.ts), and the payments
 * sub-modules (online, cash, transfers, refunds) find, lock and move them.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentValues = typeof payments.$inferInsert;
/** A column may also be SQL computed in the statement itself (the credit's receipt number). */
type PaymentWrite = PgInsertValue<typeof payments>;
type PaymentChanges = PgUpdateSetSource<typeof payments>;

export async function findPaymentByReference(db: DbOrTx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** The bare row when `where` (the caller's scope) holds for it. */
export async function findPaymentById(db: DbOrTx, id: string, where?: SQL): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(where, eq(payments.id, id)));
  return row;
}

/** The bare row, locked for the rest of the transaction; `where` narrows it (to the caller's scope). */
export async function lockPayment(db: DbOrTx, where: SQL | undefined, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(where, eq(payments.id, id)))
    .for('update');
  return row;
}

export async function insertPayment(db: DbOrTx, values: PaymentWrite): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(db: DbOrTx, id: string, changes: PaymentChanges): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(changes).where(eq(payments.id, id)).returning();
  return row;
}

/** The refund row that reverses (or is reversing) payment `id`, if any; a failed refund is none. */
export async function findRefundOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.refundOf, id), ne(payments.status, 'failed')));
  return row;
}

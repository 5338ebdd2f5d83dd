import { and, asc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { fees, paymentCheckouts, payments, schools, users } from '../../../db/schema.js';

/** The SQL of family checkouts: one provider transaction that pays several payment rows. */

export type CheckoutRow = typeof paymentCheckouts.$inferSelect;
export type CheckoutChanges = Partial<Omit<typeof paymentCheckouts.$inferInsert, 'id'>>;

export async function insertCheckout(db: DbOrTx, values: typeof paymentCheckouts.$inferInsert): Promise<CheckoutRow> {
  const [row] = await db.insert(paymentCheckouts).values(values).returning();
  return row!;
}

export async function findCheckoutByReference(db: DbOrTx, reference: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.reference, reference));
  return row;
}

export async function findCheckoutById(db: DbOrTx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, id));
  return row;
}

/** The checkout row, locked for the rest of the transaction: its settle takes turns with any other. */
export async function lockCheckout(db: DbOrTx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, id)).for('update');
  return row;
}

export async function updateCheckout(db: DbOrTx, id: string, changes: CheckoutChanges) {
  await db.update(paymentCheckouts).set(changes).where(eq(paymentCheckouts.id, id));
}

/** The checkout's payments in line order (their references end in -1, -2, …); locked when `lock`. */
export async function paymentsOfCheckout(db: DbOrTx, checkoutId: string, lock = false) {
  const query = db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt), asc(payments.reference));
  return lock ? query.for('update') : query;
}

/** What the payer's return page lists per line; `where` narrows to the schools a staff member sees. */
export async function checkoutLines(db: DbOrTx, checkoutId: string, where?: SQL) {
  return db
    .select({
      payment: payments,
      student: { _id: users.id, firstname: users.firstname, lastname: users.lastname },
      fee: { _id: fees.id, name: fees.name, amountKobo: fees.amountKobo },
      school: { _id: schools.id, name: schools.name },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .where(and(eq(payments.checkoutId, checkoutId), where))
    .orderBy(asc(payments.createdAt), asc(payments.reference));
}

export async function schoolsByIds(db: DbOrTx, ids: string[]) {
  return db
    .select({ id: schools.id, name: schools.name, groupSchoolId: schools.groupSchoolId })
    .from(schools)
    .where(inArray(schools.id, ids));
}

/**
 * Checkouts for the reconciliation pass, as `pendingOnlinePayments` picks single payments:
 * pending ones started before `olderThan`, failed ones started after `failedSince` (a late success).
 */
export async function pendingCheckouts(db: DbOrTx, olderThan: Date, limit: number, failedSince: Date) {
  return db
    .select()
    .from(paymentCheckouts)
    .where(
      and(
        or(
          eq(paymentCheckouts.status, 'pending'),
          and(eq(paymentCheckouts.status, 'failed'), gt(paymentCheckouts.createdAt, failedSince)),
        ),
        lt(paymentCheckouts.createdAt, olderThan),
      ),
    )
    .orderBy(asc(paymentCheckouts.createdAt))
    .limit(limit);
}

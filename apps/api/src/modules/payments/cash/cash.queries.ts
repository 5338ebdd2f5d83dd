import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { fees, payments, users } from '../../../db/schema.js';

/**
 * The student a desk item names, when `studentWhere` (the caller's scope) holds, with the fee
 * when `feeWhere` holds for it too: one read for both checks, so `fee` is null when only the
 * fee is out of reach.
 */
export async function deskTarget(db: DbOrTx, studentWhere: SQL, feeWhere: SQL, studentId: string) {
  const [row] = await db
    .select({ studentId: users.id, schoolId: users.schoolId, fee: { id: fees.id, amountKobo: fees.amountKobo } })
    .from(users)
    .leftJoin(fees, feeWhere)
    .where(and(studentWhere, eq(users.id, studentId)));
  return row;
}

/** The payment an earlier request of the bursary desk recorded under this Idempotency-Key. */
export async function paymentByIdempotencyKey(db: DbOrTx, schoolId: string, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.schoolId, schoolId), eq(payments.idempotencyKey, key)));
  return row;
}

/** The payments an earlier family submission recorded, each under a key derived from the request's. */
export async function paymentsByIdempotencyKeys(db: DbOrTx, keys: string[]) {
  return db.select().from(payments).where(inArray(payments.idempotencyKey, keys));
}

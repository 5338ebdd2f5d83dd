import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';

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

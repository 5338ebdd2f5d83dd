import { and, eq } from 'drizzle-orm';
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

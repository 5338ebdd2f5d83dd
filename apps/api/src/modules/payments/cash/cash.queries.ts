import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import { fees, payments, users } from '../../../db/schema.js';

/**
 * The student each desk item names, when `studentWhere` (the caller's scope) holds, with the fee
 * when the item's `feeWhere` holds for it too: one read for both checks of every item (a branch per
 * item, told apart by its place), so `fee` is null when only the fee is out of reach, and the
 * place of a student out of reach is `undefined`.
 */
export async function deskTargets(
  db: DbOrTx,
  studentWhere: SQL,
  items: readonly { studentId: string; feeWhere: SQL }[],
) {
  const branches = items.map(({ studentId, feeWhere }, index) =>
    db
      .select({
        index: sql<number>`${index}::int`.as('index'),
        studentId: users.id,
        schoolId: users.schoolId,
        feeId: fees.id,
        feeAmountKobo: fees.amountKobo,
      })
      .from(users)
      .leftJoin(fees, feeWhere)
      .where(and(studentWhere, eq(users.id, studentId))),
  );
  const [first, second, ...rest] = branches;
  const rows = second ? await unionAll(first!, second, ...rest) : await first!;
  const found = items.map(() => undefined as (typeof rows)[number] | undefined);
  for (const row of rows) found[row.index] = row;
  return found.map(
    (row) =>
      row && {
        studentId: row.studentId,
        schoolId: row.schoolId,
        fee: row.feeId === null ? null : { id: row.feeId, amountKobo: row.feeAmountKobo! },
      },
  );
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

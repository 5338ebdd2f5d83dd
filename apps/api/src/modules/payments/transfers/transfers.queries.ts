import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';

/** Money a student says they sent for a fee that the bursary has not yet confirmed or rejected. */
export async function pendingClaimsKobo(db: DbOrTx, studentId: string, feeId: string) {
  const [row] = await db
    .select({ claimed: sql<string>`coalesce(sum(${payments.amountKobo}), 0)::bigint::text` })
    .from(payments)
    .where(
      and(
        eq(payments.studentId, studentId),
        eq(payments.feeId, feeId),
        eq(payments.method, 'bank_transfer'),
        eq(payments.status, 'pending'),
        eq(payments.kind, 'payment'),
      ),
    );
  return BigInt(row?.claimed ?? '0');
}

/** The fee and student of a payment in `where` (the caller's scope), so their position can be locked before the payment. */
export async function feeAndStudentOfPayment(db: DbOrTx, where: SQL | undefined, id: string) {
  const [row] = await db
    .select({ feeId: payments.feeId, studentId: payments.studentId })
    .from(payments)
    .where(and(where, eq(payments.id, id)));
  return row;
}

/** Where the proof image of a claim in `where` (what the caller may see) is stored. */
export async function proofPathOf(db: DbOrTx, where: SQL, id: string) {
  const [row] = await db
    .select({ proofPath: payments.proofPath })
    .from(payments)
    .where(and(where, eq(payments.id, id)));
  return row?.proofPath ?? null;
}

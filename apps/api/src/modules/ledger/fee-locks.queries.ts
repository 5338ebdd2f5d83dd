import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { fees } from '../../db/schema.js';

/*
 * The locks a payer takes on a fee (lock-order.ts says in what order, and why): a student's turn
 * on the fee, a transaction-scoped advisory lock keyed by fee and student (migration 0027's
 * `student_fee_turn`, which the ledger's `take_at_once` takes too), and the fee row shared.
 */

const studentTurn = (feeId: string, studentId: string) => sql`student_fee_turn(${feeId}::uuid, ${studentId}::uuid)`;

/**
 * The bare fee row (not deleted), held for one student's payment for the rest of the
 * transaction: shared against edits, approvals, adjustments and the payers that take `lockFee`
 * (they wait, as they would for `lockFee`), and exclusive for this student on this fee, so two
 * desks cannot both pay the same debt while desks paying other students of the same fee do not
 * queue behind each other.
 */
export async function lockFeeForStudent(tx: Tx, id: string, studentId: string) {
  // One statement: the turn is an uncorrelated sub-select, which PostgreSQL runs once before it
  // reads the fee (a one-time filter), so the turn is still taken before the row is shared, and
  // the row, re-read when it is locked, is the latest.
  const [row] = await tx
    .select()
    .from(fees)
    .where(and(eq(fees.id, id), isNull(fees.deletedAt), sql`(select ${studentTurn(id, studentId)}::text) is not null`))
    .for('share');
  return row;
}

/** The student's turn on a fee (see `lockFeeForStudent`), for a payer that then shares the fee row itself. */
export async function takeStudentTurn(db: DbOrTx, feeId: string, studentId: string) {
  await db.execute(sql`select ${studentTurn(feeId, studentId)}`);
}

/**
 * The fee row shared, whatever became of the fee since (deleted or not: payments started on it
 * still settle), and its amount; `undefined` when there is no such fee.
 */
export async function shareFeeAmount(db: DbOrTx, feeId: string): Promise<bigint | undefined> {
  const [row] = await db.select({ amountKobo: fees.amountKobo }).from(fees).where(eq(fees.id, feeId)).for('share');
  return row?.amountKobo;
}

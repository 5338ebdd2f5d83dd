import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feeAdjustments, fees, parentStudents, payments, terms, users } from '../../db/schema.js';

/** What a payment's notices say of whom and what it was for, with the student's linked parents. */
const payeeColumns = {
  feeName: fees.name,
  termName: terms.name,
  studentFirstname: users.firstname,
  studentLastname: users.lastname,
  parentIds: sql<string[]>`coalesce((
    select array_agg(distinct ps.parent_id) from ${parentStudents} ps where ps.student_id = ${users.id}
  ), '{}')`,
};

/**
 * What a notice about a payment (or a refund row) says: the row, its fee and term, and whose it
 * is, with the student's parents (who hear of it too) in the same read.
 */
export async function paymentFacts(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, ...payeeColumns })
    .from(payments)
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** `paymentFacts` without the payment, for a payment about to be written. */
export async function payeeFacts(db: DbOrTx, studentId: string, feeId: string) {
  const [row] = await db
    .select(payeeColumns)
    .from(fees)
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(users, eq(users.id, studentId))
    .where(eq(fees.id, feeId));
  return row;
}

export type PaymentFacts = NonNullable<Awaited<ReturnType<typeof paymentFacts>>>;

/** The parents linked to any of the students. */
export async function parentsOf(db: DbOrTx, studentIds: readonly string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: parentStudents.parentId })
    .from(parentStudents)
    .where(inArray(parentStudents.studentId, [...studentIds]));
  return rows.map((row) => row.id);
}

/** A fee with what its notices say: term, the dates its due date derives from, and its authors. */
export async function feeFacts(db: DbOrTx, feeId: string) {
  const [row] = await db
    .select({ fee: fees, termName: terms.name, termEndDate: terms.endDate })
    .from(fees)
    .innerJoin(terms, eq(terms.id, fees.termId))
    .where(eq(fees.id, feeId));
  return row;
}

/** A late fee with what its notice says: the fee and term it was added to, and whose it is. */
export async function lateFeeFacts(db: DbOrTx, adjustmentId: string) {
  const [row] = await db
    .select({
      adjustment: feeAdjustments,
      feeName: fees.name,
      termName: terms.name,
      studentFirstname: users.firstname,
      studentLastname: users.lastname,
    })
    .from(feeAdjustments)
    .innerJoin(fees, eq(fees.id, feeAdjustments.feeId))
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(users, eq(users.id, feeAdjustments.studentId))
    .where(eq(feeAdjustments.id, adjustmentId));
  return row;
}

export async function personName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstname} ${row.lastname}` : null;
}

/** The sign-in email and roles of new accounts, for their welcome notice. */
export async function newAccounts(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, roles: users.roles })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

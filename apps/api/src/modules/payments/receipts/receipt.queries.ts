import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import {
  academicSessions,
  addresses,
  classArms,
  fees,
  groupSchools,
  parentStudents,
  payments,
  schools,
  terms,
  users,
} from '../../../db/schema.js';
import { inSchoolScope, type Scope } from '../../../plugins/tenancy.js';
import { signedAmountKobo } from '../../fees/fees.queries.js';

/** Who may open a payment's receipt: the student, a linked parent, or staff whose scope holds the school. */
export interface ReceiptReader {
  userId: string;
  scope: Scope;
  /** Holds payments.view or payments.cash. */
  isStaff: boolean;
}

export function readableBy(reader: ReceiptReader): SQL {
  const parts: SQL[] = [
    eq(payments.studentId, reader.userId),
    sql`exists (select 1 from ${parentStudents} ps where ps.student_id = ${payments.studentId} and ps.parent_id = ${reader.userId})`,
  ];
  if (reader.isStaff) parts.push(inSchoolScope(reader.scope, payments.schoolId));
  return sql`(${sql.join(parts, sql` or `)})`;
}

const student = alias(users, 'receipt_student');
const recorder = alias(users, 'receipt_recorder');
const reviewer = alias(users, 'receipt_reviewer');

const nameOf = (person: typeof student | typeof recorder | typeof reviewer) => ({
  firstname: person.firstname,
  middlename: person.middlename,
  lastname: person.lastname,
});

/** One payment with everything its receipt prints, if the reader may see it. */
export async function findReceiptPayment(db: DbOrTx, paymentId: string, reader: ReceiptReader) {
  const [row] = await db
    .select({
      payment: payments,
      school: { name: schools.name, email: schools.email, phone: schools.phoneNumber },
      group: { name: groupSchools.name },
      address: {
        streetNo: addresses.streetNo,
        street: addresses.street,
        town: addresses.town,
        state: addresses.state,
      },
      student: { ...nameOf(student), regNo: student.regNo },
      classArm: { name: classArms.name },
      fee: { name: fees.name, type: fees.type, amountKobo: fees.amountKobo },
      term: { name: terms.name },
      session: { name: academicSessions.name },
      recorder: nameOf(recorder),
      reviewer: nameOf(reviewer),
    })
    .from(payments)
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .innerJoin(groupSchools, eq(groupSchools.id, schools.groupSchoolId))
    .leftJoin(addresses, and(eq(addresses.schoolId, schools.id), eq(addresses.isSchoolAddress, true)))
    .innerJoin(student, eq(student.id, payments.studentId))
    .leftJoin(classArms, eq(classArms.id, student.classArmId))
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .leftJoin(terms, eq(terms.id, fees.termId))
    .leftJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .leftJoin(recorder, eq(recorder.id, payments.initiatedBy))
    .leftJoin(reviewer, eq(reviewer.id, payments.reviewedBy))
    .where(and(eq(payments.id, paymentId), readableBy(reader)));
  return row;
}

export type ReceiptPaymentRow = NonNullable<Awaited<ReturnType<typeof findReceiptPayment>>>;

/**
 * What the student had paid on the fee once this payment was in, less refunds made by then, so a
 * reprint years later shows the same figures as the first print.
 */
export async function paidThrough(
  db: DbOrTx,
  payment: { studentId: string; feeId: string; paidAt: Date },
): Promise<bigint> {
  const [row] = await db
    .select({ paid: sql<string>`coalesce(sum(${signedAmountKobo}), 0)::bigint::text` })
    .from(payments)
    .where(
      and(
        eq(payments.studentId, payment.studentId),
        eq(payments.feeId, payment.feeId),
        eq(payments.status, 'success'),
        lte(payments.paidAt, payment.paidAt),
      ),
    );
  return BigInt(row?.paid ?? '0');
}

/** The successful payments carrying a receipt number (one per school at most), for a public check. */
export function paymentsWithReceiptNo(db: DbOrTx, receiptNo: string) {
  return db
    .select({
      id: payments.id,
      receiptNo: payments.receiptNo,
      amountKobo: payments.amountKobo,
      paidAt: payments.paidAt,
      school: schools.name,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(payments)
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(and(eq(payments.receiptNo, receiptNo), eq(payments.status, 'success'), eq(payments.kind, 'payment')));
}

import type { PaymentVoidStatus } from '@schoolledger/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  familyCreditEntries,
  parentStudents,
  payments,
  paymentVoids,
  schools,
  tillSessions,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type VoidRow = typeof paymentVoids.$inferSelect;
export type NewVoid = typeof paymentVoids.$inferInsert;

export async function insertVoid(tx: DbOrTx, row: NewVoid): Promise<VoidRow> {
  const [created] = await tx.insert(paymentVoids).values(row).returning();
  return created!;
}

/** A void of till `tillId` in the caller's scope, held for its decision. */
export async function lockVoid(
  tx: DbOrTx,
  scope: Scope,
  { tillId, voidId }: { tillId: string; voidId: string },
): Promise<VoidRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentVoids)
    .where(
      and(
        eq(paymentVoids.id, voidId),
        eq(paymentVoids.tillSessionId, tillId),
        inSchoolScope(scope, paymentVoids.schoolId),
      ),
    )
    .for('update');
  return row;
}

export async function updateVoid(tx: DbOrTx, id: string, values: Partial<NewVoid>): Promise<VoidRow> {
  const [row] = await tx.update(paymentVoids).set(values).where(eq(paymentVoids.id, id)).returning();
  return row!;
}

/** The void waiting or approved on a payment, if there is one (a rejected void leaves room for another). */
export async function liveVoidOf(db: DbOrTx, paymentId: string): Promise<VoidRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentVoids)
    .where(and(eq(paymentVoids.paymentId, paymentId), sql`${paymentVoids.status} <> 'rejected'`));
  return row;
}

export async function hasPendingVoid(db: DbOrTx, tillId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentVoids.id })
    .from(paymentVoids)
    .where(and(eq(paymentVoids.tillSessionId, tillId), eq(paymentVoids.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

/** Whether `userId` is a parent of `studentId`: they benefit from the payment, so never decide its void. */
export async function isParentOfStudent(db: DbOrTx, userId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ parentId: parentStudents.parentId })
    .from(parentStudents)
    .where(and(eq(parentStudents.parentId, userId), eq(parentStudents.studentId, studentId)))
    .limit(1);
  return Boolean(row);
}

/** A void as the lists show it: with its payment's receipt, student and amount, and its till's desk. */
export interface VoidView {
  row: VoidRow;
  desk: string;
  receiptNo: string | null;
  amountKobo: bigint;
  studentId: string;
  studentName: string;
}

const student = alias(users, 'void_student');

async function voidViews(db: ReadDb, where: SQL): Promise<VoidView[]> {
  const rows = await db
    .select({
      row: paymentVoids,
      desk: tillSessions.desk,
      receiptNo: payments.receiptNo,
      amountKobo: payments.amountKobo,
      studentId: payments.studentId,
      firstname: student.firstname,
      lastname: student.lastname,
    })
    .from(paymentVoids)
    .innerJoin(payments, eq(payments.id, paymentVoids.paymentId))
    .innerJoin(tillSessions, eq(tillSessions.id, paymentVoids.tillSessionId))
    .innerJoin(student, eq(student.id, payments.studentId))
    .where(where)
    .orderBy(desc(paymentVoids.requestedAt), desc(paymentVoids.id))
    .limit(500);
  return rows.map(({ firstname, lastname, ...rest }) => ({ ...rest, studentName: `${firstname} ${lastname}`.trim() }));
}

/** The voids asked for on a till's payments, newest first. */
export const voidsOfTill = (db: ReadDb, tillId: string) => voidViews(db, eq(paymentVoids.tillSessionId, tillId));

/** The voids of the caller's schools by status (the ones waiting for a decision, for the approvers), newest first. */
export const voidsInScope = (db: ReadDb, scope: Scope, filters: { status?: PaymentVoidStatus; schoolId?: string }) =>
  voidViews(
    db,
    and(
      inSchoolScope(scope, paymentVoids.schoolId),
      filters.status ? eq(paymentVoids.status, filters.status) : undefined,
      filters.schoolId ? eq(paymentVoids.schoolId, filters.schoolId) : undefined,
    )!,
  );

/** The void of one payment as a receipt shows it: approved, when and why. */
export async function approvedVoidOf(
  db: ReadDb,
  paymentId: string,
): Promise<{ reason: string; decidedAt: Date } | undefined> {
  const [row] = await db
    .select({ reason: paymentVoids.reason, decidedAt: paymentVoids.decidedAt })
    .from(paymentVoids)
    .where(and(eq(paymentVoids.paymentId, paymentId), eq(paymentVoids.status, 'approved')));
  return row?.decidedAt ? { reason: row.reason, decidedAt: row.decidedAt } : undefined;
}

/** The cash payments taken into a till, newest first, with whether each was refunded and where its void stands. */
export async function tillCashPayments(db: ReadDb, tillId: string) {
  const rows = await rowsOf<{
    id: string;
    receipt_no: string | null;
    student_id: string;
    student_name: string;
    amount: string;
    at: Date | string;
    recorded_by: string | null;
    refunded: boolean;
    void_status: PaymentVoidStatus | null;
  }>(
    db,
    sql`select p.id, p.receipt_no, p.student_id, trim(s.firstname || ' ' || s.lastname) as student_name,
        p.amount_kobo::text as amount, coalesce(p.paid_at, p.created_at) as at, p.initiated_by as recorded_by,
        exists (select 1 from payments r where r.refund_of = p.id and r.kind = 'refund' and r.status <> 'failed'
          and not exists (select 1 from payment_voids rv where rv.refund_payment_id = r.id)) as refunded,
        (select v.status from payment_voids v where v.payment_id = p.id and v.status <> 'rejected') as void_status
      from payments p join users s on s.id = p.student_id
      where p.till_session_id = ${tillId} and p.kind = 'payment' and p.status = 'success'
      order by coalesce(p.paid_at, p.created_at) desc, p.id desc
      limit 1000`,
  );
  return rows.map((row) => ({
    paymentId: row.id,
    receiptNo: row.receipt_no,
    studentId: row.student_id,
    studentName: row.student_name,
    amountKobo: BigInt(row.amount),
    at: new Date(row.at),
    recordedBy: row.recorded_by,
    refunded: row.refunded,
    voidStatus: row.void_status,
  }));
}

/** Whether part of a payment went to the family's credit as an overpayment (a void gives back the whole payment). */
export async function keptAsCredit(db: DbOrTx, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: familyCreditEntries.id })
    .from(familyCreditEntries)
    .where(and(eq(familyCreditEntries.paymentId, paymentId), eq(familyCreditEntries.kind, 'overpayment')))
    .limit(1);
  return Boolean(row);
}

/**
 * Who may decide a void at a school, but its requester: the active people holding a role the school
 * lets confirm a till, proprietors across the school's group, the others at the school itself.
 */
export async function voidApprovers(
  db: DbOrTx,
  { schoolId, roles, except }: { schoolId: string; roles: readonly string[]; except: string },
): Promise<string[]> {
  const proprietors = roles.includes('Proprietor');
  const atSchool = roles.filter((role) => role !== 'Proprietor').map((role) => sql`${role}`);
  const wanted = atSchool.length ? sql.join(atSchool, sql`, `) : sql`''`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select u.id from ${users} u
      left join ${schools} sc on sc.id = u.school_id
      where u.deleted_at is null and u.status = 'active' and u.id <> ${except}
        and ((${proprietors} and 'Proprietor' = any(u.roles)
            and sc.group_school_id = (select s.group_school_id from ${schools} s where s.id = ${schoolId}))
          or (u.school_id = ${schoolId} and u.roles && array[${wanted}]::text[]))
      order by u.id`,
  );
  return rows.map((row) => row.id);
}

import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { feeAdjustments, fees, lateFeePolicies, schools, terms, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { owedOnFee } from '../fees/fee-ledger.queries.js';
import { effectiveDueDate, feeAppliesTo, payable } from '../fees/fees.queries.js';

/** The policies of the caller's schools, or of one of them. */
export const policiesInScope = (scope: Scope, schoolId?: string): SQL =>
  and(inSchoolScope(scope, lateFeePolicies.schoolId), schoolId ? eq(lateFeePolicies.schoolId, schoolId) : undefined)!;

const columns = {
  policy: lateFeePolicies,
  school: { id: schools.id, name: schools.name },
  fee: { id: fees.id, name: fees.name },
};

export async function listPolicies(db: DbOrTx, where: SQL) {
  return db
    .select(columns)
    .from(lateFeePolicies)
    .innerJoin(schools, eq(schools.id, lateFeePolicies.schoolId))
    .leftJoin(fees, eq(fees.id, lateFeePolicies.feeId))
    .where(where)
    .orderBy(asc(schools.name), sql`${lateFeePolicies.feeId} is not null`, asc(fees.name), asc(lateFeePolicies.id));
}

export type PolicyRow = Awaited<ReturnType<typeof listPolicies>>[number];

export async function findPolicy(db: DbOrTx, where: SQL, id: string) {
  const [row] = await listPolicies(db, and(where, eq(lateFeePolicies.id, id))!);
  return row;
}

/** The policy of a school and fee (null fee: the school's default), locked while it is replaced. */
export async function lockPolicyOf(tx: Tx, schoolId: string, feeId: string | null) {
  const [row] = await tx
    .select()
    .from(lateFeePolicies)
    .where(
      and(
        eq(lateFeePolicies.schoolId, schoolId),
        feeId ? eq(lateFeePolicies.feeId, feeId) : isNull(lateFeePolicies.feeId),
      ),
    )
    .for('update');
  return row;
}

export type PolicyValues = typeof lateFeePolicies.$inferInsert;

/** One policy per school default and per fee: the partial unique indexes settle two saves at once. */
export async function upsertPolicy(tx: Tx, values: PolicyValues) {
  const { schoolId: _school, feeId: _fee, ...changes } = values;
  const [row] = await tx
    .insert(lateFeePolicies)
    .values(values)
    .onConflictDoUpdate(
      values.feeId
        ? { target: lateFeePolicies.feeId, targetWhere: sql`fee_id is not null`, set: changes }
        : { target: lateFeePolicies.schoolId, targetWhere: sql`fee_id is null`, set: changes },
    )
    .returning();
  return row!;
}

export async function lockPolicy(tx: Tx, where: SQL, id: string) {
  const [row] = await tx
    .select()
    .from(lateFeePolicies)
    .where(and(where, eq(lateFeePolicies.id, id)))
    .for('update');
  return row;
}

export async function chargesOfPolicy(db: DbOrTx, id: string) {
  const [row] = await db.select({ n: count() }).from(feeAdjustments).where(eq(feeAdjustments.lateFeePolicyId, id));
  return row?.n ?? 0;
}

export async function deletePolicy(tx: Tx, id: string) {
  await tx.delete(lateFeePolicies).where(eq(lateFeePolicies.id, id));
}

/** A fee of the school, live, for a policy of its own. */
export async function findFeeOfSchool(db: DbOrTx, schoolId: string, feeId: string) {
  const [row] = await db
    .select({ id: fees.id })
    .from(fees)
    .where(and(eq(fees.id, feeId), eq(fees.schoolId, schoolId), isNull(fees.deletedAt)));
  return row;
}

export interface LateFeeCandidate {
  fee_id: string;
  school_id: string;
  fee_name: string;
  fee_amount: string;
  due_date: string;
  policy_id: string;
  basis: 'fixed' | 'percent';
  amount_kobo: string | null;
  percent_bp: number | null;
  grace_days: number;
  repeat: 'once' | 'monthly';
  cap_kobo: string | null;
  student_id: string;
}

/**
 * Every payable fee and active student it applies to who still owes on it, with the policy that
 * governs it (its own active policy, else its school's active default) once the grace period
 * after its due date has run out by `today` (a Lagos calendar day).
 */
export async function lateFeeCandidates(db: DbOrTx, today: string) {
  return rowsOf<LateFeeCandidate>(
    db,
    sql`select "fees"."id" as fee_id, "fees"."school_id" as school_id, "fees"."name" as fee_name,
        "fees"."amount_kobo"::text as fee_amount, due.day::text as due_date,
        p.id as policy_id, p.basis, p.amount_kobo::text as amount_kobo, p.percent_bp, p.grace_days, p.repeat,
        p.cap_kobo::text as cap_kobo, s.id as student_id
      from ${fees}
      join ${terms} t on t.id = "fees"."term_id"
      cross join lateral (select ${effectiveDueDate(sql`t.end_date`)} as day) due
      cross join lateral (
        select * from ${lateFeePolicies} lp
        where lp.is_active and lp.school_id = "fees"."school_id" and (lp.fee_id = "fees"."id" or lp.fee_id is null)
        order by lp.fee_id nulls last limit 1) p
      join ${users} s on 'Student' = any(s.roles) and s.deleted_at is null and s.status = 'active' and ${feeAppliesTo('s')}
      where ${payable} and due.day + p.grace_days <= ${today}::date and ${owedOnFee(sql`s.id`)} > 0
      order by "fees"."id", s.id`,
  );
}

/** The late-fee charges already made on a fee and student, whatever became of them. */
export async function lateFeeCharges(tx: DbOrTx, feeId: string, studentId: string) {
  return tx
    .select({ period: feeAdjustments.period, status: feeAdjustments.status, amountKobo: feeAdjustments.amountKobo })
    .from(feeAdjustments)
    .where(
      and(
        eq(feeAdjustments.feeId, feeId),
        eq(feeAdjustments.studentId, studentId),
        eq(feeAdjustments.kind, 'late_fee'),
      ),
    );
}

/** The policy still there and active, held so it cannot be deleted while a charge names it. */
export async function holdPolicy(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: lateFeePolicies.id })
    .from(lateFeePolicies)
    .where(and(eq(lateFeePolicies.id, id), eq(lateFeePolicies.isActive, true)))
    .for('key share');
  return row;
}

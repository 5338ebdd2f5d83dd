import { ADJUSTMENT_KIND_LABELS, type AdjustmentLine, type FeeLedger, owed, raisesFee } from '@schoolledger/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { adjustmentRules, feeAdjustments, feeStudentPaid } from '../../db/schema.js';

/**
 * The domain's owed() in SQL: the database's `fee_owed` (migration 0014), which the term positions
 * use too. Every argument but the amount may be null (nothing adjusted or paid).
 */
export const owedSql = (ledger: { amount: SQL; reductions: SQL; lateFees: SQL; paid: SQL }) =>
  sql`fee_owed(${ledger.amount}, ${ledger.reductions}, ${ledger.lateFees}, ${ledger.paid})`;

/**
 * A lateral subquery giving `reductions_kobo` and `late_fees_kobo` of one fee and student from the
 * approved adjustments, read by key (fee_adjustments_fee_student_idx).
 */
export const adjustmentTotalsOf = (feeId: SQL, studentId: SQL) =>
  sql`(select coalesce(sum(fa.amount_kobo) filter (where fa.kind <> 'late_fee'), 0)::bigint as reductions_kobo,
      coalesce(sum(fa.amount_kobo) filter (where fa.kind = 'late_fee'), 0)::bigint as late_fees_kobo
    from ${feeAdjustments} fa
    where fa.fee_id = ${feeId} and fa.student_id = ${studentId} and fa.status = 'approved')`;

/**
 * Successful payments less successful refunds of one fee and student (a scalar bigint subquery,
 * null when none), as the crediting transaction keeps them in `fee_student_paid` (migration
 * 0009's triggers, which the term positions read too): one row by key, not every payment.
 */
export const paidOf = (feeId: SQL, studentId: SQL) =>
  sql`(select ${feeStudentPaid.paidKobo} from ${feeStudentPaid}
    where ${feeStudentPaid.feeId} = ${feeId} and ${feeStudentPaid.studentId} = ${studentId})`;

/** What one student still owes on the fee row `fees` (SQL), adjustments and payments included. */
export const owedOnFee = (studentId: SQL) =>
  owedSql({
    amount: sql`"fees"."amount_kobo"`,
    reductions: sql`(select reductions_kobo from ${adjustmentTotalsOf(sql`"fees"."id"`, studentId)} t)`,
    lateFees: sql`(select late_fees_kobo from ${adjustmentTotalsOf(sql`"fees"."id"`, studentId)} t)`,
    paid: paidOf(sql`"fees"."id"`, studentId),
  });

export type LedgerParts = Omit<FeeLedger, 'amount'>;
const NOTHING: LedgerParts = { reductions: 0n, lateFees: 0n, paid: 0n };

/** Per fee of one student: approved reductions, approved late fees and money paid (net of refunds), in kobo. */
export async function ledgersOf(db: DbOrTx, studentId: string, feeIds: string[]): Promise<Map<string, LedgerParts>> {
  if (!feeIds.length) return new Map();
  const rows = await rowsOf<{ fee_id: string; reductions: string; late_fees: string; paid: string }>(
    db,
    sql`select f.id as fee_id,
        coalesce(a.reductions_kobo, 0)::bigint::text as reductions,
        coalesce(a.late_fees_kobo, 0)::bigint::text as late_fees,
        coalesce(${paidOf(sql`f.id`, sql`${studentId}::uuid`)}, 0)::bigint::text as paid
      from unnest(${`{${feeIds.join(',')}}`}::uuid[]) as f(id)
      cross join lateral ${adjustmentTotalsOf(sql`f.id`, sql`${studentId}::uuid`)} a`,
  );
  return new Map(
    rows.map((row) => [
      row.fee_id,
      { reductions: BigInt(row.reductions), lateFees: BigInt(row.late_fees), paid: BigInt(row.paid) },
    ]),
  );
}

/** What one student owes on one fee now: the domain's owed() over the fee's ledger. */
export async function owedOn(db: DbOrTx, studentId: string, fee: { id: string; amountKobo: bigint }) {
  const parts = (await ledgersOf(db, studentId, [fee.id])).get(fee.id) ?? NOTHING;
  return owed({ amount: fee.amountKobo, ...parts });
}

/**
 * The approved and pending adjustments of one student's fees, oldest first, as fee cards,
 * statements and receipts list them: reductions negative, late fees positive.
 */
export async function adjustmentLinesOf(db: DbOrTx, studentId: string, feeIds: string[]) {
  const lines = new Map<string, AdjustmentLine[]>();
  if (!feeIds.length) return lines;
  const rows = await db
    .select({
      id: feeAdjustments.id,
      feeId: feeAdjustments.feeId,
      kind: feeAdjustments.kind,
      amountKobo: feeAdjustments.amountKobo,
      status: feeAdjustments.status,
      reason: feeAdjustments.reason,
      rule: adjustmentRules.name,
    })
    .from(feeAdjustments)
    .leftJoin(adjustmentRules, eq(adjustmentRules.id, feeAdjustments.ruleId))
    .where(
      and(
        eq(feeAdjustments.studentId, studentId),
        inArray(feeAdjustments.feeId, feeIds),
        inArray(feeAdjustments.status, ['approved', 'pending']),
      ),
    )
    .orderBy(asc(feeAdjustments.createdAt), asc(feeAdjustments.id));
  for (const row of rows) {
    const amount = row.amountKobo ?? 0n;
    const line: AdjustmentLine = {
      _id: row.id,
      kind: row.kind,
      label: adjustmentLabel(row.kind, row.rule),
      amount: raisesFee(row.kind) ? amount : -amount,
      status: row.status,
    };
    lines.set(row.feeId, [...(lines.get(row.feeId) ?? []), line]);
  }
  return lines;
}

/** "Sibling discount 2nd child" when a rule made it, else the kind: "Scholarship". */
export const adjustmentLabel = (kind: keyof typeof ADJUSTMENT_KIND_LABELS, rule: string | null) =>
  rule ?? ADJUSTMENT_KIND_LABELS[kind];

/**
 * The adjustments that counted on a fee at a moment (approved by then, not yet reversed), oldest
 * first: a receipt reprinted later shows the lines and balance of the day it was paid.
 */
export async function adjustmentsAt(db: DbOrTx, studentId: string, feeId: string, at: Date) {
  const rows = await db
    .select({ kind: feeAdjustments.kind, amountKobo: feeAdjustments.amountKobo, rule: adjustmentRules.name })
    .from(feeAdjustments)
    .leftJoin(adjustmentRules, eq(adjustmentRules.id, feeAdjustments.ruleId))
    .where(
      and(
        eq(feeAdjustments.studentId, studentId),
        eq(feeAdjustments.feeId, feeId),
        sql`${feeAdjustments.decidedAt} <= ${at}`,
        sql`(${feeAdjustments.status} = 'approved' or (${feeAdjustments.status} = 'reversed' and ${feeAdjustments.reversedAt} > ${at}))`,
      ),
    )
    .orderBy(asc(feeAdjustments.decidedAt), asc(feeAdjustments.id));
  return rows.map((row) => ({
    kind: row.kind,
    label: adjustmentLabel(row.kind, row.rule),
    amount: row.amountKobo ?? 0n,
  }));
}

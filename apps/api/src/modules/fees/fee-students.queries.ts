import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { fees, users } from '../../db/schema.js';
import { owedOnFee } from './fee-ledger.queries.js';
import { feeAppliesTo, payable } from './fees.queries.js';

/** The students (not deleted) a fee applies to: its whole school, its class arms or the students chosen. */
export async function studentsOfFee(db: DbOrTx, feeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(fees, eq(fees.id, feeId))
    .where(and(arrayContains(users.roles, ['Student']), isNull(users.deletedAt), feeAppliesTo('"users"')));
  return rows.map((row) => row.id);
}

export interface FeeOwing {
  students: number;
  /** Kobo. */
  amount: bigint;
}

/**
 * Of each payable fee among `feeIds`, how many of its students still owe on it and how much in all:
 * each active student it applies to, asked owedOnFee (the database's fee_owed, so adjustments and
 * refunds count as everywhere else), as the reminders pick whom to remind. A fee no one is asked to
 * pay yet (pending, rejected, inactive) has no entry.
 */
export async function owingOnFees(db: DbOrTx, feeIds: string[]): Promise<Map<string, FeeOwing>> {
  if (!feeIds.length) return new Map();
  const rows = await rowsOf<{ fee_id: string; students: number; amount: string }>(
    db,
    sql`select ${fees.id} as fee_id,
        count(s.id) filter (where o.owed > 0)::int as students,
        coalesce(sum(o.owed), 0)::bigint::text as amount
      from ${fees}
      left join ${users} s on 'Student' = any(s.roles) and s.deleted_at is null and s.status = 'active'
        and ${feeAppliesTo('s')}
      left join lateral (select ${owedOnFee(sql`s.id`)} as owed) o on s.id is not null
      where ${fees.id} = any(${`{${feeIds.join(',')}}`}::uuid[]) and ${payable}
      group by ${fees.id}`,
  );
  return new Map(rows.map((row) => [row.fee_id, { students: row.students, amount: BigInt(row.amount) }]));
}

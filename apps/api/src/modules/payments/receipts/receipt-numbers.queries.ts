import { todayIn } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { schoolReceiptCounters } from '../../../db/schema.js';

/** `RCP-2026-000123`: the year the payment was made (Lagos time) and the school's running number. */
export function formatReceiptNo(paidAt: Date, n: number): string {
  return `RCP-${todayIn('Africa/Lagos', paidAt).slice(0, 4)}-${String(n).padStart(6, '0')}`;
}

/**
 * The school's next receipt number. Call only inside the transaction that credits the payment:
 * the counter row stays locked until it commits, so concurrent credits take turns, and a rollback
 * gives the number back (no gaps, no duplicates).
 */
export async function nextReceiptNo(tx: DbOrTx, schoolId: string, paidAt: Date): Promise<string> {
  const [row] = await tx
    .insert(schoolReceiptCounters)
    .values({ schoolId, lastNo: 1 })
    .onConflictDoUpdate({
      target: schoolReceiptCounters.schoolId,
      set: { lastNo: sql`${schoolReceiptCounters.lastNo} + 1`, updatedAt: new Date() },
    })
    .returning({ lastNo: schoolReceiptCounters.lastNo });
  return formatReceiptNo(paidAt, row!.lastNo);
}

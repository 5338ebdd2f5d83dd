import { todayIn } from '@schoolledger/domain';
import { type SQL, sql } from 'drizzle-orm';

/** The year a receipt number names: the year the payment was made, Lagos time. */
const receiptYear = (paidAt: Date) => todayIn('Africa/Lagos', paidAt).slice(0, 4);

/**
 * `RCP-2026-000123`, the school's `n`th receipt (migration 0020's `format_receipt_no`, the one
 * place the format is written), as a value for an insert.
 */
export const receiptNoValue = (paidAt: Date, n: number): SQL<string> =>
  sql<string>`format_receipt_no(${receiptYear(paidAt)}, ${n}::bigint)`;

/**
 * The school's next receipt number, as the value of the `receipt_no` column in the statement that
 * credits the payment (migration 0020's `next_receipt_no`). Use it only in that statement, inside
 * the transaction: the counter row stays locked until it commits, so concurrent credits take
 * turns, and a rollback gives the number back (no gaps, no duplicates).
 */
export const nextReceiptNo = (schoolId: string, paidAt: Date): SQL<string> =>
  sql<string>`next_receipt_no(${schoolId}::uuid, ${receiptYear(paidAt)})`;

import { todayIn } from '@schoolledger/domain';
import { type SQL, sql } from 'drizzle-orm';

/** The year a receipt number names: the year the payment was made, Lagos time. */
export const receiptYear = (paidAt: Date) => todayIn('Africa/Lagos', paidAt).slice(0, 4);

/**
 * `CVC-2026-000123`, the `n`th receipt of the school whose receipt code is `code` (migration
 * 0024's `format_receipt_no`, the one place the format is written), as a value for an insert.
 */
export const receiptNoValue = (code: string, paidAt: Date, n: number): SQL<string> =>
  sql<string>`format_receipt_no(${code}, ${receiptYear(paidAt)}, ${n}::bigint)`;

/**
 * The school's next receipt number, as the value of the `receipt_no` column in the statement that
 * credits the payment (migration 0024's `next_receipt_no`, numbered with the school's code). Use it
 * only in that statement, inside the transaction (`recordPayment`): the counter row stays locked
 * until it commits (lock-order.ts, step 3), and a rollback gives the number back (no gaps, no
 * duplicates).
 */
export const nextReceiptNo = (schoolId: string, paidAt: Date): SQL<string> =>
  sql<string>`next_receipt_no(${schoolId}::uuid, ${receiptYear(paidAt)})`;

import type { Tx } from '../../db/client.js';
import { lockFees } from '../fees/fees.queries.js';
import { lockFeeForStudent, shareFeeAmount, takeStudentTurn } from './fee-locks.queries.js';

/*
 * The order in which recording money takes its locks, written once. Every path that pays,
 * settles, confirms or spends takes them in this order, so two transactions never wait on each
 * other in a circle (a deadlock PostgreSQL would break by failing one of them).
 *
 * 1. The fees, by id. For each fee, the students' turns on it, by student id, then the fee row
 *    shared (`holdFeeForStudent`, `holdFeesForStudents`, and migration 0027's `take_at_once`,
 *    which takes them in this order for money taken at once): what a student owes on the fee cannot
 *    move between the check and the credit, two payers of one student's fee take turns, and
 *    payers of other students of the same fee do not queue. Fee edits, approvals, adjustments and
 *    the paths that pay several of a family's fees at once take the fee row exclusively instead
 *    (`holdFees`, fees' `lockFee`, migration 0028's `take_lines_at_once`), also by id; they wait
 *    for the payers and the payers for them.
 * 2. The row being settled: the payment, or a family checkout before its lines.
 * 3. What a credit writes, held from the credit to the commit: the school's receipt counter first
 *    (taken inside the crediting statement), then the day's payment summaries and the journal's
 *    day totals of the accounts the entry moves, in account order (both written by the payments
 *    triggers), and the audit chain's head. So a school's credits take turns from the
 *    counter to the commit; as every credit takes the counter first, none holds one of the others
 *    while waiting for it; and everything a credit reads (who hears of it, in what wording) is read
 *    before the counter (`recordPayment`, `takeAtOnce`), so only writes remain while it is held;
 *    money taken at once holds it for no round trip at all (`take_at_once` writes to the end).
 *
 * A close of a school's books waits for the entries being written and holds off new ones for its
 * few milliseconds; it gives up and tries again rather than wait on a transaction that waits on it
 * (books/period-close.service.ts), so money being recorded is never the one refused.
 */

/** Step 1 for one student's payment of one fee: the fee row, or `undefined` when there is none (or it was deleted). */
export const holdFeeForStudent = ({ tx, feeId, studentId }: { tx: Tx; feeId: string; studentId: string }) =>
  lockFeeForStudent(tx, feeId, studentId);

/**
 * Step 1 for payments started earlier and settled now (an online settle, a family checkout's
 * lines): each fee's amount, whatever became of the fee since, `undefined` when there is no such
 * fee.
 */
export async function holdFeesForStudents({
  tx,
  lines,
}: {
  tx: Tx;
  lines: readonly { feeId: string; studentId: string }[];
}): Promise<Map<string, bigint | undefined>> {
  const studentsOfFee = new Map<string, Set<string>>();
  for (const line of lines)
    studentsOfFee.set(line.feeId, (studentsOfFee.get(line.feeId) ?? new Set()).add(line.studentId));
  const amounts = new Map<string, bigint | undefined>();
  for (const feeId of [...studentsOfFee.keys()].sort()) {
    for (const studentId of [...studentsOfFee.get(feeId)!].sort()) await takeStudentTurn(tx, feeId, studentId);
    amounts.set(feeId, await shareFeeAmount(tx, feeId));
  }
  return amounts;
}

/**
 * Step 1 for a submission that pays several fees at once (the family desk): each fee row
 * exclusively, by id, in one statement; `undefined` for a fee there is not. Keyed by the ids as
 * the database spells them.
 */
export async function holdFees({ tx, feeIds }: { tx: Tx; feeIds: readonly string[] }) {
  const rows = await lockFees(tx, [...new Set(feeIds)]);
  const held = new Map<string, Awaited<ReturnType<typeof lockFees>>[number] | undefined>(
    feeIds.map((feeId) => [feeId, undefined]),
  );
  for (const row of rows) held.set(row.id, row);
  return held;
}

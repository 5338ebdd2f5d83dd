import type { OwedFee, OwedFees } from '@schoolledger/domain';
import type { ChosenStudent } from '../components/student-search';
import type { QueuedPayment } from './desk-store';

/** What the fee form needs of a student's fees, whether read from the server or from the device. */
export interface DeskFees {
  student: { _id: string; name: string; school: { name: string } };
  fees: OwedFee[];
}

type CopiedStudent = OwedFees['students'][number];

export const chosenFromCopy = (copy: OwedFees, student: CopiedStudent): ChosenStudent => ({
  _id: student._id,
  name: student.name,
  regNo: student.regNo ?? '',
  classArm: student.classArm,
  school: copy.school.name,
  schoolId: copy.school._id,
});

/** The students of the device's copy whose name or registration number holds every word typed. */
export function searchCopy(copy: OwedFees, text: string, limit: number): CopiedStudent[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return copy.students
    .filter((student) => {
      const haystack = `${student.name} ${student.regNo ?? ''}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, limit);
}

/**
 * A student's fees from the device's copy, less the cash taken offline that the copy does not
 * show yet (waiting, or sent after the copy was read), so the desk cannot take the same naira twice.
 */
export function feesFromCopy(copy: OwedFees, studentId: string, queued: readonly QueuedPayment[]): DeskFees | null {
  const student = copy.students.find((each) => each._id === studentId);
  if (!student) return null;
  const takenOffline = new Map<string, bigint>();
  for (const payment of queued) {
    const notInCopy =
      payment.status === 'waiting' || (payment.status === 'synced' && (payment.settledAt ?? '') > copy.asOf);
    if (!notInCopy || payment.input.user_id !== studentId) continue;
    takenOffline.set(payment.input.fee_id, (takenOffline.get(payment.input.fee_id) ?? 0n) + payment.input.amount);
  }
  const fees = student.fees.flatMap((item) => {
    const taken = takenOffline.get(item.fee._id) ?? 0n;
    const outstanding = item.outstanding - taken;
    return outstanding > 0n ? [{ ...item, amountPaid: item.amountPaid + taken, outstanding }] : [];
  });
  return { student: { _id: student._id, name: student.name, school: { name: copy.school.name } }, fees };
}

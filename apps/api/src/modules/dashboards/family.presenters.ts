import type {
  FamilyAcademic,
  FamilyPayment,
  FamilyStudent,
  Payment,
  StudentAcademic,
  StudentFees,
} from '@schoolledger/domain';

/** A payment as the student and parent dashboards list it (SPEC §5 recentPayments). */
export function toFamilyPayment(payment: Payment): FamilyPayment {
  return {
    _id: payment._id,
    kind: payment.kind,
    amount: payment.amount,
    fee: { _id: payment.fee._id, name: payment.fee.name, amount: payment.fee.amount },
    status: payment.status,
    mode: payment.mode_of_payment,
    date: payment.trans_date,
    reference: payment.trx_ref,
    receiptNo: payment.receiptNo,
    childId: payment.user._id,
    childName: [payment.user.firstname, payment.user.lastname].filter(Boolean).join(' '),
    awaiting: payment.awaiting,
    continueUrl: payment.continueUrl,
  };
}

export function toFamilyStudent(student: StudentFees['student']): FamilyStudent {
  return {
    _id: student._id,
    name: student.name,
    regNo: student.regNo,
    classArm: student.classArm?.name ?? null,
    school: student.school,
  };
}

/** The school's recorded figures; nulls where nothing is recorded. Assignments are never recorded. */
export function toFamilyAcademic(academic: StudentAcademic | undefined): FamilyAcademic {
  return {
    termName: academic?.termName ?? null,
    currentAverage: academic?.average ?? null,
    position: academic?.position ?? null,
    classSize: academic?.classSize ?? null,
    attendanceRate: academic?.attendance?.rate ?? null,
    completedAssignments: null,
    totalAssignments: null,
  };
}

/** Mean to one decimal of the figures that are recorded; null when none is. */
export function meanOf(values: (number | null)[]): number | null {
  const recorded = values.filter((value): value is number => value !== null);
  if (recorded.length === 0) return null;
  return Math.round((recorded.reduce((sum, value) => sum + value, 0) / recorded.length) * 10) / 10;
}

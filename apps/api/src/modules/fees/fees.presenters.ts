import {
  displayName,
  effectiveDueDate,
  type Fee,
  type FeeHistoryEntry,
  installmentAmount,
  type NameParts,
  todayIn,
} from '@schoolledger/domain';
import type { FeeOwing } from './fee-students.queries.js';
import type { FeeEventRow, FeeRow, FeeTargets } from './fees.queries.js';

const personRef = (person: (NameParts & { id: string | null }) | null) =>
  person?.id ? { _id: person.id, name: displayName(person) } : null;

/** SPEC §9: the due date, else term end minus 30 days, else creation (a Lagos calendar day) plus 60. */
export function dueDateOf(row: FeeRow): string {
  return effectiveDueDate({
    dueDate: row.fee.dueDate,
    termEndDate: row.term.endDate,
    createdAt: todayIn('Africa/Lagos', row.fee.createdAt),
  });
}

/** Students and parents are not shown who else a fee was chosen for. */
export function targetsFor(targets: FeeTargets, staff: boolean): FeeTargets {
  return staff ? targets : { arms: targets.arms, students: new Map() };
}

/** `owing`: what the fee's students still owe, for staff (owingOnFees); null for anyone else. */
export function toFee(row: FeeRow, targets: FeeTargets, owing: FeeOwing | null = null): Fee {
  const { fee } = row;
  return {
    _id: fee.id,
    name: fee.name,
    description: fee.description,
    decription: fee.description,
    type: fee.type,
    amount: fee.amountKobo,
    installmentAmount: installmentAmount(fee.amountKobo, fee.installments),
    school: { _id: row.school.id, name: row.school.name },
    term: {
      _id: row.term.id,
      name: row.term.name,
      startDate: row.term.startDate,
      endDate: row.term.endDate,
      session: { _id: row.session.id, name: row.session.name },
    },
    isActive: fee.isActive,
    isInstallmentAllowed: fee.isInstallmentAllowed,
    no_ofInstallments: fee.installments,
    isApproved: fee.status === 'approved',
    status: fee.status,
    rejectionReason: fee.rejectionReason,
    dueDate: fee.dueDate,
    effectiveDueDate: dueDateOf(row),
    appliesTo: fee.appliesTo,
    classArms: targets.arms.get(fee.id) ?? [],
    students: (targets.students.get(fee.id) ?? []).map((student) => ({
      _id: student._id,
      name: displayName(student),
      regNo: student.regNo,
    })),
    createdBy: personRef(row.createdBy),
    updatedBy: personRef(row.updatedBy),
    approvedBy: personRef(row.approvedBy),
    approvedAt: fee.approvedAt?.toISOString() ?? null,
    createdAt: fee.createdAt.toISOString(),
    updatedAt: fee.updatedAt.toISOString(),
    owing,
  };
}

export function toFeeHistoryEntry({ event, actor }: FeeEventRow): FeeHistoryEntry {
  return {
    _id: event.id,
    action: event.action,
    actor: personRef(actor),
    reason: event.reason,
    changes: event.changes as FeeHistoryEntry['changes'],
    at: event.createdAt.toISOString(),
  };
}

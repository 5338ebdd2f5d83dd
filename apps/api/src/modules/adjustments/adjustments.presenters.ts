import { type Adjustment, displayName } from '@schoolledger/domain';
import type { AdjustmentRow } from './adjustments.queries.js';

type Person = { id: string | null; firstname: string | null; middlename: string | null; lastname: string | null };

/** A left-joined person: null when there is none. */
const personOf = (person: Person | null) => (person?.id ? { _id: person.id, name: displayName(person) } : null);

export function toAdjustment(row: AdjustmentRow): Adjustment {
  const { adjustment } = row;
  return {
    _id: adjustment.id,
    kind: adjustment.kind,
    basis: adjustment.basis,
    amount: adjustment.amountKobo,
    percent: adjustment.percentBp,
    reason: adjustment.reason,
    hasDocument: adjustment.documentPath !== null,
    status: adjustment.status,
    student: { _id: row.student.id, name: displayName(row.student), regNo: row.student.regNo },
    fee: { _id: row.fee.id, name: row.fee.name },
    school: { _id: row.school.id, name: row.school.name },
    rule: row.rule?.id ? { _id: row.rule.id, name: row.rule.name } : null,
    createdBy: personOf(row.createdBy),
    createdAt: adjustment.createdAt.toISOString(),
    decidedBy: personOf(row.decidedBy),
    decidedAt: adjustment.decidedAt?.toISOString() ?? null,
    rejectionReason: adjustment.rejectionReason,
    reversedBy: personOf(row.reversedBy),
    reversedAt: adjustment.reversedAt?.toISOString() ?? null,
    reversalReason: adjustment.reversalReason,
  };
}

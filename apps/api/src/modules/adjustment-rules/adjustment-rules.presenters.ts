import { type AdjustmentRule, displayName } from '@schoolledger/domain';
import type { RuleRow } from './adjustment-rules.queries.js';

type Person = { id: string | null; firstname: string | null; middlename: string | null; lastname: string | null };
type Student = { id: string; firstname: string; middlename: string | null; lastname: string };

const personOf = (person: Person | null) => (person?.id ? { _id: person.id, name: displayName(person) } : null);

export function toAdjustmentRule(row: RuleRow, students: Student[]): AdjustmentRule {
  const { rule } = row;
  return {
    _id: rule.id,
    kind: rule.kind,
    name: rule.name,
    school: row.school?.id ? { _id: row.school.id, name: row.school.name } : null,
    feeTypes: rule.feeTypes,
    secondPercent: rule.secondPercentBp,
    laterPercent: rule.laterPercentBp,
    basis: rule.basis,
    amount: rule.amountKobo,
    percent: rule.percentBp,
    students: students.map((student) => ({ _id: student.id, name: displayName(student) })),
    isActive: rule.isActive,
    status: rule.status,
    rejectionReason: rule.rejectionReason,
    createdBy: personOf(row.createdBy),
    decidedBy: personOf(row.decidedBy),
    applied: row.applied,
  };
}

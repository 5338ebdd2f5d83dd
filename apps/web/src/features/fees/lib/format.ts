import {
  capitalize,
  dueLabel,
  type Fee,
  type FeeHistoryEntry,
  feeDueStatus,
  formatCalendarDate,
  formatKobo,
  formatNaira,
  plural,
} from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';
import { formatDate } from '@/lib/dates';

export const STATUS_LABEL: Record<Fee['status'], string> = {
  approved: 'Approved',
  pending: 'Pending Approval',
  rejected: 'Rejected',
};

export const STATUS_VARIANT: Record<Fee['status'], BadgeVariant> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
};

/** 'Whole school', the class arms by name, or how many students were chosen. */
export function targetSummary(fee: Pick<Fee, 'appliesTo' | 'classArms' | 'students'>): string {
  if (fee.appliesTo === 'classArms') return fee.classArms.map((arm) => arm.name).join(', ');
  if (fee.appliesTo === 'students') return plural(fee.students.length, 'student');
  return 'Whole school';
}

export function installmentSummary(fee: Pick<Fee, 'isInstallmentAllowed' | 'no_ofInstallments' | 'installmentAmount'>) {
  if (!fee.isInstallmentAllowed || fee.no_ofInstallments <= 1) return 'Full payment only';
  return `${plural(fee.no_ofInstallments, 'installment')} of ${formatKobo(fee.installmentAmount)}`;
}

/**
 * 'Due 12 Jan 2027' when further than a week away, else 'Due in 3 days' or 'Due today'; once past,
 * 'Was due 12 Jan 2026'. A date going by is not an alarm: being overdue is a student's balance,
 * which the fee card tells beside who still owes (owingText).
 */
export function dueText(dueDate: string, today: string): string {
  const status = feeDueStatus(dueDate, today);
  if (status === 'OVERDUE') return `Was due ${formatCalendarDate(dueDate)}`;
  const label = dueLabel(dueDate, today);
  return status === 'PENDING' ? `Due ${label}` : label;
}

/** '3 students owe ₦45,000.00', '1 student owes ₦500.00', or 'Everyone has paid'. */
export function owingText(owing: NonNullable<Fee['owing']>): string {
  if (owing.students === 0) return 'Everyone has paid';
  return `${plural(owing.students, 'student')} ${owing.students === 1 ? 'owes' : 'owe'} ${formatKobo(owing.amount)}`;
}

export const EVENT_LABEL: Record<FeeHistoryEntry['action'], string> = {
  created: 'Created',
  edited: 'Edited',
  approved: 'Approved',
  rejected: 'Rejected',
  sent_back: 'Sent back for approval',
};

const FIELD_LABEL: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  type: 'Fee type',
  amount: 'Amount',
  term: 'Term',
  term_id: 'Term',
  school: 'School',
  school_id: 'School',
  isActive: 'Active',
  isInstallmentAllowed: 'Installments allowed',
  no_ofInstallments: 'Number of installments',
  dueDate: 'Due date',
  appliesTo: 'Applies to',
  classArms: 'Class arms',
  classArm_ids: 'Class arms',
  students: 'Students',
  student_ids: 'Students',
};

export const fieldLabel = (field: string) => FIELD_LABEL[field] ?? field;

const TARGET_LABEL: Record<string, string> = {
  school: 'Whole school',
  classArms: 'Class arms',
  students: 'Chosen students',
};

/**
 * A changed value as a person reads it. The history carries raw values, so terms and class arms
 * come as ids; `names` turns the ones the screen knows back into names.
 */
export function formatChangeValue(field: string, value: unknown, names: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'student_ids' && Array.isArray(value)) return plural(value.length, 'student');
  if (field === 'amount' && typeof value === 'number') return formatNaira(value);
  if (field === 'dueDate' && typeof value === 'string') return formatDate(value);
  if (field === 'appliesTo' && typeof value === 'string') return TARGET_LABEL[value] ?? value;
  if (field === 'type' && typeof value === 'string') return capitalize(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatChangeValue('', item, names)).join(', ') : 'None';
  if (typeof value === 'string') return names.get(value) ?? value;
  return String(value);
}

import { capitalize, effectiveDueDate, formatKobo, installmentAmount, LAGOS, todayIn } from '@schoolledger/domain';
import type { AnySection, Column } from '../../../lib/tabular/index.js';
import type { ReportBuilder, ReportTerm } from '../report-definition.js';
import { feesByClassArm, feesForNamedStudents, type ScheduledFee } from './fee-schedule.queries.js';

type FeeCells = {
  fee: string;
  type: string;
  amount: bigint;
  dueDate: string;
  installments: string;
};
type ArmLine = FeeCells & { classArm: string };
type StudentLine = FeeCells & { student: string; regNo: string; classArm: string };

const FEE_COLUMNS: Column<FeeCells>[] = [
  { key: 'fee', header: 'Fee', kind: 'text', width: 20 },
  { key: 'type', header: 'Type', kind: 'text', width: 11 },
  { key: 'amount', header: 'Amount (₦)', kind: 'money', total: true },
  { key: 'dueDate', header: 'Due date', kind: 'day' },
  { key: 'installments', header: 'Installments', kind: 'text', width: 22 },
];

const ARM_COLUMNS: Column<ArmLine>[] = [
  { key: 'classArm', header: 'Class arm', kind: 'text', width: 12 },
  ...FEE_COLUMNS,
];

const STUDENT_COLUMNS: Column<StudentLine>[] = [
  { key: 'student', header: 'Student', kind: 'text', width: 18 },
  { key: 'regNo', header: 'Reg. no.', kind: 'text', width: 12 },
  { key: 'classArm', header: 'Class arm', kind: 'text', width: 10 },
  ...FEE_COLUMNS,
];

const PLAN_NOTE =
  'An installment plan splits a fee into equal parts, rounded up to the kobo; the parts have no dates of their own, the whole fee is due by its due date.';
const DERIVED_DUE_NOTE = 'A fee set without a due date is due 30 days before the term ends.';

/** "3 × ₦50,000.00", or "Pay in full" when the fee is not split. */
function installmentPlan(fee: ScheduledFee): string {
  if (!fee.installmentAllowed || fee.installments <= 1) return 'Pay in full';
  return `${fee.installments} × ${formatKobo(installmentAmount(fee.amountKobo, fee.installments))}`;
}

const feeCells = (fee: ScheduledFee, term: ReportTerm): FeeCells => ({
  fee: fee.fee,
  type: capitalize(fee.type),
  amount: fee.amountKobo,
  dueDate: effectiveDueDate({
    dueDate: fee.dueDate,
    termEndDate: term.endDate,
    createdAt: todayIn(LAGOS, fee.createdAt),
  }),
  installments: installmentPlan(fee),
});

/** The approved, active fees of the term: what each class arm owes, then what named students owe besides. */
export const feeScheduleReport: ReportBuilder = async (db, report) => {
  const { term } = report;
  if (!term) {
    return {
      sections: [{ title: 'Fees by class arm', columns: ARM_COLUMNS, rows: [], totals: true }],
      notes: ['Choose a school that has a term to see its fees.'],
    };
  }
  const [byArm, byStudent] = await Promise.all([
    feesByClassArm(db, report, term.id),
    feesForNamedStudents(db, report, term.id),
  ]);
  const sections: AnySection[] = [
    {
      title: 'Fees by class arm',
      columns: ARM_COLUMNS,
      rows: byArm.map((fee): ArmLine => ({ classArm: fee.classArm, ...feeCells(fee, term) })),
      totals: true,
    },
  ];
  if (byStudent.length > 0) {
    sections.push({
      title: 'Fees for named students',
      columns: STUDENT_COLUMNS,
      rows: byStudent.map(
        (fee): StudentLine => ({
          student: fee.student,
          regNo: fee.regNo ?? '',
          classArm: fee.classArm ?? '',
          ...feeCells(fee, term),
        }),
      ),
      totals: true,
    });
  }
  const undated = [...byArm, ...byStudent].some((fee) => fee.dueDate === null);
  return { sections, notes: undated ? [PLAN_NOTE, DERIVED_DUE_NOTE] : [PLAN_NOTE] };
};

import { displayName, todayIn } from '@schoolledger/domain';
import type { Column } from '../../../lib/tabular/index.js';
import { type ReportFilter, reportByClassArm, reportByStudent } from '../../fees/outstanding-report.queries.js';
import type { ReportBuilder, ResolvedReport } from '../report-definition.js';

/** Term reports always resolve a school and term (resolve-report.ts). */
function termFilter(report: ResolvedReport): ReportFilter {
  if (!report.school || !report.term) throw new Error(`${report.id} needs a school and a term`);
  return {
    schoolId: report.school.id,
    termId: report.term.id,
    classArmId: report.classArm?.id,
    today: todayIn('Africa/Lagos', report.now),
  };
}

type StudentRow = Awaited<ReturnType<typeof reportByStudent>>[number];

const studentLine = (row: StudentRow) => ({
  regNo: row.reg_no ?? '',
  student: displayName(row),
  classArm: row.class_arm ?? 'Not in a class arm',
  expected: BigInt(row.expected),
  paid: BigInt(row.paid),
  outstanding: BigInt(row.outstanding),
  daysOverdue: row.days_overdue,
});
type StudentLine = ReturnType<typeof studentLine>;

/** Largest balance first, then by name, so the list reads as a chasing order. */
const byBalance = (a: StudentLine, b: StudentLine) =>
  a.outstanding === b.outstanding ? a.student.localeCompare(b.student) : a.outstanding > b.outstanding ? -1 : 1;

const AMOUNT_COLUMNS: Column<StudentLine>[] = [
  { key: 'expected', header: 'Expected', kind: 'money', total: true },
  { key: 'paid', header: 'Paid', kind: 'money', total: true },
  { key: 'outstanding', header: 'Outstanding', kind: 'money', total: true },
  { key: 'daysOverdue', header: 'Days overdue', kind: 'number', width: 9 },
];

const OVERDUE_NOTE =
  'Days overdue count from the due date of the earliest fee still owed; a fee set without a due date is due 30 days before the term ends.';

export const outstandingReport: ReportBuilder = async (db, report) => {
  const filter = termFilter(report);
  const [arms, students] = await Promise.all([reportByClassArm(db, filter), reportByStudent(db, filter)]);
  return {
    notes: [OVERDUE_NOTE],
    sections: [
      {
        title: 'By class arm',
        totals: true,
        columns: [
          { key: 'classArm', header: 'Class arm', kind: 'text' },
          { key: 'students', header: 'Students', kind: 'number', total: true },
          { key: 'expected', header: 'Expected', kind: 'money', total: true },
          { key: 'paid', header: 'Paid', kind: 'money', total: true },
          { key: 'outstanding', header: 'Outstanding', kind: 'money', total: true },
        ],
        rows: arms.map((row) => ({
          classArm: row.name ?? 'Not in a class arm',
          students: row.students,
          expected: BigInt(row.expected),
          paid: BigInt(row.paid),
          outstanding: BigInt(row.outstanding),
        })),
      },
      {
        title: 'Students, largest balance first',
        totals: true,
        columns: [
          { key: 'regNo', header: 'Reg. no', kind: 'text', width: 11 },
          { key: 'student', header: 'Student', kind: 'text', width: 22 },
          { key: 'classArm', header: 'Class arm', kind: 'text', width: 12 },
          ...AMOUNT_COLUMNS,
        ],
        rows: students.map(studentLine).sort(byBalance),
      },
    ],
  };
};

/** One list per class arm of the students who still owe, for form teachers to hand out. */
export const debtorsReport: ReportBuilder = async (db, report) => {
  const students = (await reportByStudent(db, termFilter(report)))
    .map(studentLine)
    .filter((row) => row.outstanding > 0n);
  const arms = new Map<string, StudentLine[]>();
  for (const row of students) {
    const arm = arms.get(row.classArm);
    if (arm) arm.push(row);
    else arms.set(row.classArm, [row]);
  }
  const names = [...arms.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return {
    orientation: 'portrait',
    notes: [OVERDUE_NOTE],
    sections: names.length
      ? names.map((name) => ({
          title: `${name} (${arms.get(name)!.length} owing)`,
          totals: true,
          columns: [
            { key: 'regNo', header: 'Reg. no', kind: 'text', width: 11 },
            { key: 'student', header: 'Student', kind: 'text', width: 24 },
            ...AMOUNT_COLUMNS,
          ],
          rows: arms.get(name)!.sort(byBalance),
        }))
      : [
          {
            title: 'Nobody owes on this term',
            columns: [
              { key: 'regNo', header: 'Reg. no', kind: 'text' },
              { key: 'student', header: 'Student', kind: 'text' },
            ],
            rows: [],
          },
        ],
  };
};

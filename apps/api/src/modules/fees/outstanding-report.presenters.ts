import type { OutstandingReport } from '@schoolledger/domain';
import { csvText, nairaFigure } from '../../lib/tabular/index.js';

const HEADER = ['Student', 'Reg No', 'Class Arm', 'Expected (NGN)', 'Paid (NGN)', 'Outstanding (NGN)'];

/** One row per student, then a total row. */
export function toOutstandingCsv(report: OutstandingReport): string {
  const rows = report.outstandingReport.students.map((row) => [
    row.name,
    row.regNo ?? '',
    row.classArm ?? '',
    nairaFigure(row.expected),
    nairaFigure(row.paid),
    nairaFigure(row.outstanding),
  ]);
  const { summary } = report;
  const total = [
    'Total',
    '',
    '',
    nairaFigure(summary.expected),
    nairaFigure(summary.paid),
    nairaFigure(summary.outstanding),
  ];
  return csvText([HEADER, ...rows, total]);
}

import { koboToDecimal, type OutstandingReport } from '@schoolledger/domain';
import { stringify } from 'csv-stringify/sync';

const HEADER = ['Student', 'Reg No', 'Class Arm', 'Expected (NGN)', 'Paid (NGN)', 'Outstanding (NGN)'];

/** One row per student, then a total row; the byte-order mark makes Excel read names as UTF-8. */
export function toOutstandingCsv(report: OutstandingReport): string {
  const rows = report.outstandingReport.students.map((row) => [
    row.name,
    row.regNo ?? '',
    row.classArm ?? '',
    koboToDecimal(row.expected),
    koboToDecimal(row.paid),
    koboToDecimal(row.outstanding),
  ]);
  const { summary } = report;
  const total = [
    'Total',
    '',
    '',
    koboToDecimal(summary.expected),
    koboToDecimal(summary.paid),
    koboToDecimal(summary.outstanding),
  ];
  return `\uFEFF${stringify([HEADER, ...rows, total])}`;
}

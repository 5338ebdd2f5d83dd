import type { OutstandingReport } from '@schoolledger/domain';
import { stringify } from 'csv-stringify/sync';

const HEADER = ['Student', 'Reg No', 'Class Arm', 'Expected (NGN)', 'Paid (NGN)', 'Outstanding (NGN)'];

/** Naira with both decimals and no grouping, so a spreadsheet reads it as a number. */
const naira = (amount: number) => amount.toFixed(2);

/** One row per student, then a total row; the byte-order mark makes Excel read names as UTF-8. */
export function toOutstandingCsv(report: OutstandingReport): string {
  const rows = report.outstandingReport.students.map((row) => [
    row.name,
    row.regNo ?? '',
    row.classArm ?? '',
    naira(row.expected),
    naira(row.paid),
    naira(row.outstanding),
  ]);
  const { summary } = report;
  const total = ['Total', '', '', naira(summary.expected), naira(summary.paid), naira(summary.outstanding)];
  return `\uFEFF${stringify([HEADER, ...rows, total])}`;
}

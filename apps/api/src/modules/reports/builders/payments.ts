import {
  capitalize,
  displayName,
  EXPORT_ROW_LIMIT,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@schoolledger/domain';
import { exportTooLarge } from '../../../lib/errors.js';
import type { ReportBuilder } from '../report-definition.js';
import { countReportPayments, type PaymentLine, reportPayments } from './payments.queries.js';
import { withSchoolColumn } from './school-column.js';

const credited = (row: PaymentLine) => {
  if (row.status !== 'success') return 0n;
  return row.kind === 'refund' ? -BigInt(row.amount) : BigInt(row.amount);
};

/**
 * SPEC §7's payment report as a file: every payment and refund of the period with its status,
 * and what each added to (or, a refund, took from) the money credited. Pending, failed and
 * under-review rows are listed but credit nothing, so the Credited total is the money received.
 */
export const paymentsReport: ReportBuilder = async (db, report) => {
  const total = await countReportPayments(db, report);
  if (total > EXPORT_ROW_LIMIT) throw exportTooLarge(total, 'payments');
  const rows = await reportPayments(db, report);

  const summary = new Map<string, { status: string; kind: string; count: number; amount: bigint }>();
  for (const row of rows) {
    const key = `${row.kind}:${row.status}`;
    const line = summary.get(key) ?? {
      status: capitalize(row.status),
      kind: capitalize(row.kind),
      count: 0,
      amount: 0n,
    };
    line.count++;
    line.amount += BigInt(row.amount);
    summary.set(key, line);
  }
  return {
    orientation: 'landscape',
    notes: ['Credited is what each row added to the money received; a refund takes its amount back.'],
    sections: [
      {
        title: 'Summary by status',
        columns: [
          { key: 'kind', header: 'Kind', kind: 'text' },
          { key: 'status', header: 'Status', kind: 'text' },
          { key: 'count', header: 'Rows', kind: 'number' },
          { key: 'amount', header: 'Amount', kind: 'money' },
        ],
        rows: [...summary.values()].sort((a, b) => `${a.kind}${a.status}`.localeCompare(`${b.kind}${b.status}`)),
      },
      {
        title: 'Payments',
        totals: true,
        columns: withSchoolColumn(report, [
          { key: 'at', header: 'Date (Lagos)', kind: 'date', width: 15 },
          { key: 'receipt', header: 'Receipt', kind: 'text', width: 13 },
          { key: 'reference', header: 'Reference', kind: 'text', width: 16 },
          { key: 'student', header: 'Student', kind: 'text', width: 16 },
          { key: 'regNo', header: 'Reg. no', kind: 'text', width: 10 },
          { key: 'classArm', header: 'Class arm', kind: 'text', width: 9 },
          { key: 'fee', header: 'Fee', kind: 'text', width: 16 },
          { key: 'method', header: 'Method', kind: 'text', width: 10 },
          { key: 'kind', header: 'Kind', kind: 'text', width: 7 },
          { key: 'status', header: 'Status', kind: 'text', width: 7 },
          { key: 'amount', header: 'Amount', kind: 'money', width: 12 },
          { key: 'credited', header: 'Credited', kind: 'money', total: true, width: 12 },
          { key: 'recordedBy', header: 'Recorded by', kind: 'text', width: 13 },
        ]),
        rows: rows.map((row) => ({
          at: row.at,
          receipt: row.receipt_no ?? '',
          reference: row.reference,
          school: row.school,
          student: displayName(row),
          regNo: row.reg_no ?? '',
          classArm: row.class_arm ?? '',
          fee: `${row.fee} (${row.term})`,
          method: PAYMENT_METHOD_LABELS[row.method as PaymentMethod],
          kind: capitalize(row.kind),
          status: capitalize(row.status),
          amount: BigInt(row.amount),
          credited: credited(row),
          recordedBy:
            row.recorder_first && row.recorder_last
              ? displayName({ firstname: row.recorder_first, lastname: row.recorder_last })
              : '',
        })),
      },
    ],
  };
};

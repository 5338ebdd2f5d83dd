import { displayName, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@schoolledger/domain';
import type { Column } from '../../../lib/tabular/index.js';
import type { ReportBuilder } from '../report-definition.js';
import {
  type Amounts,
  cashByRecorder,
  collectionsByClassArm,
  collectionsByDay,
  collectionsByFee,
  collectionsByMethod,
} from './collections.queries.js';
import { withSchoolColumn } from './school-column.js';

const amounts = (row: Amounts) => {
  const received = BigInt(row.received);
  const refunded = BigInt(row.refunded);
  return { payments: row.payments, received, refunded, net: received - refunded };
};
type Line = ReturnType<typeof amounts>;

const AMOUNT_COLUMNS: Column<Line>[] = [
  { key: 'payments', header: 'Payments', kind: 'number', total: true, width: 9 },
  { key: 'received', header: 'Received', kind: 'money', total: true },
  { key: 'refunded', header: 'Refunded', kind: 'money', total: true },
  { key: 'net', header: 'Net', kind: 'money', total: true },
];

/**
 * Money received and refunded, netted, cut five ways. Every section covers the same payments, so
 * each one's totals row is the same figure: the report checks itself.
 */
export const collectionsReport: ReportBuilder = async (db, report) => {
  const [days, methods, feeRows, arms, cash] = await Promise.all([
    collectionsByDay(db, report),
    collectionsByMethod(db, report),
    collectionsByFee(db, report),
    collectionsByClassArm(db, report),
    cashByRecorder(db, report),
  ]);
  return {
    notes: ['Refunds are netted in the period, method, fee and class arm they were made in.'],
    sections: [
      {
        title: 'By day',
        totals: true,
        columns: [{ key: 'day', header: 'Day', kind: 'day' }, ...AMOUNT_COLUMNS],
        rows: days.map((row) => ({ day: row.day, ...amounts(row) })),
      },
      {
        title: 'By method',
        totals: true,
        columns: [{ key: 'method', header: 'Method', kind: 'text' }, ...AMOUNT_COLUMNS],
        rows: methods.map((row) => ({ method: PAYMENT_METHOD_LABELS[row.method as PaymentMethod], ...amounts(row) })),
      },
      {
        title: 'By fee',
        totals: true,
        columns: withSchoolColumn(report, [
          { key: 'fee', header: 'Fee', kind: 'text', width: 22 },
          { key: 'term', header: 'Term', kind: 'text', width: 12 },
          ...AMOUNT_COLUMNS,
        ]),
        rows: feeRows.map((row) => ({ school: row.school, fee: row.fee, term: row.term, ...amounts(row) })),
      },
      {
        title: 'By class arm',
        totals: true,
        columns: withSchoolColumn(report, [{ key: 'classArm', header: 'Class arm', kind: 'text' }, ...AMOUNT_COLUMNS]),
        rows: arms.map((row) => ({
          school: row.school,
          classArm: row.class_arm ?? 'Not in a class arm',
          ...amounts(row),
        })),
      },
      {
        title: 'Cash by who recorded it',
        totals: true,
        columns: withSchoolColumn(report, [
          { key: 'recordedBy', header: 'Recorded by', kind: 'text' },
          ...AMOUNT_COLUMNS,
        ]),
        rows: cash.map((row) => ({
          school: row.school,
          recordedBy:
            row.firstname && row.lastname
              ? displayName({ firstname: row.firstname, lastname: row.lastname })
              : 'Not recorded',
          ...amounts(row),
        })),
      },
    ],
  };
};

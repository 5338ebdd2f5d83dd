import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@schoolledger/domain';
import type { ReportBuilder } from '../report-definition.js';
import { studentCharges, studentMoney } from './statement.queries.js';

interface LedgerLine {
  /** Lagos calendar day. */
  day: string;
  description: string;
  reference: string;
  charged: bigint;
  paid: bigint;
}

const lagosDay = (at: Date) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * A student's account across every term: each fee charged on its term's first day, each payment
 * and refund on its day, with the balance after each line; and the position per term. What a
 * parent is handed at the bursary, on the school's letterhead.
 */
export const statementReport: ReportBuilder = async (ctx, report) => {
  const student = report.student;
  if (!student) throw new Error('student_statement needs a student');
  const [charges, money] = await Promise.all([studentCharges(ctx.db, student.id), studentMoney(ctx.db, student.id)]);
  const feeNames = new Map(charges.map((fee) => [fee.fee_id, `${fee.fee} (${fee.term}, ${fee.session})`]));

  const lines: LedgerLine[] = [
    ...charges.map((fee) => ({
      day: fee.term_start,
      description: `${fee.fee}: ${fee.term}, ${fee.session}`,
      reference: '',
      charged: BigInt(fee.amount),
      paid: 0n,
    })),
    ...money.map((row) => {
      const amount = BigInt(row.amount);
      const fee = feeNames.get(row.fee_id) ?? 'a fee';
      const refund = row.kind === 'refund';
      return {
        day: lagosDay(new Date(row.at)),
        description: `${refund ? 'Refund' : 'Payment'} for ${fee} by ${PAYMENT_METHOD_LABELS[row.method as PaymentMethod]}`,
        reference: row.receipt_no ?? row.reference,
        // A refund gives money back: it raises what is owed again, so it sits with the charges.
        charged: refund ? amount : 0n,
        paid: refund ? 0n : amount,
      };
    }),
  ];
  // Charges of a day come before its payments, so the balance never dips below zero on paper.
  lines.sort((a, b) => a.day.localeCompare(b.day) || (a.charged > 0n ? 0 : 1) - (b.charged > 0n ? 0 : 1));
  let balance = 0n;
  const ledger = lines.map((line) => {
    balance += line.charged - line.paid;
    return { ...line, balance };
  });

  const terms = new Map<string, { term: string; charged: bigint; paid: bigint }>();
  const termOfFee = new Map(charges.map((fee) => [fee.fee_id, fee.term_id]));
  for (const fee of charges) {
    const line = terms.get(fee.term_id) ?? { term: `${fee.term}, ${fee.session}`, charged: 0n, paid: 0n };
    line.charged += BigInt(fee.amount);
    terms.set(fee.term_id, line);
  }
  for (const row of money) {
    const line = terms.get(termOfFee.get(row.fee_id) ?? '');
    if (line) line.paid += row.kind === 'refund' ? -BigInt(row.amount) : BigInt(row.amount);
  }

  return {
    title: `Statement of account: ${student.name}`,
    orientation: 'portrait',
    notes: ['Balance is what is owed after each line.'],
    sections: [
      {
        title: 'By term',
        totals: true,
        columns: [
          { key: 'term', header: 'Term', kind: 'text', width: 24 },
          { key: 'charged', header: 'Fees', kind: 'money', total: true },
          { key: 'paid', header: 'Paid (net)', kind: 'money', total: true },
          { key: 'balance', header: 'Balance', kind: 'money', total: true },
        ],
        rows: [...terms.values()].map((line) => ({ ...line, balance: line.charged - line.paid })),
      },
      {
        title: 'Statement',
        totals: true,
        columns: [
          { key: 'day', header: 'Date', kind: 'day', width: 11 },
          { key: 'description', header: 'Description', kind: 'text', width: 34 },
          { key: 'reference', header: 'Receipt', kind: 'text', width: 14 },
          { key: 'charged', header: 'Charged', kind: 'money', total: true, width: 12 },
          { key: 'paid', header: 'Paid', kind: 'money', total: true, width: 12 },
          { key: 'balance', header: 'Balance', kind: 'money', width: 12 },
        ],
        rows: ledger,
      },
    ],
  };
};

import { ADJUSTMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, type PaymentMethod, raisesFee } from '@schoolledger/domain';
import type { ReportBuilder } from '../report-definition.js';
import { studentAdjustments, studentCharges, studentMoney } from './statement.queries.js';

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
 * A student's account across every term: each fee charged on its term's first day, each discount,
 * scholarship, waiver or late fee on the day it was approved (and again, the other way, on the
 * day it was reversed), each payment and refund on its day, with the balance after each line; and
 * the position per term. What a
 * parent is handed at the bursary, on the school's letterhead.
 */
export const statementReport: ReportBuilder = async (db, report) => {
  const student = report.student;
  if (!student) throw new Error('student_statement needs a student');
  const [charges, money, adjustments] = await Promise.all([
    studentCharges(db, student.id),
    studentMoney(db, student.id),
    studentAdjustments(db, student.id),
  ]);
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
    ...adjustments.flatMap((row) => {
      const fee = feeNames.get(row.fee_id) ?? 'a fee';
      const label = row.rule ?? ADJUSTMENT_KIND_LABELS[row.kind];
      // A late fee is charged; a reduction lowers the charge, so it is a negative charge.
      const charged = raisesFee(row.kind) ? BigInt(row.amount) : -BigInt(row.amount);
      const made = {
        day: lagosDay(new Date(row.decided_at)),
        description: `${label} on ${fee}: ${row.reason}`,
        reference: '',
        charged,
        paid: 0n,
      };
      if (!row.reversed_at) return [made];
      const reversed = {
        ...made,
        day: lagosDay(new Date(row.reversed_at)),
        description: `${label} on ${fee} reversed`,
        charged: -charged,
      };
      return [made, reversed];
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
  for (const row of adjustments) {
    const line = terms.get(termOfFee.get(row.fee_id) ?? '');
    if (line && !row.reversed_at) line.charged += raisesFee(row.kind) ? BigInt(row.amount) : -BigInt(row.amount);
  }
  for (const row of money) {
    const line = terms.get(termOfFee.get(row.fee_id) ?? '');
    if (line) line.paid += row.kind === 'refund' ? -BigInt(row.amount) : BigInt(row.amount);
  }

  return {
    title: `Statement of account: ${student.name}`,
    orientation: 'portrait',
    notes: [
      'Balance is what is owed after each line.',
      student.familyAccount
        ? `Paying by bank transfer? Send it to the family's own account, ${student.familyAccount.number} at ${student.familyAccount.bank} (${student.familyAccount.name}): it pays the fees still owed by itself, with no code needed.`
        : `Paying by bank transfer? Write the payment code ${student.paymentCode} in the transfer's description (narration) so the school knows the money is for ${student.name}.`,
    ],
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

import { formatKobo, lagosDateTime, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { ReceiptButton } from '@/components/payments';
import { SlipLine } from '@/components/slip-line';
import { lineKey } from '../lib/family-form';
import type { RecordedFamily } from './family-payment-form';
import { ReceiptSheet } from './receipt-sheet';
import type { ChosenStudent } from './student-search';

/** One printout for a family payment: every fee paid, each with its own receipt number. */
export function FamilyReceipt({
  student,
  recorded,
  onNewPayment,
}: {
  student: ChosenStudent;
  recorded: RecordedFamily;
  onNewPayment(): void;
}) {
  const { payments, cash, credit_used } = recorded.result;
  const paidAt = payments[0]?.payment.paid_at;

  return (
    <ReceiptSheet
      id="family-receipt"
      schoolId={student.schoolId}
      school={student.school}
      title="Payment Receipts"
      aside={paidAt && <p className="text-sm">{lagosDateTime(paidAt)}</p>}
      recorded={`${payments.length} ${payments.length === 1 ? 'payment' : 'payments'} recorded. Print the receipts for the family, then start the next payment.`}
      printLabel="Print Receipts"
      onNewPayment={onNewPayment}
      className="max-w-3xl"
      slip={
        <>
          {paidAt && <SlipLine label="Date">{lagosDateTime(paidAt)}</SlipLine>}
          {payments.map((line) => {
            const info = recorded.lines.get(lineKey(line.student_id, line.fee_id));
            return (
              <div key={line.payment._id} className="border-t border-dashed pt-1">
                <p className="font-bold break-words">
                  {info?.student} · {info?.fee}
                </p>
                <SlipLine label="Receipt no.">{line.payment.receiptNo}</SlipLine>
                <SlipLine label={PAYMENT_METHOD_LABELS[line.method]}>{formatKobo(line.payment.amount)}</SlipLine>
                <SlipLine label="Outstanding after">{formatKobo(line.outstanding)}</SlipLine>
              </div>
            );
          })}
          <div className="border-y border-dashed py-2">
            <SlipLine label="Cash received">{formatKobo(cash)}</SlipLine>
            {credit_used > 0n && <SlipLine label="From family credit">{formatKobo(credit_used)}</SlipLine>}
            <SlipLine label="Total" strong>
              {formatKobo(cash + credit_used)}
            </SlipLine>
          </div>
        </>
      }
    >
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {payments.map((line) => {
          const info = recorded.lines.get(lineKey(line.student_id, line.fee_id));
          const receiptNo = line.payment.receiptNo ?? '';
          return (
            <li key={line.payment._id} className="py-3">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-medium break-words text-slate-900 dark:text-white">
                    {info?.student} · {info?.fee}
                  </p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    <span className="font-mono">{receiptNo}</span> · {PAYMENT_METHOD_LABELS[line.method]} ·{' '}
                    {formatKobo(line.outstanding)} outstanding after
                  </p>
                </div>
                <p className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(line.payment.amount)}
                </p>
              </div>
              {receiptNo && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <ReceiptButton paymentId={line.payment._id} receiptNo={receiptNo} label="PDF" />
                  <ReceiptButton paymentId={line.payment._id} receiptNo={receiptNo} format="80mm" label="80 mm" />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <dl className="space-y-1 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-900 dark:bg-emerald-500/10">
        <div className="flex justify-between gap-3">
          <dt>Cash received</dt>
          <dd className="font-semibold tabular-nums">{formatKobo(cash)}</dd>
        </div>
        {credit_used > 0n && (
          <div className="flex justify-between gap-3">
            <dt>Paid from family credit</dt>
            <dd className="font-semibold tabular-nums">{formatKobo(credit_used)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-emerald-200 pt-1 text-base dark:border-emerald-900">
          <dt className="font-semibold">Total</dt>
          <dd className="font-bold tabular-nums">{formatKobo(cash + credit_used)}</dd>
        </div>
      </dl>
    </ReceiptSheet>
  );
}

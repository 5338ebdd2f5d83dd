import { amountInWords, formatKobo, lagosDateTime, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { ReceiptButton } from '@/components/payments';
import { SlipLine } from '@/components/slip-line';
import type { RecordedCash } from './cash-payment-form';
import { ReceiptSheet } from './receipt-sheet';
import type { ChosenStudent } from './student-search';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:text-right dark:text-white">{children}</dd>
    </div>
  );
}

/** Step 4: what the bursar hands over, to print here or as a PDF. */
export function CashReceipt({
  student,
  school,
  recorded,
  onNewPayment,
}: {
  student: ChosenStudent;
  school: string;
  recorded: RecordedCash;
  onNewPayment(): void;
}) {
  const { payment, outstanding } = recorded.result;
  const receiptNo = payment.receiptNo ?? '';
  const paidAt = payment.paid_at ? lagosDateTime(payment.paid_at) : '—';

  return (
    <ReceiptSheet
      id="cash-receipt"
      schoolId={student.schoolId}
      school={school}
      title="Payment Receipt"
      aside={
        <p className="font-mono text-sm">
          <span className="sr-only">Receipt number </span>
          {receiptNo}
        </p>
      }
      recorded="Cash payment recorded. Print the receipt or download it, then start the next payment."
      printLabel="Print Receipt"
      downloads={
        receiptNo && (
          <>
            <ReceiptButton paymentId={payment._id} receiptNo={receiptNo} label="Download PDF" />
            <ReceiptButton paymentId={payment._id} receiptNo={receiptNo} format="80mm" label="80 mm" />
          </>
        )
      }
      onNewPayment={onNewPayment}
      slip={
        <>
          <SlipLine label="Receipt no.">{receiptNo}</SlipLine>
          <SlipLine label="Date">{paidAt}</SlipLine>
          <SlipLine label="Student">{student.name}</SlipLine>
          <SlipLine label="Reg. no.">{student.regNo}</SlipLine>
          {student.classArm && <SlipLine label="Class">{student.classArm}</SlipLine>}
          <SlipLine label="Fee">{recorded.fee.fee.name}</SlipLine>
          <SlipLine label="Method">{PAYMENT_METHOD_LABELS.cash}</SlipLine>
          <SlipLine label="Reference">{payment.trx_ref}</SlipLine>
          <div className="border-y border-dashed py-2">
            <SlipLine label="Amount paid" strong>
              {formatKobo(payment.amount)}
            </SlipLine>
            <p>{amountInWords(payment.amount)}</p>
          </div>
          <SlipLine label="Outstanding after">{formatKobo(outstanding)}</SlipLine>
          {payment.notes && <SlipLine label="Notes">{payment.notes}</SlipLine>}
        </>
      }
    >
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-500/10">
        <p className="text-xs font-semibold tracking-wide text-emerald-800 uppercase dark:text-emerald-300">
          Amount paid
        </p>
        <p className="mt-1 text-3xl font-bold text-emerald-700 dark:text-emerald-300">{formatKobo(payment.amount)}</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{amountInWords(payment.amount)}</p>
      </div>

      <dl className="divide-y divide-slate-200 dark:divide-slate-800">
        <Row label="Receipt number">
          <span className="font-mono">{receiptNo}</span>
        </Row>
        <Row label="Date paid">{paidAt}</Row>
        <Row label="Student">{student.name}</Row>
        <Row label="Registration number">
          <span className="font-mono">{student.regNo}</span>
        </Row>
        {student.classArm && <Row label="Class">{student.classArm}</Row>}
        <Row label="Fee">{recorded.fee.fee.name}</Row>
        <Row label="Payment method">{PAYMENT_METHOD_LABELS.cash}</Row>
        <Row label="Reference">
          <span className="font-mono">{payment.trx_ref}</span>
        </Row>
        <Row label="Outstanding after this payment">{formatKobo(outstanding)}</Row>
        {payment.notes && <Row label="Notes">{payment.notes}</Row>}
      </dl>
    </ReceiptSheet>
  );
}

import { amountInWords, formatKobo, lagosDateTime, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { SlipLine } from '@/components/slip-line';
import type { QueuedPayment } from '../lib/desk-store';
import { ReceiptSheet } from './receipt-sheet';

export const PROVISIONAL_TITLE = 'Provisional — pending sync';

/**
 * What the payer takes away when the desk is offline: not a receipt (only the server numbers
 * those), but proof of the cash handed over, with a code to find the payment by once it is sent.
 */
export function ProvisionalSlip({ payment, onNewPayment }: { payment: QueuedPayment; onNewPayment(): void }) {
  const takenAt = lagosDateTime(payment.recordedAt);
  const { student } = payment;
  return (
    <ReceiptSheet
      id="provisional-slip"
      schoolId={student.schoolId}
      school={student.school}
      title={PROVISIONAL_TITLE}
      aside={
        <p className="font-mono text-sm">
          <span className="sr-only">Code </span>
          {payment.shortCode}
        </p>
      }
      recorded="Saved on this device. It is sent to the school's records when the network returns, and the receipt number comes then."
      printLabel="Print slip"
      onNewPayment={onNewPayment}
      slip={
        <>
          <SlipLine label="Code">{payment.shortCode}</SlipLine>
          <SlipLine label="Taken">{takenAt}</SlipLine>
          <SlipLine label="Student">{student.name}</SlipLine>
          <SlipLine label="Reg. no.">{student.regNo}</SlipLine>
          <SlipLine label="Fee">{payment.fee.name}</SlipLine>
          <SlipLine label="Method">{PAYMENT_METHOD_LABELS.cash}</SlipLine>
          <div className="border-y border-dashed py-2">
            <SlipLine label="Amount" strong>
              {formatKobo(payment.input.amount)}
            </SlipLine>
            <p>{amountInWords(payment.input.amount)}</p>
          </div>
          <SlipLine label="Bursar">{payment.bursar}</SlipLine>
          <p className="text-center">Not a receipt. The receipt follows once this is sent.</p>
        </>
      }
    >
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-500/10">
        <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase dark:text-amber-200">
          Cash taken, not yet sent
        </p>
        <p className="mt-1 text-3xl font-bold text-slate-900 dark:text-white">{formatKobo(payment.input.amount)}</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{amountInWords(payment.input.amount)}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {(
          [
            ['Code', payment.shortCode],
            ['Taken', takenAt],
            ['Student', `${student.name} (${student.regNo})`],
            ['Fee', `${payment.fee.name} · ${payment.fee.term}`],
            ['Bursar', payment.bursar],
            ['Receipt number', 'Given when sent'],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="font-medium break-words text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </ReceiptSheet>
  );
}

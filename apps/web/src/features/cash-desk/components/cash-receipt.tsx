import { amountInWords, formatKobo, lagosDateTime, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { CheckCircle2, Plus, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { ReceiptButton } from '@/components/payments';
import { Button, Card } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useReceiptSettings } from '../api/get-receipt-settings';
import type { RecordedCash } from './cash-payment-form';
import type { ChosenStudent } from './student-search';

export const RECEIPT_PRINTED = 'Receipt sent to printer';
const RECEIPT_ID = 'cash-receipt';

/* Printing shows the receipt alone: the shell, the buttons and the rest of the page stay off paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #${RECEIPT_ID}, #${RECEIPT_ID} * { visibility: visible !important; }
  #${RECEIPT_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-500 dark:text-slate-400 print:text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:text-right dark:text-white print:text-black">
        {children}
      </dd>
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
  const printed = useReceiptSettings(student.schoolId).data;
  const receiptNo = payment.receiptNo ?? '';
  const print = () => {
    window.print();
    notify.success(RECEIPT_PRINTED);
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <style>{PRINT_CSS}</style>
      <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200 print:hidden">
        <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
        <p className="text-sm font-medium">
          Cash payment recorded. Print the receipt or download it, then start the next payment.
        </p>
      </div>

      <Card id={RECEIPT_ID} aria-labelledby="cash-receipt-title" className="overflow-hidden print:text-black">
        <header className="bg-emerald-700 px-5 py-5 text-white sm:px-6 print:bg-white print:px-0 print:text-black">
          <p className="text-lg font-semibold">{school}</p>
          {printed?.contact && <p className="text-sm text-emerald-50 print:text-black">{printed.contact}</p>}
          <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
            <h2 id="cash-receipt-title" className="text-2xl font-bold tracking-tight">
              Payment Receipt
            </h2>
            <p className="font-mono text-sm">
              <span className="sr-only">Receipt number </span>
              {receiptNo}
            </p>
          </div>
        </header>

        <div className="space-y-5 px-5 py-5 sm:px-6 print:px-0">
          <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-500/10 print:border-black print:bg-white">
            <p className="text-xs font-semibold tracking-wide text-emerald-800 uppercase dark:text-emerald-300 print:text-black">
              Amount paid
            </p>
            <p className="mt-1 text-3xl font-bold text-emerald-700 dark:text-emerald-300 print:text-black">
              {formatKobo(payment.amount)}
            </p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300 print:text-black">
              {amountInWords(payment.amount)}
            </p>
          </div>

          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <Row label="Receipt number">
              <span className="font-mono">{receiptNo}</span>
            </Row>
            <Row label="Date paid">{payment.paid_at ? lagosDateTime(payment.paid_at) : '—'}</Row>
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
          </dl>
          {printed?.footer && (
            <p className="border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400 print:text-black">
              {printed.footer}
            </p>
          )}
        </div>
      </Card>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" onClick={print}>
          <Printer className="size-4" aria-hidden="true" />
          Print Receipt
        </Button>
        {receiptNo && (
          <>
            <ReceiptButton paymentId={payment._id} receiptNo={receiptNo} label="Download PDF" />
            <ReceiptButton paymentId={payment._id} receiptNo={receiptNo} format="80mm" label="80 mm" />
          </>
        )}
        <Button variant="secondary" size="sm" onClick={onNewPayment} className="sm:ml-auto">
          <Plus className="size-4" aria-hidden="true" />
          New Payment
        </Button>
      </div>
    </div>
  );
}

import { formatKobo, lagosDateTime, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { CheckCircle2, Plus, Printer } from 'lucide-react';
import { ReceiptButton } from '@/components/payments';
import { Button, Card } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useReceiptSettings } from '../api/get-receipt-settings';
import { lineKey } from '../lib/family-form';
import { RECEIPT_PRINTED } from './cash-receipt';
import type { RecordedFamily } from './family-payment-form';
import type { ChosenStudent } from './student-search';

const RECEIPT_ID = 'family-receipt';

const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #${RECEIPT_ID}, #${RECEIPT_ID} * { visibility: visible !important; }
  #${RECEIPT_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`;

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
  const printed = useReceiptSettings(student.schoolId).data;
  const { payments, cash, credit_used } = recorded.result;
  const paidAt = payments[0]?.payment.paid_at;
  const print = () => {
    window.print();
    notify.success(RECEIPT_PRINTED);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <style>{PRINT_CSS}</style>
      <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200 print:hidden">
        <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
        <p className="text-sm font-medium">
          {payments.length} {payments.length === 1 ? 'payment' : 'payments'} recorded. Print the receipts for the
          family, then start the next payment.
        </p>
      </div>

      <Card id={RECEIPT_ID} aria-labelledby="family-receipt-title" className="overflow-hidden print:text-black">
        <header className="bg-emerald-700 px-5 py-5 text-white sm:px-6 print:bg-white print:px-0 print:text-black">
          <p className="text-lg font-semibold">{student.school}</p>
          {printed?.contact && <p className="text-sm text-emerald-50 print:text-black">{printed.contact}</p>}
          <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
            <h2 id="family-receipt-title" className="text-2xl font-bold tracking-tight">
              Payment Receipts
            </h2>
            {paidAt && <p className="text-sm">{lagosDateTime(paidAt)}</p>}
          </div>
        </header>
        <div className="space-y-4 px-5 py-5 sm:px-6 print:px-0">
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {payments.map((line) => {
              const info = recorded.lines.get(lineKey(line.student_id, line.fee_id));
              const receiptNo = line.payment.receiptNo ?? '';
              return (
                <li key={line.payment._id} className="py-3">
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                    <div className="min-w-0 flex-1 basis-56">
                      <p className="font-medium break-words text-slate-900 dark:text-white print:text-black">
                        {info?.student} · {info?.fee}
                      </p>
                      <p className="text-sm text-slate-500 dark:text-slate-400 print:text-black">
                        <span className="font-mono">{receiptNo}</span> · {PAYMENT_METHOD_LABELS[line.method]} ·{' '}
                        {formatKobo(line.outstanding)} outstanding after
                      </p>
                    </div>
                    <p className="font-semibold text-slate-900 tabular-nums dark:text-white print:text-black">
                      {formatKobo(line.payment.amount)}
                    </p>
                  </div>
                  {receiptNo && (
                    <div className="mt-2 flex flex-wrap gap-2 print:hidden">
                      <ReceiptButton paymentId={line.payment._id} receiptNo={receiptNo} label="PDF" />
                      <ReceiptButton paymentId={line.payment._id} receiptNo={receiptNo} format="80mm" label="80 mm" />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <dl className="space-y-1 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-900 dark:bg-emerald-500/10 print:border-black print:bg-white">
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
            <div className="flex justify-between gap-3 border-t border-emerald-200 pt-1 text-base dark:border-emerald-900 print:border-black">
              <dt className="font-semibold">Total</dt>
              <dd className="font-bold tabular-nums">{formatKobo(cash + credit_used)}</dd>
            </div>
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
          Print Receipts
        </Button>
        <Button variant="secondary" size="sm" onClick={onNewPayment} className="sm:ml-auto">
          <Plus className="size-4" aria-hidden="true" />
          New Payment
        </Button>
      </div>
    </div>
  );
}

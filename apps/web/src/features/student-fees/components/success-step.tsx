import { formatKobo, type Kobo, type PaymentStatusResult } from '@schoolledger/domain';
import { Banknote, CheckCircle2, Clock, Landmark } from 'lucide-react';
import type { ReactNode } from 'react';
import { ReceiptButton } from '@/components/payments';
import { PAYMENT_TEXT } from '../lib/messages';

/** How the dialog ended: a verified online payment, or the payer's next step for the other methods. */
export type Outcome =
  | { kind: 'paid'; result: PaymentStatusResult }
  | { kind: 'started' }
  | { kind: 'cash' }
  | { kind: 'bank' }
  | { kind: 'claimed'; amount: Kobo; reference: string | null; bankReference: string };

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-2 py-6 text-center">
      {icon}
      <p className="text-base font-semibold text-slate-900 dark:text-white">{title}</p>
      <div className="w-full max-w-sm space-y-3 text-sm text-slate-600 dark:text-slate-300">{children}</div>
    </div>
  );
}

const done = <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />;

export function SuccessStep({ outcome }: { outcome: Outcome }) {
  switch (outcome.kind) {
    case 'paid': {
      const { result } = outcome;
      return (
        <Panel icon={done} title="Payment successful">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg bg-slate-50 p-4 text-left dark:bg-slate-800/60">
            <dt className="text-slate-500 dark:text-slate-400">Amount paid</dt>
            <dd className="text-right font-semibold text-slate-900 dark:text-white">{formatKobo(result.amount)}</dd>
            {result.receiptNo && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">Receipt number</dt>
                <dd className="text-right font-mono text-slate-900 dark:text-white">{result.receiptNo}</dd>
              </>
            )}
            <dt className="text-slate-500 dark:text-slate-400">Still outstanding</dt>
            <dd className="text-right text-slate-900 dark:text-white">{formatKobo(result.outstanding)}</dd>
          </dl>
          {result.receiptNo && (
            <ReceiptButton paymentId={result.paymentId} receiptNo={result.receiptNo} label="Download receipt" />
          )}
        </Panel>
      );
    }
    case 'started':
      return (
        <Panel icon={done} title="Payment started">
          <p>Your payment has been started. It appears in your Payment History once it is confirmed.</p>
        </Panel>
      );
    case 'cash':
      return (
        <Panel icon={<Banknote className="size-10 text-emerald-600" aria-hidden="true" />} title="Pay in cash">
          <p>{PAYMENT_TEXT.cashChosen}</p>
        </Panel>
      );
    case 'bank':
      return (
        <Panel icon={<Landmark className="size-10 text-violet-600" aria-hidden="true" />} title="Pay by bank transfer">
          <p>{PAYMENT_TEXT.bankChosen}</p>
        </Panel>
      );
    case 'claimed':
      return (
        <Panel icon={<Clock className="size-10 text-amber-500" aria-hidden="true" />} title="Transfer recorded">
          <p>
            We have noted your transfer of{' '}
            <strong className="text-slate-900 dark:text-white">{formatKobo(outcome.amount)}</strong> with your bank
            reference{' '}
            <span className="font-mono break-all text-slate-900 dark:text-white">{outcome.bankReference}</span>.
          </p>
          {outcome.reference && (
            <p>
              Our reference for it is <span className="font-mono break-all">{outcome.reference}</span>.
            </p>
          )}
          <p>
            It is pending until the Bursar office confirms the money has arrived; you can follow it in your Payment
            History.
          </p>
        </Panel>
      );
  }
}

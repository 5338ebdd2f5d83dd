import { type CheckoutStatus, displayName, formatKobo, type PaymentStatus } from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, SearchCheck, XCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { ReceiptButton } from '@/components/payments';
import { QueryState } from '@/components/query-state';
import { Button, Card, PageHeader } from '@/components/ui';
import { useCheckout } from '../api/get-checkout';
import { studentFeeKeys } from '../api/keys';

const HEADLINE: Record<PaymentStatus, { icon: ReactNode; title: string; text: string }> = {
  success: {
    icon: <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />,
    title: 'Payment successful',
    text: 'Every fee below is paid. Each has its own receipt, from its own school.',
  },
  pending: {
    icon: <Clock className="size-10 text-amber-500" aria-hidden="true" />,
    title: 'Awaiting confirmation',
    text: 'We are waiting for the payment provider to confirm this payment. This page updates by itself.',
  },
  review: {
    icon: <SearchCheck className="size-10 text-sky-600" aria-hidden="true" />,
    title: 'Payment under review',
    text: 'The provider’s answer did not match what was expected. The school checks it; nothing is lost.',
  },
  failed: {
    icon: <XCircle className="size-10 text-red-600" aria-hidden="true" />,
    title: 'Payment failed',
    text: 'No money was taken for these fees. You can try again from your fees page.',
  },
};

/** Where the provider sends a family checkout's payer back: one line per fee, each with its receipt. */
export function CheckoutResult({ reference, onDone }: { reference: string; onDone(): void }) {
  const checkout = useCheckout(reference);
  const queryClient = useQueryClient();
  const status = checkout.data?.status;
  useEffect(() => {
    // What is owed changed: the fee cards must not show the old balance.
    if (status && status !== 'pending') void queryClient.invalidateQueries({ queryKey: studentFeeKeys.allFees() });
  }, [status, queryClient]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Family payment"
        description={`Reference ${reference}`}
        actions={
          <Button variant="secondary" onClick={onDone}>
            Back to fees
          </Button>
        }
      />
      <QueryState query={checkout} loading="Confirming your payment..." errorTitle="Failed to load this payment">
        {(data) => <Lines data={data} />}
      </QueryState>
    </div>
  );
}

function Lines({ data }: { data: CheckoutStatus }) {
  const headline = HEADLINE[data.status];
  return (
    <Card>
      <div className="flex flex-col items-center gap-2 border-b border-slate-200 px-5 py-6 text-center dark:border-slate-800">
        {headline.icon}
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{headline.title}</h2>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">{headline.text}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Total <strong className="text-slate-900 tabular-nums dark:text-white">{formatKobo(data.total)}</strong>
        </p>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Fees paid">
        {data.lines.map((line) => (
          <li
            key={line.paymentId}
            aria-label={`${line.fee.name} for ${displayName(line.student)}`}
            className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900 dark:text-white">{line.fee.name}</p>
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {displayName(line.student)} · {line.school.name}
              </p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(line.amount)}
                </span>
                {' · '}still owed {formatKobo(line.outstanding)}
              </p>
            </div>
            {line.receiptNo ? (
              <div className="flex items-center gap-3 sm:shrink-0">
                <span className="font-mono text-sm text-slate-700 dark:text-slate-300">{line.receiptNo}</span>
                <ReceiptButton paymentId={line.paymentId} receiptNo={line.receiptNo} label="Receipt" />
              </div>
            ) : (
              <span className="text-sm text-slate-500 sm:shrink-0 dark:text-slate-400">No receipt yet</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

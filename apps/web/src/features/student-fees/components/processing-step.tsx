import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@schoolledger/domain';
import { Clock, ExternalLink, ShieldAlert, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Spinner } from '@/components/ui';

/**
 * Where an online payment stands: the window is opening, the payer is paying in it, we are asking
 * the server, or the server's verified answer when it is not a success.
 */
export type ProcessingPhase = 'connecting' | 'waiting' | 'checking' | 'pending' | 'review' | 'failed';

interface ProcessingStepProps {
  phase: ProcessingPhase;
  method: PaymentMethod | null;
  /** The checkout, to open again when the browser blocked the window or the payer closed it early. */
  paymentUrl: string | null;
  /** The browser refused to open the payment window. */
  blocked: boolean;
  onOpenPaymentPage(): void;
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 px-2 py-6 text-center">
      {icon}
      <p className="text-base font-semibold text-slate-900 dark:text-white">{title}</p>
      {children && <div className="max-w-sm space-y-3 text-sm text-slate-600 dark:text-slate-300">{children}</div>}
    </div>
  );
}

export function ProcessingStep({ phase, method, paymentUrl, blocked, onOpenPaymentPage }: ProcessingStepProps) {
  const provider = method ? PAYMENT_METHOD_LABELS[method] : 'the payment provider';
  const reopen = paymentUrl && (
    <Button variant="secondary" onClick={onOpenPaymentPage}>
      <ExternalLink className="size-4" aria-hidden="true" />
      Open payment page
    </Button>
  );
  switch (phase) {
    case 'connecting':
      return <Panel icon={<Spinner className="size-8 text-emerald-600" />} title={`Connecting to ${provider}…`} />;
    case 'waiting':
      if (blocked) {
        return (
          <Panel
            icon={<ExternalLink className="size-8 text-sky-600" aria-hidden="true" />}
            title="Open the payment page"
          >
            <p>Your browser did not let us open the payment window. Open it yourself to complete the payment.</p>
            {reopen}
          </Panel>
        );
      }
      return (
        <Panel icon={<Spinner className="size-8 text-emerald-600" />} title="Complete the payment in the new window">
          <p>
            Pay on {provider}&apos;s page, then come back here. We check the result with {provider} as soon as the
            window closes.
          </p>
        </Panel>
      );
    case 'checking':
      return <Panel icon={<Spinner className="size-8 text-emerald-600" />} title="Checking your payment…" />;
    case 'pending':
      return (
        <Panel
          icon={<Clock className="size-9 text-amber-500" aria-hidden="true" />}
          title="We have not received confirmation yet"
        >
          <p>
            No money is recorded for this payment yet. If you completed it, the confirmation can take a moment: check
            again shortly. If you did not finish paying, you can open the payment page again.
          </p>
          {reopen}
        </Panel>
      );
    case 'review':
      return (
        <Panel
          icon={<ShieldAlert className="size-9 text-sky-600" aria-hidden="true" />}
          title="Your payment is under review"
        >
          <p>
            The school must check this payment before it is credited to your fee. The Bursar office will contact you.
          </p>
        </Panel>
      );
    case 'failed':
      return (
        <Panel icon={<XCircle className="size-9 text-red-600" aria-hidden="true" />} title="Payment failed">
          <p>{provider} reported that this payment did not go through. Nothing was credited to your fee.</p>
        </Panel>
      );
  }
}

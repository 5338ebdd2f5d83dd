import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';

/** What the payment window shows for the moment between the provider's redirect and closing. */
export function PaymentWindowReturn() {
  useEffect(() => {
    window.close();
  }, []);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 p-6 text-center dark:bg-slate-950">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-slate-900 dark:text-white">
        Payment received — you can close this window
      </h1>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">
        Your fee page shows the confirmed result of this payment.
      </p>
    </main>
  );
}

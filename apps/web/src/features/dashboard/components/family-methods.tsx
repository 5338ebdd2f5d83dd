import type { PaymentMethodOption } from '@schoolledger/domain';
import { Banknote, CreditCard, Globe, Landmark, type LucideIcon } from 'lucide-react';

const ICONS: Record<PaymentMethodOption['method'], LucideIcon> = {
  paystack: CreditCard,
  flutterwave: Globe,
  bank_transfer: Landmark,
  cash: Banknote,
};

/** The methods the student's school takes, as the payment dialog offers them. */
export function MethodList({ methods }: { methods: readonly PaymentMethodOption[] }) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {methods.map((option) => {
        const Icon = ICONS[option.method];
        return (
          <li key={option.method} className="flex items-start gap-3 px-5 py-3">
            <span className="rounded-lg bg-emerald-50 p-2 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{option.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{option.description}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

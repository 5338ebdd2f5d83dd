import type { PaymentMethod } from '@schoolledger/domain';
import { Banknote, CreditCard, Globe, Landmark, type LucideIcon, PiggyBank } from 'lucide-react';

const ICONS: Record<PaymentMethod, LucideIcon> = {
  paystack: CreditCard,
  flutterwave: Globe,
  bank_transfer: Landmark,
  cash: Banknote,
  credit: PiggyBank,
};

/** SPEC §9 colours per method. */
const COLOURS: Record<PaymentMethod, string> = {
  paystack: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  flutterwave: 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300',
  bank_transfer: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
  cash: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  credit: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
};

export function MethodIcon({ method }: { method: PaymentMethod }) {
  const Icon = ICONS[method];
  return (
    <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${COLOURS[method]}`}>
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

import {
  formatKobo,
  type Kobo,
  koboToDecimal,
  ONLINE_METHODS,
  type OnlineMethod,
  type PaymentMethod,
  type PaymentMethodOption,
  type StudentFee,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { EmptyState, FormField, Input, LoadingState } from '@/components/ui';
import { useAvailableMethods } from '../api/get-available-methods';
import { type AmountRules, amountRules, type PaymentType, parseInstallment } from '../lib/amount';
import { PAYMENT_TEXT } from '../lib/messages';
import { FeeSummary } from './fee-summary';
import { MethodIcon } from './method-icon';

/** SPEC §8: when the school's methods cannot be loaded, the payer can still pay in person or by transfer. */
const FALLBACK_OPTIONS: PaymentMethodOption[] = [
  {
    method: 'cash',
    name: 'Cash Payment',
    description: PAYMENT_TEXT.cashFallback,
    icon: 'cash',
    enabled: true,
    bank_details: null,
  },
  {
    method: 'bank_transfer',
    name: 'Bank Transfer',
    description: PAYMENT_TEXT.bankFallback,
    icon: 'bank',
    enabled: true,
    bank_details: null,
  },
];

export const isOnline = (method: PaymentMethod): method is OnlineMethod =>
  (ONLINE_METHODS as readonly PaymentMethod[]).includes(method);

/** What the payer chose: the method, and for an online installment the amount. */
export interface MethodChoice {
  option: PaymentMethodOption;
  /** The installment; absent for the full outstanding. */
  amount?: Kobo;
}

/** The state of the methods step, kept by the dialog so its footer can name the amount. */
export function useMethodChoice(item: StudentFee | null, studentId: string | null) {
  const query = useAvailableMethods(studentId, item !== null);
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const [type, setType] = useState<PaymentType>('full');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const options = query.isError ? FALLBACK_OPTIONS : (query.data?.methods ?? null);
  const enabled = options?.filter((option) => option.enabled) ?? [];
  const preferred = picked ?? query.data?.default_payment_method;
  const option = enabled.find((candidate) => candidate.method === preferred) ?? enabled[0] ?? null;
  const rules = item ? amountRules(item, query.data) : null;
  const installment = Boolean(option && isOnline(option.method) && rules?.installments && type === 'installment');
  const typed = installment && rules ? parseInstallment(amount, rules) : null;
  const amountError = typed && 'error' in typed ? typed.error : null;
  /** What the payer is about to pay; null while the installment typed is not payable. */
  let payable: Kobo | null = rules?.outstanding ?? null;
  if (typed) payable = 'kobo' in typed ? typed.kobo : null;

  return {
    loading: query.isPending && item !== null,
    options,
    option,
    rules,
    type,
    amount,
    amountError: submitted ? amountError : null,
    payable,
    pick: setPicked,
    setType(next: PaymentType) {
      setType(next);
      if (next === 'installment' && !amount && rules) setAmount(koboToDecimal(rules.minimum));
    },
    setAmount,
    /** The choice to act on, or null (with the error now shown) when the amount is not payable. */
    submit(): MethodChoice | null {
      setSubmitted(true);
      if (!option || amountError) return null;
      return typed && 'kobo' in typed ? { option, amount: typed.kobo } : { option };
    },
  };
}

export type MethodChoiceState = ReturnType<typeof useMethodChoice>;

interface MethodStepProps {
  formId: string;
  item: StudentFee;
  state: MethodChoiceState;
  onSubmit(choice: MethodChoice): void;
}

export function MethodStep({ formId, item, state, onSubmit }: MethodStepProps) {
  const amountId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const choice = state.submit();
    if (choice) onSubmit(choice);
    else document.getElementById(amountId)?.focus();
  }

  let methods: ReactNode;
  if (state.loading || !state.options) {
    methods = <LoadingState label="Loading payment methods..." />;
  } else if (state.options.length === 0) {
    methods = (
      <EmptyState
        icon={CircleAlert}
        title={PAYMENT_TEXT.noMethodsTitle}
        description={PAYMENT_TEXT.noMethodsBody}
        className="py-6"
      />
    );
  } else {
    methods = (
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Payment method</legend>
        <div className="space-y-2">
          {state.options.map((option) => (
            <MethodOption
              key={option.method}
              option={option}
              checked={state.option?.method === option.method}
              onPick={() => state.pick(option.method)}
            />
          ))}
        </div>
      </fieldset>
    );
  }

  const online = state.option && isOnline(state.option.method);
  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-5">
      <FeeSummary item={item} />
      {methods}
      {online && state.rules && <PaymentTypeFields rules={state.rules} state={state} amountId={amountId} />}
    </form>
  );
}

function MethodOption({ option, checked, onPick }: { option: PaymentMethodOption; checked: boolean; onPick(): void }) {
  return (
    <label
      className={clsx(
        'flex items-center gap-3 rounded-lg border p-3 transition-colors',
        option.enabled
          ? 'cursor-pointer border-slate-200 hover:border-emerald-400 has-checked:border-emerald-600 has-checked:bg-emerald-50/60 has-focus-visible:ring-2 has-focus-visible:ring-emerald-600/40 dark:border-slate-700 dark:has-checked:bg-emerald-500/10'
          : 'cursor-not-allowed border-dashed border-slate-200 opacity-55 dark:border-slate-700',
      )}
    >
      <input
        type="radio"
        name="payment-method"
        value={option.method}
        checked={checked}
        disabled={!option.enabled}
        onChange={onPick}
        className="size-4 shrink-0 accent-emerald-600"
      />
      <MethodIcon method={option.method} />
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900 dark:text-white">{option.name}</span>
        <span className="block text-sm text-slate-500 dark:text-slate-400">{option.description}</span>
      </span>
      {!option.enabled && <span className="shrink-0 text-xs font-medium text-slate-500">Not available</span>}
    </label>
  );
}

function PaymentTypeFields({
  rules,
  state,
  amountId,
}: {
  rules: AmountRules;
  state: MethodChoiceState;
  amountId: string;
}) {
  if (!rules.installments) {
    return (
      <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        You will pay the full outstanding amount of{' '}
        <strong className="font-semibold">{formatKobo(rules.outstanding)}</strong>.
      </p>
    );
  }
  const types: { value: PaymentType; label: string; hint: string }[] = [
    { value: 'full', label: 'Full payment', hint: formatKobo(rules.outstanding) },
    { value: 'installment', label: 'Installment', hint: `From ${formatKobo(rules.minimum)}` },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Payment type</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {types.map((type) => (
          <label
            key={type.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-emerald-600 has-checked:bg-emerald-50/60 has-focus-visible:ring-2 has-focus-visible:ring-emerald-600/40 dark:border-slate-700 dark:has-checked:bg-emerald-500/10"
          >
            <input
              type="radio"
              name="payment-type"
              value={type.value}
              checked={state.type === type.value}
              onChange={() => state.setType(type.value)}
              className="size-4 accent-emerald-600"
            />
            <span>
              <span className="block text-sm font-medium text-slate-900 dark:text-white">{type.label}</span>
              <span className="block text-sm text-slate-500 dark:text-slate-400">{type.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {state.type === 'installment' && (
        <FormField
          label="Amount to pay now (₦)"
          required
          error={state.amountError ?? undefined}
          hint={`At least ${formatKobo(rules.minimum)} and at most the outstanding ${formatKobo(rules.outstanding)}.`}
        >
          <Input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            value={state.amount}
            onChange={(event) => state.setAmount(event.target.value)}
          />
        </FormField>
      )}
    </fieldset>
  );
}

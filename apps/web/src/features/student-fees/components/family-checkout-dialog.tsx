import {
  type CheckoutInput,
  checkoutInputSchema,
  displayName,
  formatKobo,
  type Kobo,
  ONLINE_METHODS,
  type OnlineMethod,
  PAYMENT_METHOD_LABELS,
  type Student,
  type StudentFee,
} from '@schoolledger/domain';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { allOf, QueryState } from '@/components/query-state';
import { Button, Checkbox, EmptyState, ErrorBanner, FormField, Input, Modal } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { getAvailableMethods } from '../api/get-available-methods';
import { useUnpaidFees } from '../api/get-unpaid-fees';
import { studentFeeKeys } from '../api/keys';
import { startCheckout } from '../api/start-checkout';
import { type AmountRules, amountRules, parseInstallment } from '../lib/amount';
import { MethodIcon } from './method-icon';

interface Ticked {
  studentId: string;
  feeId: string;
  /** Empty for the full outstanding; the installment as typed otherwise. */
  installment: string | null;
}

const keyOf = (studentId: string, feeId: string) => `${studentId}:${feeId}`;

export interface FamilyCheckoutDialogProps {
  childrenOf: Student[];
  onClose(): void;
}

/**
 * Issue 16: a parent ticks fees across their children, each in full or as an installment where
 * the fee and the school allow it, sees one total and pays it in one provider checkout. The
 * provider sends them back to /student/fees?checkout=<reference>, which lists each fee's receipt.
 */
export function FamilyCheckoutDialog({ childrenOf, onClose }: FamilyCheckoutDialogProps) {
  const formId = useId();
  const ids = childrenOf.map((child) => child._id);
  const fees = useUnpaidFees(ids, true);
  const methods = useQueries({
    queries: ids.map((studentId) => ({
      queryKey: studentFeeKeys.methods(studentId),
      queryFn: ({ signal }: { signal: AbortSignal }) => getAvailableMethods(studentId, signal),
      retry: false,
      staleTime: 60_000,
    })),
  });
  const [ticked, setTicked] = useState<Map<string, Ticked>>(new Map());
  const [picked, setPicked] = useState<OnlineMethod | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const feesRead = allOf(fees);
  // A school's methods only narrow how the fees can be paid online: waited for, never a failure of the list.
  const read = { ...feesRead, isPending: feesRead.isPending || methods.some((query) => query.isPending) };
  const rows = childrenOf.map((child, index) => ({
    child,
    fees: (fees[index]?.data?.fees ?? []).filter((item) => item.outstanding > 0n),
    methods: methods[index]?.data,
  }));
  const chosenRows = rows.filter((row) => row.fees.some((item) => ticked.has(keyOf(row.child._id, item.fee._id))));
  // One transaction: only a method every chosen child's school takes online.
  const online = ONLINE_METHODS.filter((method) =>
    (chosenRows.length ? chosenRows : rows).every((row) =>
      row.methods?.methods.some((option) => option.method === method && option.enabled),
    ),
  );
  const method = picked && online.includes(picked) ? picked : (online[0] ?? null);

  const lines = rows.flatMap((row) =>
    row.fees.flatMap((item) => {
      const choice = ticked.get(keyOf(row.child._id, item.fee._id));
      if (!choice) return [];
      const rules = amountRules(item, row.methods);
      const parsed = choice.installment === null ? null : parseInstallment(choice.installment, rules);
      return [{ row, item, choice, rules, parsed }];
    }),
  );
  const total = lines.reduce<Kobo | null>((sum, line) => {
    if (sum === null) return null;
    if (line.parsed === null) return sum + line.item.outstanding;
    return 'kobo' in line.parsed ? sum + line.parsed.kobo : null;
  }, 0n);

  function toggle(studentId: string, feeId: string, on: boolean) {
    setTicked((current) => {
      const next = new Map(current);
      if (on) next.set(keyOf(studentId, feeId), { studentId, feeId, installment: null });
      else next.delete(keyOf(studentId, feeId));
      return next;
    });
  }

  function setInstallment(studentId: string, feeId: string, installment: string | null) {
    setTicked((current) => new Map(current).set(keyOf(studentId, feeId), { studentId, feeId, installment }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!method || total === null || lines.length === 0) return;
    const input: CheckoutInput = {
      method,
      items: lines.map(({ choice, parsed }) => ({
        student_id: choice.studentId,
        fee_id: choice.feeId,
        ...(parsed && 'kobo' in parsed ? { amount: parsed.kobo } : {}),
      })),
    };
    const valid = checkoutInputSchema.safeParse(input);
    if (!valid.success) {
      setFailure(valid.error.issues[0]?.message ?? 'Please check the fees you chose');
      return;
    }
    setStarting(true);
    try {
      const started = await startCheckout(valid.data);
      // The provider's page takes over this tab and sends the payer back to the checkout's page.
      window.location.assign(started.paymentUrl);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to start the payment'));
      setStarting(false);
    }
  }

  // The rows above are read from these same queries, so the form takes nothing from QueryState.
  const body = (
    <QueryState
      query={read}
      loading="Loading your children's fees..."
      errorTitle="Failed to load the fees"
      isEmpty={() => rows.every((row) => row.fees.length === 0)}
      empty={
        <EmptyState
          title="Nothing to pay"
          description="Your children have no outstanding fees to pay online right now."
        />
      }
    >
      {() => (
        <form id={formId} noValidate onSubmit={submit} className="space-y-5">
          {rows.map((row) =>
            row.fees.length === 0 ? null : (
              <fieldset key={row.child._id} className="space-y-2">
                <legend className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">
                  {displayName(row.child)}
                  <span className="ml-1.5 font-normal text-slate-500 dark:text-slate-400">
                    · {row.child.school.name}
                  </span>
                </legend>
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                  {row.fees.map((item) => (
                    <FeeLine
                      key={item.fee._id}
                      item={item}
                      rules={amountRules(item, row.methods)}
                      choice={ticked.get(keyOf(row.child._id, item.fee._id)) ?? null}
                      submitted={submitted}
                      onToggle={(on) => toggle(row.child._id, item.fee._id, on)}
                      onInstallment={(value) => setInstallment(row.child._id, item.fee._id, value)}
                    />
                  ))}
                </ul>
              </fieldset>
            ),
          )}
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Pay with</legend>
            {online.length === 0 ? (
              <p className="text-sm text-red-700 dark:text-red-400">
                The schools of the fees you chose do not share an online payment method: pay them separately.
              </p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                {online.map((option) => (
                  <label
                    key={option}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-emerald-600 has-checked:bg-emerald-50/60 has-focus-visible:ring-2 has-focus-visible:ring-emerald-600/40 dark:border-slate-700 dark:has-checked:bg-emerald-500/10"
                  >
                    <input
                      type="radio"
                      name="checkout-method"
                      value={option}
                      checked={method === option}
                      onChange={() => setPicked(option)}
                      className="size-4 shrink-0 accent-emerald-600"
                    />
                    <MethodIcon method={option} />
                    <span className="text-sm font-medium text-slate-900 dark:text-white">
                      {PAYMENT_METHOD_LABELS[option]}
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {submitted && lines.length === 0 && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Tick at least one fee to pay.
            </p>
          )}
          {failure && (
            <ErrorBanner title="The payment could not be started">
              <p>{failure}</p>
            </ErrorBanner>
          )}
        </form>
      )}
    </QueryState>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title="Pay for several fees"
      description="Tick the fees to pay in one payment. Each fee gets its own receipt."
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Total{' '}
            <strong
              className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white"
              data-testid="checkout-total"
            >
              {total === null ? '—' : formatKobo(total)}
            </strong>
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              loading={starting}
              disabled={read.isPending || !method || lines.length === 0 || total === null}
            >
              {total && total > 0n ? `Pay ${formatKobo(total)}` : 'Pay'}
            </Button>
          </div>
        </div>
      }
    >
      {body}
    </Modal>
  );
}

function FeeLine({
  item,
  rules,
  choice,
  submitted,
  onToggle,
  onInstallment,
}: {
  item: StudentFee;
  rules: AmountRules;
  choice: Ticked | null;
  submitted: boolean;
  onToggle(on: boolean): void;
  onInstallment(value: string | null): void;
}) {
  const amountId = useId();
  const typed = choice?.installment ?? null;
  const parsed = typed === null ? null : parseInstallment(typed, rules);
  const error = submitted && parsed && 'error' in parsed ? parsed.error : undefined;
  return (
    <li className="space-y-3 p-3">
      <div className="flex items-start justify-between gap-3">
        <Checkbox
          checked={choice !== null}
          onChange={(event) => onToggle(event.target.checked)}
          label={
            <span>
              <span className="block font-medium text-slate-900 dark:text-white">{item.fee.name}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{item.fee.term.name}</span>
            </span>
          }
          className="min-w-0 items-start [&>input]:mt-0.5"
        />
        <span className="shrink-0 text-sm font-medium text-slate-900 tabular-nums dark:text-white">
          {formatKobo(item.outstanding)}
        </span>
      </div>
      {choice && rules.installments && (
        <div className="space-y-2 pl-6">
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${amountId}-type`}
                checked={typed === null}
                onChange={() => onInstallment(null)}
                className="size-4 accent-emerald-600"
              />
              Full amount
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${amountId}-type`}
                checked={typed !== null}
                onChange={() => onInstallment('')}
                className="size-4 accent-emerald-600"
              />
              Installment (from {formatKobo(rules.minimum)})
            </label>
          </div>
          {typed !== null && (
            <FormField label={`Amount for ${item.fee.name} (₦)`} required error={error}>
              <Input
                id={amountId}
                inputMode="decimal"
                autoComplete="off"
                value={typed}
                onChange={(event) => onInstallment(event.target.value)}
                className="sm:max-w-48"
              />
            </FormField>
          )}
        </div>
      )}
    </li>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type CashPaymentResult, displayName, formatKobo, type OwedFee } from '@schoolledger/domain';
import { Banknote, Inbox } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button, Card, CardBody, CardHeader, EmptyState, FormField, Input, Textarea } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth';
import { applyFieldErrors } from '@/lib/form';
import { useRecordCashPayment } from '../api/record-cash-payment';
import {
  type CashFormOutput,
  type CashFormValues,
  cashFormSchema,
  emptyCashForm,
  type PaymentType,
} from '../lib/cash-form';
import type { QueuedPayment } from '../lib/desk-store';
import type { DeskFees } from '../lib/offline-fees';
import { shortCodeOf } from '../lib/payment-queue';
import type { ChosenStudent } from './student-search';

export interface RecordedCash {
  result: CashPaymentResult;
  fee: OwedFee;
}

function FeeOption({
  item,
  register,
}: {
  item: OwedFee;
  register: ReturnType<typeof useForm<CashFormValues>>['register'];
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 transition-colors hover:border-emerald-400 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600/40 dark:border-slate-700 dark:has-[:checked]:bg-emerald-500/10">
      <input
        type="radio"
        value={item.fee._id}
        className="mt-1 size-4 shrink-0 accent-emerald-600"
        {...register('fee_id')}
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="font-medium text-slate-900 dark:text-white">{item.fee.name}</span>
          <span className="text-sm font-semibold text-slate-900 dark:text-white">
            {formatKobo(item.outstanding)} <span className="font-normal text-slate-500">outstanding</span>
          </span>
        </span>
        <span className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-500 dark:text-slate-400">
          <span>
            {item.fee.term.name}, {item.fee.term.session.name}
          </span>
          <span>
            Amount <span className="text-slate-700 dark:text-slate-300">{formatKobo(item.amountDue)}</span>
          </span>
          <span>
            Paid <span className="text-slate-700 dark:text-slate-300">{formatKobo(item.amountPaid)}</span>
          </span>
          <span className="capitalize">{item.fee.type}</span>
        </span>
      </span>
    </label>
  );
}

/**
 * Steps 2 and 3: pick one of the student's fees, then full or partial cash with optional notes.
 * With no network (or no answer) the payment is kept on the device under the key it was sent
 * with, and the payer gets a provisional slip until the server numbers the receipt.
 */
export function CashPaymentForm({
  data,
  student,
  online,
  onFeeChosen,
  onRecorded,
  onQueued,
}: {
  data: DeskFees;
  student: ChosenStudent;
  online: boolean;
  onFeeChosen(chosen: boolean): void;
  onRecorded(recorded: RecordedCash): void;
  onQueued(payment: QueuedPayment): Promise<void>;
}) {
  const bursar = useAuthStore((state) => state.user);
  const owed = useMemo(() => new Map(data.fees.map((item) => [item.fee._id, item.outstanding] as const)), [data.fees]);
  const schema = useMemo(() => cashFormSchema(owed), [owed]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<CashFormValues, unknown, CashFormOutput>({ resolver: zodResolver(schema), defaultValues: emptyCashForm });
  const [feeId, paymentType] = useWatch({ control, name: ['fee_id', 'payment_type'] });
  const chosen = data.fees.find((item) => item.fee._id === feeId);
  useEffect(() => onFeeChosen(Boolean(chosen)), [chosen, onFeeChosen]);
  const record = useRecordCashPayment();
  // The key of the attempt in flight: a double click or a retry after a lost answer repeats it.
  const attempt = useRef<{ feeId: string; key: string } | null>(null);
  // A double click while the payment is being kept on the device keeps it once.
  const queuing = useRef(false);

  const submit = handleSubmit(async (values) => {
    if (record.isPending || queuing.current) return;
    if (attempt.current?.feeId !== values.fee_id) attempt.current = { feeId: values.fee_id, key: crypto.randomUUID() };
    const idempotencyKey = attempt.current.key;
    const fee = data.fees.find((item) => item.fee._id === values.fee_id) as OwedFee;
    const input = {
      user_id: data.student._id,
      fee_id: values.fee_id,
      ...(values.amount === undefined ? {} : { amount: values.amount }),
      ...(values.notes ? { notes: values.notes } : {}),
    };
    // The cash in hand is what the server is asked to credit later, not what it will think is owed then.
    const queue = async () => {
      queuing.current = true;
      try {
        await onQueued(queued());
      } finally {
        queuing.current = false;
      }
    };
    const queued = (): QueuedPayment => ({
      idempotencyKey,
      shortCode: shortCodeOf(idempotencyKey),
      ownerId: bursar?._id ?? '',
      bursar: bursar ? displayName(bursar) : '',
      recordedAt: new Date().toISOString(),
      input: { ...input, amount: values.amount ?? fee.outstanding },
      student,
      fee: { _id: fee.fee._id, name: fee.fee.name, term: `${fee.fee.term.name}, ${fee.fee.term.session.name}` },
      status: 'waiting',
    });
    if (!online) {
      await queue();
      attempt.current = null;
      return;
    }
    try {
      const result = await record.mutateAsync({ input, idempotencyKey });
      attempt.current = null;
      onRecorded({ result, fee });
    } catch (error) {
      // No answer at all: the server may or may not have it; the same key makes either safe.
      if (error instanceof ApiError && error.status === 0) {
        await queue();
        attempt.current = null;
        return;
      }
      applyFieldErrors(error, setError, ['fee_id', 'amount', 'notes']);
    }
  });

  const typeOption = (value: PaymentType, label: string, hint: string) => (
    <label className="flex flex-1 cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600/40 dark:border-slate-700 dark:has-[:checked]:bg-emerald-500/10">
      <input type="radio" value={value} className="mt-0.5 size-4 accent-emerald-600" {...register('payment_type')} />
      <span>
        <span className="block text-sm font-medium text-slate-900 dark:text-white">{label}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span>
      </span>
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-5 lg:items-start">
      <Card className="lg:col-span-3">
        <CardHeader
          title="Select fee"
          description={`${data.student.school.name} · what ${data.student.name} still owes, this term and earlier`}
        />
        <CardBody>
          {data.fees.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title="Nothing owed"
              description="This student owes nothing on any approved fee."
              className="py-8"
            />
          ) : (
            <fieldset className="space-y-3" aria-describedby={errors.fee_id ? 'cash-fee-error' : undefined}>
              <legend className="sr-only">Fee</legend>
              {data.fees.map((item) => (
                <FeeOption key={item.fee._id} item={item} register={register} />
              ))}
              {errors.fee_id && (
                <p id="cash-fee-error" className="text-sm text-red-600 dark:text-red-400">
                  {errors.fee_id.message}
                </p>
              )}
            </fieldset>
          )}
        </CardBody>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader title="Payment" description="Cash received at the bursary" />
        <CardBody className="space-y-5">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Payment type</legend>
            <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
              {typeOption('full', 'Full payment', chosen ? formatKobo(chosen.outstanding) : 'All that is outstanding')}
              {typeOption('partial', 'Partial payment', 'Part of what is outstanding')}
            </div>
          </fieldset>
          {paymentType === 'partial' && (
            <FormField
              label="Amount (₦)"
              error={errors.amount?.message}
              hint={chosen ? `Up to ${formatKobo(chosen.outstanding)}` : 'Select a fee first'}
              required
            >
              <Input type="number" inputMode="decimal" min={1} step={0.01} {...register('amount')} />
            </FormField>
          )}
          <FormField label="Notes" error={errors.notes?.message} hint="Optional, printed on the receipt">
            <Textarea rows={2} {...register('notes')} />
          </FormField>
          <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
            <div className="flex justify-between gap-3">
              <span className="text-slate-500 dark:text-slate-400">Fee</span>
              <span className="text-right font-medium text-slate-900 dark:text-white">
                {chosen?.fee.name ?? 'None selected'}
              </span>
            </div>
            {chosen && (
              <div className="mt-1 flex justify-between gap-3">
                <span className="text-slate-500 dark:text-slate-400">Outstanding</span>
                <span className="font-medium text-slate-900 dark:text-white">{formatKobo(chosen.outstanding)}</span>
              </div>
            )}
          </div>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={record.isPending}
            disabled={data.fees.length === 0}
          >
            {!record.isPending && <Banknote className="size-5" aria-hidden="true" />}
            {record.isPending ? 'Recording...' : online ? 'Record cash payment' : 'Record cash payment offline'}
          </Button>
        </CardBody>
      </Card>
    </form>
  );
}

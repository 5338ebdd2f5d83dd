import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADJUSTMENT_KIND_LABELS,
  type AdjustmentFormValues,
  type AdjustmentInput,
  adjustmentInputSchema,
  formatKobo,
  MANUAL_ADJUSTMENT_KINDS,
  parseNaira,
  parsePercent,
} from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormDialog, FormField, Input, Select, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { attachAdjustmentDocument } from '../api/attach-adjustment-document';
import { useCreateAdjustment } from '../api/create-adjustment';
import { useStudentFees } from '../api/get-student-fees';
import { adjustmentKeys } from '../api/keys';
import { previewAdjustment } from '../lib/format';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { emptyIsUnset, NairaInput, PercentInput } from './money-inputs';
import { type FoundStudent, StudentFinder } from './student-finder';

const FIELDS = ['student_id', 'fee_id', 'kind', 'basis', 'amount', 'percent', 'reason'] as const;

const BASES = [
  ['fixed', 'Fixed amount'],
  ['percent', 'Percentage of the fee'],
  ['balance', 'Whole balance'],
] as const;

export function AdjustmentFormDialog({ onClose }: { onClose(): void }) {
  const create = useCreateAdjustment();
  const queryClient = useQueryClient();
  const [student, setStudent] = useState<FoundStudent | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const fees = useStudentFees(student?._id ?? '');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AdjustmentFormValues, unknown, AdjustmentInput>({
    resolver: zodResolver(adjustmentInputSchema),
    // Hidden fields (the amount of a percentage, say) drop out of what is checked and sent.
    shouldUnregister: true,
    defaultValues: { student_id: '', fee_id: '', kind: 'discount', basis: 'fixed', reason: '' },
  });

  const kind = watch('kind');
  const basis = watch('basis');
  const feeId = watch('fee_id');
  const fee = fees.data?.fees.find((item) => item.fee._id === feeId);
  const typedAmount = watch('amount');
  const typedPercent = watch('percent');
  const preview = fee
    ? previewAdjustment(fee, {
        basis,
        amount: typedAmount === undefined ? null : parseNaira(typedAmount),
        percentBp: typedPercent === undefined ? null : parsePercent(typedPercent),
      })
    : null;

  const choose = (picked: FoundStudent | null) => {
    setStudent(picked);
    setValue('student_id', picked?._id ?? '', { shouldValidate: Boolean(picked) });
    setValue('fee_id', '');
  };

  // The adjustment exists once recorded, so a document that fails to upload is reported, not retried by resubmitting.
  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: async ({ data }) => {
        if (document && data) {
          await attachAdjustmentDocument({ id: data._id, file: document }).then(
            () => queryClient.invalidateQueries({ queryKey: adjustmentKeys.all }),
            (error) => notify.error(`${ADJUSTMENT_MESSAGES.documentMissed} ${errorMessage(error, '')}`.trim()),
          );
        }
        onClose();
      },
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <FormDialog
      title="New adjustment"
      description="A discount, scholarship or waiver on one student's fee. It counts once another person approves it."
      submitLabel="Record adjustment"
      busyLabel="Recording..."
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <input type="hidden" {...register('student_id')} />
      {student ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900 dark:text-white">{student.name}</p>
            <p className="text-slate-500 dark:text-slate-400">
              <span className="font-mono">{student.regNo}</span> · {student.school}
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => choose(null)}>
            Change student
          </Button>
        </div>
      ) : (
        <StudentFinder label="Student" action="Choose" onPick={choose} error={errors.student_id?.message} />
      )}

      <FormField
        label="Fee"
        required
        error={errors.fee_id?.message}
        hint={
          student && fees.isError
            ? errorMessage(fees.error, 'Failed to fetch the student’s fees')
            : student && fees.data?.fees.length === 0
              ? 'This student owes nothing at the moment.'
              : undefined
        }
      >
        <Select {...register('fee_id')} value={feeId ?? ''} disabled={!student || fees.isPending}>
          <option value="">
            {!student ? 'Choose a student first' : fees.isPending ? 'Loading fees...' : 'Select a fee'}
          </option>
          {fees.data?.fees.map((item) => (
            <option key={item.fee._id} value={item.fee._id}>
              {item.fee.name} ({item.fee.term.name}) · {formatKobo(item.outstanding)} outstanding
            </option>
          ))}
        </Select>
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Kind" required error={errors.kind?.message}>
          <Select
            {...register('kind', {
              // Only a waiver takes the whole balance.
              onChange: (event) => {
                if (event.target.value !== 'waiver' && basis === 'balance') setValue('basis', 'fixed');
              },
            })}
          >
            {MANUAL_ADJUSTMENT_KINDS.map((value) => (
              <option key={value} value={value}>
                {ADJUSTMENT_KIND_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        <fieldset className="space-y-1.5">
          <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">Worked out as</legend>
          <div className="flex flex-col gap-1.5">
            {BASES.filter(([value]) => value !== 'balance' || kind === 'waiver').map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input type="radio" value={value} className="size-4 accent-emerald-600" {...register('basis')} />
                {label}
              </label>
            ))}
          </div>
          {errors.basis && <p className="text-sm text-red-600 dark:text-red-400">{errors.basis.message}</p>}
        </fieldset>
      </div>

      {basis === 'fixed' && (
        <FormField label="Amount (₦)" required error={errors.amount?.message}>
          <NairaInput {...register('amount', { setValueAs: emptyIsUnset })} />
        </FormField>
      )}
      {basis === 'percent' && (
        <FormField label="Percentage (%)" required error={errors.percent?.message} hint="Of the fee's amount">
          <PercentInput {...register('percent', { setValueAs: emptyIsUnset })} />
        </FormField>
      )}

      {preview && (
        <p
          aria-live="polite"
          className={clsx(
            'rounded-lg px-3 py-2 text-sm font-medium tabular-nums',
            preview.tooMuch
              ? 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300'
              : 'bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200',
          )}
        >
          {preview.text}
          {preview.tooMuch && <span className="block font-normal">This is more than is outstanding on the fee.</span>}
        </p>
      )}

      <FormField
        label="Reason"
        required
        error={errors.reason?.message}
        hint="Kept with the adjustment and shown to approvers"
      >
        <Textarea rows={2} {...register('reason')} />
      </FormField>

      <FormField label="Document" hint="Optional: the letter, award or form behind it (an image or a PDF, under 5MB)">
        <Input
          type="file"
          accept="image/png,image/jpeg,image/webp,application/pdf"
          onChange={(event) => setDocument(event.target.files?.[0] ?? null)}
        />
      </FormField>
    </FormDialog>
  );
}

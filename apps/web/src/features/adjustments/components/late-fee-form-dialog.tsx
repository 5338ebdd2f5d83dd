import { zodResolver } from '@hookform/resolvers/zod';
import {
  koboToDecimal,
  type LateFeePolicy,
  type LateFeePolicyInput,
  lateFeePolicyInputSchema,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox, FormDialog, FormField, Input, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useSchoolFees } from '../api/get-school-fees';
import { useSaveLateFeePolicy } from '../api/save-late-fee-policy';
import { emptyIsUnset, NairaInput, PercentInput } from './money-inputs';

type LateFeeFormValues = z.input<typeof lateFeePolicyInputSchema>;

const FIELDS = ['fee_id', 'basis', 'amount', 'percent', 'grace_days', 'repeat', 'cap'] as const;

function defaults(schoolId: string, policy: LateFeePolicy | undefined): LateFeeFormValues {
  return {
    school_id: schoolId,
    fee_id: policy?.fee?._id ?? null,
    basis: policy?.basis ?? 'fixed',
    amount: policy?.amount == null ? undefined : koboToDecimal(policy.amount),
    percent: policy?.percent == null ? undefined : String(policy.percent / 100),
    grace_days: policy?.graceDays ?? 7,
    repeat: policy?.repeat ?? 'once',
    cap: policy?.cap == null ? undefined : koboToDecimal(policy.cap),
    is_active: policy?.isActive ?? true,
  };
}

export interface LateFeeFormDialogProps {
  schoolId: string;
  /** The policy to change; a new one without it. */
  policy?: LateFeePolicy | undefined;
  /** Whether the school has a default already, so a new one starts on a fee of its own. */
  hasDefault: boolean;
  onClose(): void;
}

/** The school's default late fee, or one fee's own: saving replaces the one there was. */
export function LateFeeFormDialog({ schoolId, policy, hasDefault, onClose }: LateFeeFormDialogProps) {
  const save = useSaveLateFeePolicy();
  const fees = useSchoolFees(schoolId);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<LateFeeFormValues, unknown, LateFeePolicyInput>({
    resolver: zodResolver(lateFeePolicyInputSchema),
    shouldUnregister: true,
    defaultValues: defaults(schoolId, policy),
  });
  const basis = watch('basis');
  const repeat = watch('repeat');
  const feeId = watch('fee_id');

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, { onSuccess: onClose, onError: (error) => applyFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <FormDialog
      title={policy ? 'Edit late fee' : 'Set a late fee'}
      description="Added to a fee still owed once its due date and the grace period have passed."
      submitLabel="Save late fee"
      busyLabel="Saving..."
      pending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <input type="hidden" {...register('school_id')} />
      {policy ? (
        // A policy stays on what it was set for: another fee's is a new policy.
        <div className="space-y-1.5 text-sm">
          <p className="font-medium text-slate-700 dark:text-slate-300">Applies to</p>
          <p className="text-slate-900 dark:text-white">{policy.fee?.name ?? 'School default'}</p>
          <input type="hidden" {...register('fee_id', { setValueAs: (value: string | null) => value || null })} />
        </div>
      ) : (
        <FormField
          label="Applies to"
          error={errors.fee_id?.message}
          hint={hasDefault && !feeId ? 'Saving replaces the school default.' : undefined}
        >
          <Select {...register('fee_id', { setValueAs: (value: string | null) => value || null })} value={feeId ?? ''}>
            <option value="">School default (every fee without its own)</option>
            {fees.isPending && <option disabled>Loading fees...</option>}
            {fees.data?.map((fee) => (
              <option key={fee._id} value={fee._id}>
                {fee.name} ({fee.term.name})
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Worked out as" required error={errors.basis?.message}>
          <Select {...register('basis')}>
            <option value="fixed">Fixed amount</option>
            <option value="percent">Percentage of the fee</option>
          </Select>
        </FormField>
        {basis === 'percent' ? (
          <FormField label="Percentage (%)" required error={errors.percent?.message}>
            <PercentInput {...register('percent', { setValueAs: emptyIsUnset })} />
          </FormField>
        ) : (
          <FormField label="Amount (₦)" required error={errors.amount?.message}>
            <NairaInput {...register('amount', { setValueAs: emptyIsUnset })} />
          </FormField>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Grace period (days)"
          required
          error={errors.grace_days?.message}
          hint="Days after the due date"
        >
          <Input type="number" inputMode="numeric" min={0} max={365} step={1} {...register('grace_days')} />
        </FormField>
        <FormField label="Charged" required error={errors.repeat?.message}>
          <Select {...register('repeat')}>
            <option value="once">Once</option>
            <option value="monthly">Every month it stays unpaid</option>
          </Select>
        </FormField>
      </div>
      <FormField
        label="Cap (₦)"
        required={repeat === 'monthly'}
        error={errors.cap?.message}
        hint="The most late fees can add to one student's fee; required when charged monthly"
      >
        <NairaInput {...register('cap', { setValueAs: (value: string) => (value === '' ? null : value) })} />
      </FormField>
      <Checkbox label="Active" {...register('is_active')} />
    </FormDialog>
  );
}

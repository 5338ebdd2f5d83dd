import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADJUSTMENT_RULE_KINDS,
  type AdjustmentRuleInput,
  adjustmentRuleInputSchema,
  capitalize,
  FEE_TYPES,
} from '@schoolledger/domain';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Checkbox, FormDialog, FormField, Input, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useSchools } from '@/lib/queries/schools';
import { useCreateAdjustmentRule } from '../api/create-adjustment-rule';
import { RULE_KIND_LABELS } from '../lib/format';
import type { AdjustmentPermissions } from '../lib/permissions';
import { emptyIsUnset, NairaInput, PercentInput } from './money-inputs';
import { type FoundStudent, StudentFinder } from './student-finder';

type RuleFormValues = z.input<typeof adjustmentRuleInputSchema>;

const FIELDS = [
  'school_id',
  'kind',
  'name',
  'fee_types',
  'second_percent',
  'later_percent',
  'basis',
  'amount',
  'percent',
  'student_ids',
] as const;

/** A sibling, staff-child or scholarship rule; it waits for another person's approval. */
export function RuleFormDialog({ may, onClose }: { may: AdjustmentPermissions; onClose(): void }) {
  const create = useCreateAdjustmentRule();
  const schools = useSchools(may.multiSchool);
  const [holders, setHolders] = useState<FoundStudent[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<RuleFormValues, unknown, AdjustmentRuleInput>({
    resolver: zodResolver(adjustmentRuleInputSchema),
    shouldUnregister: true,
    defaultValues: {
      school_id: may.multiSchool ? null : (may.me?.school?._id ?? null),
      kind: 'sibling',
      name: '',
      fee_types: ['tuition'],
      basis: 'percent',
      student_ids: [],
      is_active: true,
    },
  });
  const kind = watch('kind');
  const basis = watch('basis');
  const schoolId = watch('school_id');

  const onSubmit = handleSubmit((input) =>
    create.mutate(input, { onSuccess: onClose, onError: (error) => applyFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <FormDialog
      title="New rule"
      description="Applies to every matching fee by itself once another person approves it."
      submitLabel="Save rule"
      busyLabel="Saving..."
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Kind" required error={errors.kind?.message}>
          <Select {...register('kind')}>
            {ADJUSTMENT_RULE_KINDS.map((value) => (
              <option key={value} value={value}>
                {RULE_KIND_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        {may.multiSchool ? (
          <FormField label="School" error={errors.school_id?.message}>
            <Select
              {...register('school_id', { setValueAs: (value: string | null) => value || null })}
              value={schoolId ?? ''}
            >
              <option value="">All schools</option>
              {schools.data?.map((school) => (
                <option key={school._id} value={school._id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
        ) : (
          // One school's staff make rules for their own school only.
          <div className="space-y-1.5 text-sm">
            <p className="font-medium text-slate-700 dark:text-slate-300">School</p>
            <p className="py-2 text-slate-900 dark:text-white">{may.me?.school?.name ?? 'Your school'}</p>
            <input type="hidden" {...register('school_id')} />
          </div>
        )}
      </div>
      <FormField label="Name" required error={errors.name?.message} hint="For example Second child discount 2026/2027">
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Fee types it applies to</legend>
        <Controller
          control={control}
          name="fee_types"
          render={({ field }) => (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {FEE_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  label={capitalize(type)}
                  checked={field.value.includes(type)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked ? [...field.value, type] : field.value.filter((value) => value !== type),
                    )
                  }
                />
              ))}
            </div>
          )}
        />
        {errors.fee_types && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{errors.fee_types.message}</p>}
      </fieldset>

      {kind === 'sibling' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Second child (%)" required error={errors.second_percent?.message}>
            <PercentInput {...register('second_percent', { setValueAs: emptyIsUnset })} />
          </FormField>
          <FormField label="Third and later children (%)" required error={errors.later_percent?.message}>
            <PercentInput {...register('later_percent', { setValueAs: emptyIsUnset })} />
          </FormField>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Worked out as" required error={errors.basis?.message}>
            <Select {...register('basis')}>
              <option value="percent">Percentage of each fee</option>
              <option value="fixed">Fixed amount off each fee</option>
            </Select>
          </FormField>
          {basis === 'fixed' ? (
            <FormField label="Amount (₦)" required error={errors.amount?.message}>
              <NairaInput {...register('amount', { setValueAs: emptyIsUnset })} />
            </FormField>
          ) : (
            <FormField label="Percentage (%)" required error={errors.percent?.message}>
              <PercentInput {...register('percent', { setValueAs: emptyIsUnset })} />
            </FormField>
          )}
        </div>
      )}

      {kind === 'scholarship' && (
        <Controller
          control={control}
          name="student_ids"
          render={({ field, fieldState }) => (
            <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">
                Scholarship holders
              </legend>
              {holders.length > 0 && (
                <ul aria-label="Chosen holders" className="flex flex-wrap gap-2">
                  {holders.map((student) => (
                    <li
                      key={student._id}
                      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 py-1 pr-1 pl-3 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
                    >
                      {student.name}
                      <button
                        type="button"
                        aria-label={`Remove ${student.name}`}
                        onClick={() => {
                          const next = holders.filter((item) => item._id !== student._id);
                          setHolders(next);
                          field.onChange(next.map((item) => item._id));
                        }}
                        className="rounded-full p-0.5 hover:bg-emerald-100 dark:hover:bg-emerald-500/20"
                      >
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <StudentFinder
                label="Find a student"
                action="Add"
                schoolId={schoolId ?? undefined}
                exclude={holders.map((student) => student._id)}
                error={fieldState.error?.message}
                onPick={(student) => {
                  const next = [...holders, student];
                  setHolders(next);
                  field.onChange(next.map((item) => item._id));
                }}
              />
            </fieldset>
          )}
        />
      )}
      <Checkbox label="Active once approved" {...register('is_active')} />
    </FormDialog>
  );
}

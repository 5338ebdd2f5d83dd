import { zodResolver } from '@hookform/resolvers/zod';
import {
  capitalize,
  FEE_TYPES,
  type Fee,
  type FeeFormValues,
  type FeeInput,
  feeFormSchema,
} from '@schoolledger/domain';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import { Checkbox, FormDialog, FormField, Input, Select, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useSchools } from '@/lib/queries/schools';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useCreateFee } from '../api/create-fee';
import { useUpdateFee } from '../api/update-fee';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';
import { ClassArmChecklist } from './class-arm-checklist';
import { DueDateHint } from './due-date-hint';
import { type PickedStudent, StudentPicker } from './student-picker';

const FIELDS = [
  'school_id',
  'term_id',
  'name',
  'description',
  'type',
  'amount',
  'no_ofInstallments',
  'dueDate',
  'appliesTo',
  'classArm_ids',
  'student_ids',
] as const;

const TARGETS = [
  ['school', 'Whole school'],
  ['classArms', 'Class arms'],
  ['students', 'Chosen students'],
] as const;

export interface FeeFormDialogProps {
  may: FeePermissions;
  fee?: Fee | undefined;
  /** Preselected for a new fee: the school and term chosen in the filters. */
  schoolId?: string | undefined;
  termId?: string | undefined;
  onClose(): void;
}

function defaults(fee: Fee | undefined, schoolId: string, termId: string): DefaultValues<FeeFormValues> {
  return {
    school_id: fee?.school._id ?? schoolId,
    term_id: fee?.term._id ?? termId,
    name: fee?.name ?? '',
    description: fee ? fee.description || fee.decription : '',
    type: fee?.type,
    amount: fee ? String(feeFormSchema.shape.amount.encode(fee.amount)) : '',
    isActive: fee?.isActive ?? true,
    isInstallmentAllowed: fee?.isInstallmentAllowed ?? false,
    no_ofInstallments: fee?.no_ofInstallments ?? 1,
    isApproved: fee?.isApproved ?? false,
    dueDate: fee?.dueDate?.slice(0, 10) ?? null,
    appliesTo: fee?.appliesTo ?? 'school',
    classArm_ids: fee?.classArms.map((arm) => arm._id) ?? [],
    student_ids: fee?.students.map((student) => student._id) ?? [],
  };
}

export function FeeFormDialog({ may, fee, schoolId, termId, onClose }: FeeFormDialogProps) {
  const create = useCreateFee();
  const update = useUpdateFee();
  const pending = create.isPending || update.isPending;
  const schools = useSchools();
  const ownSchool = may.multiSchool ? '' : (may.me?.school?._id ?? '');
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<FeeFormValues, unknown, FeeInput>({
    resolver: zodResolver(feeFormSchema),
    defaultValues: defaults(fee, schoolId || ownSchool, termId ?? ''),
  });
  const [picked, setPicked] = useState<PickedStudent[]>(fee?.students ?? []);

  const chosenSchool = watch('school_id') ?? '';
  const terms = useSchoolTerms(chosenSchool);
  const currentTerm = terms.data?.find((term) => term.isCurrent);
  const schoolList = schools.data ?? [];
  const onlySchool = schoolList.length === 1 ? schoolList[0]?._id : undefined;

  // A new fee starts in the current term of its school, and the only school when there is one.
  useEffect(() => {
    if (!getValues('school_id') && onlySchool) setValue('school_id', onlySchool);
  }, [onlySchool, getValues, setValue]);
  useEffect(() => {
    if (!getValues('term_id') && currentTerm) setValue('term_id', currentTerm._id);
  }, [currentTerm, getValues, setValue]);

  const onSubmit = handleSubmit((input) => {
    const body = {
      ...input,
      no_ofInstallments: input.isInstallmentAllowed ? input.no_ofInstallments : 1,
      classArm_ids: input.appliesTo === 'classArms' ? input.classArm_ids : [],
      student_ids: input.appliesTo === 'students' ? input.student_ids : [],
    };
    const callbacks = { onSuccess: onClose, onError: (error: Error) => applyFieldErrors(error, setError, FIELDS) };
    if (fee) update.mutate({ id: fee._id, input: body }, callbacks);
    else create.mutate(body, callbacks);
  });

  const appliesTo = watch('appliesTo');
  const installments = watch('isInstallmentAllowed');
  const termList = terms.data ?? [];

  return (
    <FormDialog
      title={fee ? 'Edit Fee' : 'Create Fee'}
      submitLabel="Save Fee"
      busyLabel="Saving..."
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      {fee?.status === 'approved' && (
        <p
          role="note"
          className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {FEE_MESSAGES.sentBackOnEdit}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="School" required error={errors.school_id?.message}>
          <Select
            {...register('school_id', {
              // Terms, class arms and students belong to a school; none carries over to another.
              onChange: () => {
                setValue('term_id', '');
                setValue('classArm_ids', []);
                setValue('student_ids', []);
                setPicked([]);
              },
            })}
            value={chosenSchool}
            disabled={schools.isPending || (!may.multiSchool && Boolean(ownSchool))}
          >
            <option value="">{schools.isPending ? 'Loading schools...' : 'Select a school'}</option>
            {schoolList.map((school) => (
              <option key={school._id} value={school._id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Term" required error={errors.term_id?.message}>
          <Select {...register('term_id')} value={watch('term_id') ?? ''} disabled={!chosenSchool || terms.isPending}>
            <option value="">
              {!chosenSchool ? 'Select a school first' : terms.isPending ? 'Loading terms...' : 'Select a term'}
            </option>
            {termList.map((term) => (
              <option key={term._id} value={term._id}>
                {term.name} ({term.session.name}){term.isCurrent ? ' · current' : ''}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField label="Fee name" required error={errors.name?.message} hint="For example Tuition Fee">
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Description" required error={errors.description?.message}>
        <Textarea rows={2} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Fee type" required error={errors.type?.message}>
          <Select {...register('type')} value={watch('type') ?? ''}>
            <option value="">Select a type</option>
            {FEE_TYPES.map((type) => (
              <option key={type} value={type}>
                {capitalize(type)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Amount (₦)" required error={errors.amount?.message}>
          <Input type="number" inputMode="decimal" min={0} step={0.01} {...register('amount')} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox label="Active" {...register('isActive')} />
        <Checkbox label="Allow installments" {...register('isInstallmentAllowed')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Due date"
          error={errors.dueDate?.message}
          hint={
            <DueDateHint
              dueDate={watch('dueDate')}
              termEndDate={termList.find((term) => term._id === watch('term_id'))?.endDate ?? null}
              createdAt={fee?.createdAt.slice(0, 10) ?? null}
            />
          }
        >
          <Input type="date" {...register('dueDate', { setValueAs: (value: string) => value || null })} />
        </FormField>
        {installments && (
          <FormField
            label="Number of installments"
            required
            error={errors.no_ofInstallments?.message}
            hint="Between 1 and 12"
          >
            <Input type="number" min={1} max={12} step={1} {...register('no_ofInstallments')} />
          </FormField>
        )}
      </div>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Applies to</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {TARGETS.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input type="radio" value={value} className="size-4 accent-emerald-600" {...register('appliesTo')} />
              {label}
            </label>
          ))}
        </div>
        {appliesTo === 'classArms' && (
          <Controller
            control={control}
            name="classArm_ids"
            render={({ field, fieldState }) => (
              <ClassArmChecklist
                schoolId={chosenSchool}
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        {appliesTo === 'students' && (
          <Controller
            control={control}
            name="student_ids"
            render={({ field, fieldState }) => (
              <StudentPicker
                schoolId={chosenSchool}
                value={picked}
                onChange={(students) => {
                  setPicked(students);
                  field.onChange(students.map((student) => student._id));
                }}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
      </fieldset>
      {may.preapprove && <Checkbox label="Pre-approve (admin only)" {...register('isApproved')} />}
    </FormDialog>
  );
}

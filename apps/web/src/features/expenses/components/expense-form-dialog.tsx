import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_PAYEE_KIND_LABELS,
  EXPENSE_PAYEE_KINDS,
  type ExpenseDetail,
  type ExpenseFormValues,
  type ExpenseInput,
  expenseInputSchema,
  koboToNaira,
} from '@schoolledger/domain';
import { useEffect, useId, useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { Button, FormField, Input, Modal, Select, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useSchools } from '@/lib/queries/schools';
import { useSessions } from '@/lib/queries/sessions';
import { useSessionTerms } from '@/lib/queries/terms';
import { useVendors } from '../api/get-vendors';
import { useSaveExpense } from '../api/save-expense';
import type { ExpensePermissions } from '../lib/permissions';
import { NairaInput } from './naira-input';
import { type PickedStaff, StaffPayeePicker } from './staff-payee-picker';

const FIELDS = [
  'school_id',
  'session_id',
  'term_id',
  'title',
  'description',
  'category',
  'amount',
  'payee_kind',
  'payee_user_id',
  'vendor_id',
  'payee_name',
  'due_date',
] as const;

const orNull = (value: unknown) => (value === '' ? null : value);

function defaults(expense: ExpenseDetail | undefined, schoolId: string): DefaultValues<ExpenseFormValues> {
  if (!expense) return { school_id: schoolId, session_id: '', term_id: '', title: '', payee_kind: 'vendor' };
  return {
    school_id: expense.school._id,
    session_id: expense.session._id,
    term_id: expense.term._id,
    title: expense.title,
    description: expense.description ?? '',
    category: expense.category,
    amount: String(koboToNaira(expense.amount)),
    payee_kind: expense.payee.kind,
    payee_user_id: expense.payee.user?._id ?? null,
    vendor_id: expense.payee.vendor?._id ?? null,
    payee_name: expense.payee.kind === 'other' ? expense.payee.name : '',
    due_date: expense.dueDate?.slice(0, 10) ?? null,
  };
}

export interface ExpenseFormDialogProps {
  may: ExpensePermissions;
  /** The draft edited; a new one is recorded without it. */
  expense?: ExpenseDetail | undefined;
  onClose(): void;
  /** After saving, with the request's id: a new one opens on its own page. */
  onSaved(id: string): void;
}

/** Records or edits a draft expense request, and submits it for approval when asked. */
export function ExpenseFormDialog({ may, expense, onClose, onSaved }: ExpenseFormDialogProps) {
  const formId = useId();
  const save = useSaveExpense();
  const schools = useSchools();
  const [staff, setStaff] = useState<PickedStaff | null>(expense?.payee.user ?? null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<ExpenseFormValues, unknown, ExpenseInput>({
    resolver: zodResolver(expenseInputSchema),
    // The payee fields of the kinds not chosen drop out of what is checked and sent.
    shouldUnregister: true,
    defaultValues: defaults(expense, may.multiSchool ? '' : may.ownSchool),
  });

  const schoolId = watch('school_id') ?? '';
  const sessionId = watch('session_id') ?? '';
  const payeeKind = watch('payee_kind');
  const sessions = useSessions(schoolId);
  const terms = useSessionTerms(sessionId);
  const vendors = useVendors({}, payeeKind === 'vendor');
  const schoolList = schools.data ?? [];
  const onlySchool = schoolList.length === 1 ? schoolList[0]?._id : undefined;
  const currentSession = sessions.data?.find((session) => session.isCurrent);
  const currentTerm = terms.data?.find((term) => term.isCurrent);
  // A vendor made inactive since stays on the draft that named it.
  const vendorOptions = (vendors.data ?? []).map(({ _id, name }) => ({ _id, name, inactive: false }));
  const namedVendor = expense?.payee.vendor;
  if (namedVendor && !vendorOptions.some((vendor) => vendor._id === namedVendor._id))
    vendorOptions.push({ ...namedVendor, inactive: true });

  // A new request starts in the only school there is, and in its current session and term.
  useEffect(() => {
    if (!getValues('school_id') && onlySchool) setValue('school_id', onlySchool);
  }, [onlySchool, getValues, setValue]);
  useEffect(() => {
    if (!getValues('session_id') && currentSession) setValue('session_id', currentSession._id);
  }, [currentSession, getValues, setValue]);
  useEffect(() => {
    if (!getValues('term_id') && currentTerm) setValue('term_id', currentTerm._id);
  }, [currentTerm, getValues, setValue]);

  const pickStaff = (picked: PickedStaff | null) => {
    setStaff(picked);
    setValue('payee_user_id', picked?._id ?? null, { shouldValidate: Boolean(picked) });
  };

  const submitWith = (submit: boolean) =>
    handleSubmit((input) =>
      save.mutate(
        { id: expense?._id, input, submit },
        {
          onSuccess: ({ id }) => onSaved(id),
          onError: (error) => applyFieldErrors(error, setError, FIELDS),
        },
      ),
    );
  const saveDraft = submitWith(false);
  const saveAndSubmit = submitWith(true);
  const submitting = save.isPending && save.variables?.submit;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={expense ? `Edit ${expense.reference}` : 'Record expense'}
      description="Saved as a draft until it is submitted; another person then approves it before it is paid."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            loading={save.isPending && !submitting}
            disabled={save.isPending}
          >
            {save.isPending && !submitting ? 'Saving...' : 'Save draft'}
          </Button>
          <Button onClick={saveAndSubmit} loading={Boolean(submitting)} disabled={save.isPending}>
            {submitting ? 'Submitting...' : 'Save and submit'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={saveDraft} noValidate className="space-y-4">
        <FormField label="School" required error={errors.school_id?.message}>
          <Select
            {...register('school_id', {
              // Sessions, terms and staff belong to a school; none carries over to another.
              onChange: () => {
                setValue('session_id', '');
                setValue('term_id', '');
                pickStaff(null);
              },
            })}
            value={schoolId}
            disabled={Boolean(expense) || schools.isPending || (!may.multiSchool && Boolean(may.ownSchool))}
          >
            <option value="">{schools.isPending ? 'Loading schools...' : 'Select a school'}</option>
            {schoolList.map((school) => (
              <option key={school._id} value={school._id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Session" required error={errors.session_id?.message}>
            <Select
              {...register('session_id', { onChange: () => setValue('term_id', '') })}
              value={sessionId}
              disabled={!schoolId || sessions.isPending}
            >
              <option value="">
                {!schoolId ? 'Select a school first' : sessions.isPending ? 'Loading sessions...' : 'Select a session'}
              </option>
              {sessions.data?.map((session) => (
                <option key={session._id} value={session._id}>
                  {session.name}
                  {session.isCurrent ? ' · current' : ''}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Term" required error={errors.term_id?.message}>
            <Select {...register('term_id')} value={watch('term_id') ?? ''} disabled={!sessionId || terms.isPending}>
              <option value="">
                {!sessionId ? 'Select a session first' : terms.isPending ? 'Loading terms...' : 'Select a term'}
              </option>
              {terms.data?.map((term) => (
                <option key={term._id} value={term._id}>
                  {term.name}
                  {term.isCurrent ? ' · current' : ''}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <FormField label="Title" required error={errors.title?.message} hint="For example: Generator repair, March">
          <Input autoComplete="off" {...register('title')} />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Textarea rows={2} {...register('description')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Category" required error={errors.category?.message}>
            <Select {...register('category')} value={watch('category') ?? ''}>
              <option value="">Select a category</option>
              {EXPENSE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {EXPENSE_CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Amount (₦)" required error={errors.amount?.message}>
            <NairaInput {...register('amount')} />
          </FormField>
        </div>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">Who is paid</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {EXPENSE_PAYEE_KINDS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <input type="radio" value={kind} className="size-4 accent-emerald-600" {...register('payee_kind')} />
                {EXPENSE_PAYEE_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          {payeeKind === 'staff' && (
            <>
              <input type="hidden" {...register('payee_user_id', { setValueAs: orNull })} />
              <StaffPayeePicker
                schoolId={schoolId}
                picked={staff}
                onPick={pickStaff}
                error={errors.payee_user_id?.message}
              />
            </>
          )}
          {payeeKind === 'vendor' && (
            <FormField
              label="Vendor"
              required
              error={errors.vendor_id?.message}
              hint={vendors.data?.length === 0 ? 'No active vendors yet: add one on the Vendors tab first.' : undefined}
            >
              <Select
                {...register('vendor_id', { setValueAs: orNull })}
                value={watch('vendor_id') ?? ''}
                disabled={vendors.isPending}
              >
                <option value="">{vendors.isPending ? 'Loading vendors...' : 'Select a vendor'}</option>
                {vendorOptions.map((vendor) => (
                  <option key={vendor._id} value={vendor._id}>
                    {vendor.name}
                    {vendor.inactive ? ' (inactive)' : ''}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          {payeeKind === 'other' && (
            <FormField label="Payee name" required error={errors.payee_name?.message}>
              <Input autoComplete="off" {...register('payee_name')} />
            </FormField>
          )}
        </fieldset>
        <FormField label="Due date" error={errors.due_date?.message} hint="Optional: when it should be paid">
          <Input type="date" className="sm:max-w-56" {...register('due_date', { setValueAs: orNull })} />
        </FormField>
      </form>
    </Modal>
  );
}

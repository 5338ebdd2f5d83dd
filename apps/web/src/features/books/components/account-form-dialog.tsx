import { zodResolver } from '@hookform/resolvers/zod';
import {
  LEDGER_ACCOUNT_TYPE_LABELS,
  LEDGER_ACCOUNT_TYPES,
  type LedgerAccount,
  type LedgerAccountCreate,
  type LedgerAccountCreateValues,
  type LedgerAccountUpdate,
  type LedgerAccountUpdateValues,
  ledgerAccountCreateSchema,
  ledgerAccountUpdateSchema,
} from '@schoolledger/domain';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { useCreateAccount } from '../api/create-account';
import { useUpdateAccount } from '../api/update-account';

/** The server's reason beside its field, or above the fields when it names none (a code already taken). */
function showRefusal<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (applyFieldErrors(error, setError, fields)) return;
  setError('root.server', { message: errorMessage(error, 'The account could not be saved. Please try again.') });
}

function Refusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
    >
      {message}
    </p>
  );
}

function AddAccountDialog({ schoolId, onClose }: { schoolId: string; onClose(): void }) {
  const create = useCreateAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LedgerAccountCreateValues, unknown, LedgerAccountCreate>({
    resolver: zodResolver(ledgerAccountCreateSchema),
    defaultValues: { school_id: schoolId, code: '', name: '' },
  });
  const onSubmit = handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: onClose,
      onError: (error) => showRefusal(error, setError, ['code', 'name', 'type']),
    }),
  );
  return (
    <FormDialog
      title="Add account"
      description="A new account of this school's chart. Its type decides which side its balance reads on."
      submitLabel="Add account"
      busyLabel="Adding..."
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Refusal message={errors.root?.server?.message} />
      <FormField label="Code" required error={errors.code?.message} hint="Such as 1000 or 4100-01">
        <Input autoComplete="off" {...register('code')} />
      </FormField>
      <FormField label="Name" required error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <FormField label="Type" required error={errors.type?.message}>
        <Select {...register('type', { setValueAs: (value: string) => value || undefined })}>
          <option value="">Choose a type</option>
          {LEDGER_ACCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {LEDGER_ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </FormField>
    </FormDialog>
  );
}

function RenameAccountDialog({ account, onClose }: { account: LedgerAccount; onClose(): void }) {
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LedgerAccountUpdateValues, unknown, LedgerAccountUpdate>({
    resolver: zodResolver(ledgerAccountUpdateSchema),
    defaultValues: { code: account.code, name: account.name },
  });
  const onSubmit = handleSubmit((change) =>
    update.mutate(
      { id: account._id, change },
      { onSuccess: onClose, onError: (error) => showRefusal(error, setError, ['code', 'name']) },
    ),
  );
  return (
    <FormDialog
      title={`Rename ${account.code} ${account.name}`}
      description="Lines already posted keep their place: they follow the account under its new code and name."
      submitLabel="Save"
      busyLabel="Saving..."
      pending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Refusal message={errors.root?.server?.message} />
      <FormField label="Code" required error={errors.code?.message}>
        <Input autoComplete="off" {...register('code')} />
      </FormField>
      <FormField label="Name" required error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
    </FormDialog>
  );
}

/** Adding an account to a school's chart, or renaming and recoding one. */
export function AccountFormDialog({
  schoolId,
  account,
  onClose,
}: {
  schoolId: string;
  account: LedgerAccount | null;
  onClose(): void;
}) {
  return account ? (
    <RenameAccountDialog account={account} onClose={onClose} />
  ) : (
    <AddAccountDialog schoolId={schoolId} onClose={onClose} />
  );
}

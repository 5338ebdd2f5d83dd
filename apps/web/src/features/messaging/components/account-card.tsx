import type { MessagingAccount } from '@schoolledger/domain';
import { Save, Undo2, X } from 'lucide-react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormField, Input, PasswordInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useSchools } from '@/lib/queries/schools';
import { useMessagingAccount, useSaveMessagingAccount } from '../api/messaging-account';
import {
  ACCOUNT_FIELDS,
  type AccountFormValues,
  type AccountSecret,
  savedSecretLabel,
  toAccountFormValues,
  toAccountInput,
} from '../lib/account-form';

const TITLE = 'Your own SMS and WhatsApp accounts';
const EXPLANATION =
  "Without them, your schools' messages go through SchoolLedger's own SMS and WhatsApp accounts. With your own keys, they go through your accounts, from your sender ID, and your provider bills you.";

/** The school group's own Termii and WhatsApp keys, for the group of the school on screen. */
export function AccountCard({ schoolId }: { schoolId: string }) {
  const schools = useSchools();
  return (
    <Card>
      <CardHeader title={TITLE} description={EXPLANATION} />
      <QueryState query={schools} loading="Loading your accounts..." errorTitle="Failed to load your accounts">
        {(list) => {
          const groupSchoolId = list.find((school) => school._id === schoolId)?.groupSchool._id;
          return groupSchoolId ? <GroupAccount groupSchoolId={groupSchoolId} /> : null;
        }}
      </QueryState>
    </Card>
  );
}

function GroupAccount({ groupSchoolId }: { groupSchoolId: string }) {
  const account = useMessagingAccount(groupSchoolId);
  return (
    <QueryState query={account} loading="Loading your accounts..." errorTitle="Failed to load your accounts">
      {(saved) => <AccountForm key={saved.updatedAt ?? 'none'} groupSchoolId={groupSchoolId} saved={saved} />}
    </QueryState>
  );
}

function AccountForm({ groupSchoolId, saved }: { groupSchoolId: string; saved: MessagingAccount }) {
  const save = useSaveMessagingAccount();
  const form = useForm<AccountFormValues>({ defaultValues: toAccountFormValues(saved) });
  const {
    register,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { groupSchoolId, input: toAccountInput(values) },
      {
        onSuccess: (next) => form.reset(toAccountFormValues(next)),
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, ACCOUNT_FIELDS)) {
            notify.error('Your accounts were not saved: check the fields marked');
          } else {
            notify.error(errorMessage(error, 'Your accounts could not be saved. Please try again.'));
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TITLE}>
      <CardBody className="space-y-6">
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          SMS: {saved.ownAccount.sms ? 'sent through your own Termii account' : "sent through SchoolLedger's account"}.
          WhatsApp:{' '}
          {saved.ownAccount.whatsapp ? 'sent through your own WhatsApp account' : "sent through SchoolLedger's account"}
          .
        </p>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">Termii (SMS)</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <SecretInput form={form} name="termiiApiKey" label="Termii API key" saved={saved} />
            <SecretInput
              form={form}
              name="termiiSecretKey"
              label="Termii secret key"
              saved={saved}
              hint="Signs Termii's delivery reports."
            />
            <FormField
              label="Termii sender ID"
              error={errors.termiiSenderId?.message}
              hint="Registered on your Termii account. Leave empty to use SchoolLedger's."
            >
              <Input autoComplete="off" spellCheck={false} maxLength={11} {...register('termiiSenderId')} />
            </FormField>
          </div>
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900 dark:text-white">WhatsApp (Meta Cloud API)</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <SecretInput form={form} name="whatsappToken" label="WhatsApp access token" saved={saved} />
            <FormField
              label="WhatsApp phone number ID"
              error={errors.whatsappPhoneNumberId?.message}
              hint="The number's ID in Meta's WhatsApp Manager."
            >
              <Input autoComplete="off" inputMode="numeric" spellCheck={false} {...register('whatsappPhoneNumberId')} />
            </FormField>
            <SecretInput
              form={form}
              name="whatsappAppSecret"
              label="WhatsApp app secret"
              saved={saved}
              hint="Signs WhatsApp's status reports."
            />
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {isDirty ? 'You have unsaved changes.' : 'Keys are stored encrypted and never shown again.'}
          </p>
          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
            {!save.isPending && <Save className="size-4" aria-hidden="true" />}
            {save.isPending ? 'Saving...' : 'Save your accounts'}
          </Button>
        </div>
      </CardBody>
    </form>
  );
}

/** A write-only secret: empty keeps the saved one; Remove clears it on save. */
function SecretInput({
  form,
  name,
  label,
  saved,
  hint,
}: {
  form: UseFormReturn<AccountFormValues>;
  name: AccountSecret;
  label: string;
  saved: MessagingAccount;
  hint?: string;
}) {
  const savedLabel = savedSecretLabel(saved[name]);
  const removing = form.watch(`remove.${name}`);
  const error = form.formState.errors[name]?.message;
  const placeholder = removing ? 'Removed on save' : (savedLabel ?? 'Not set');
  return (
    <div className="space-y-2">
      <FormField
        label={label}
        error={error}
        hint={
          removing
            ? 'The saved key is removed when you save.'
            : savedLabel
              ? `${savedLabel[0]!.toUpperCase()}${savedLabel.slice(1)}. Type a new one only to replace it.`
              : hint
        }
      >
        <PasswordInput
          autoComplete="new-password"
          spellCheck={false}
          placeholder={placeholder}
          disabled={removing}
          {...form.register(name)}
        />
      </FormField>
      {savedLabel &&
        (removing ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => form.setValue(`remove.${name}`, false, { shouldDirty: true })}
            aria-label={`Keep saved ${label}`}
          >
            <Undo2 className="size-4" aria-hidden="true" />
            Keep
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/40"
            aria-label={`Remove saved ${label}`}
            onClick={() => {
              form.setValue(name, '', { shouldDirty: true });
              form.setValue(`remove.${name}`, true, { shouldDirty: true });
            }}
          >
            <X className="size-4" aria-hidden="true" />
            Remove
          </Button>
        ))}
    </div>
  );
}

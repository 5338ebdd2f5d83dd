import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MESSAGES, type EmailConfig, emailConfigInputSchema } from '@schoolledger/domain';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button, Card, CardBody, CardHeader, Checkbox, FormField, Input, PasswordInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useSaveEmailConfig } from '../api/save-email-config';
import {
  CONFIG_FIELDS,
  type ConfigFormOutput,
  type ConfigFormValues,
  portForSecure,
  toFormValues,
} from '../lib/config-form';

export interface ConfigFormProps {
  config: EmailConfig;
  /** The group the super-admin chose; '' for the caller's own group. */
  group: string;
}

/** The group's SMTP server (SPEC §2 Email Configuration); the password is write-only. */
export function ConfigForm({ config, group }: ConfigFormProps) {
  const form = useForm<ConfigFormValues, unknown, ConfigFormOutput>({
    resolver: zodResolver(emailConfigInputSchema),
    defaultValues: toFormValues(config, group),
  });
  const save = useSaveEmailConfig(group);
  const {
    register,
    formState: { errors, isDirty },
  } = form;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        notify.success(EMAIL_MESSAGES.configUpdated);
        form.reset(toFormValues(saved, group));
      },
      onError: (error) => {
        if (applyFieldErrors(error, form.setError, CONFIG_FIELDS)) notify.error(EMAIL_MESSAGES.configUpdateFailed);
        else notify.error(errorMessage(error, EMAIL_MESSAGES.configUpdateFailed));
      },
    }),
  );

  const secure = register('secure');

  return (
    <Card>
      <CardHeader
        title="SMTP server"
        description={
          config.configured
            ? 'Emails of your schools are sent through this server.'
            : 'Not configured yet: the values below are the defaults. Until you save, emails are kept in the outbox.'
        }
      />
      <form onSubmit={onSubmit} noValidate aria-label="SMTP settings">
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <FormField label="SMTP host" error={errors.host?.message} required className="sm:col-span-2">
            <Input autoComplete="off" spellCheck={false} placeholder="smtp.zoho.com" {...register('host')} />
          </FormField>
          <FormField label="Port" error={errors.port?.message} required>
            <Input type="number" inputMode="numeric" min={1} max={65535} {...register('port')} />
          </FormField>
          <div className="flex items-end pb-2">
            <Checkbox
              label="Use SSL (port 465)"
              {...secure}
              onChange={(event) => {
                void secure.onChange(event);
                form.setValue('port', portForSecure(form.getValues('port'), event.target.checked), {
                  shouldDirty: true,
                });
              }}
            />
          </div>
          <FormField label="Username" error={errors.auth?.user?.message} required>
            <Input type="email" autoComplete="off" placeholder="bursary@yourschool.ng" {...register('auth.user')} />
          </FormField>
          <FormField
            label="Password"
            error={errors.auth?.pass?.message}
            required={!config.auth.hasPassword}
            hint={
              config.auth.hasPassword
                ? 'A password is saved; type a new one only to replace it.'
                : 'The app password of the mailbox'
            }
          >
            <PasswordInput
              autoComplete="new-password"
              spellCheck={false}
              placeholder={config.auth.hasPassword ? 'Saved — leave blank to keep' : ''}
              {...register('auth.pass')}
            />
          </FormField>
          <FormField label="Sender name" error={errors.from?.name?.message} required>
            <Input autoComplete="organization" placeholder="Crestview College Bursary" {...register('from.name')} />
          </FormField>
          <FormField label="Sender email" error={errors.from?.email?.message} required>
            <Input type="email" autoComplete="off" placeholder="bursary@yourschool.ng" {...register('from.email')} />
          </FormField>
        </CardBody>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {isDirty ? 'You have unsaved changes.' : config.configured ? 'All changes saved.' : 'Not saved yet.'}
          </p>
          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
            {!save.isPending && <Save className="size-4" aria-hidden="true" />}
            {save.isPending ? 'Saving...' : 'Save configuration'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

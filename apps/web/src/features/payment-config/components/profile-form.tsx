import { zodResolver } from '@hookform/resolvers/zod';
import { type PaymentProfile, paymentProfileInputSchema } from '@schoolledger/domain';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { type FieldErrors, FormProvider, type Path, useForm } from 'react-hook-form';
import { Button, Card, CardBody, TabsContent } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useSavePaymentProfile } from '../api/save-payment-profile';
import {
  type ConfigTab,
  type ProfileFormOutput,
  type ProfileFormValues,
  tabOfField,
  toFormValues,
  toInput,
} from '../lib/form-values';
import { PAYMENT_CONFIG_MESSAGES } from '../lib/messages';
import { BankFields } from './bank-fields';
import { ProviderFields } from './provider-fields';
import { SettingsFields } from './settings-fields';

const FIELDS = Object.keys(paymentProfileInputSchema.shape) as Path<ProfileFormValues>[];

export interface ProfileFormProps {
  profile: PaymentProfile;
  tab: ConfigTab;
  onTabChange(tab: ConfigTab): void;
  onDirtyChange(dirty: boolean): void;
}

/**
 * The four configuration tabs are one form with one Save: a school's keys, account and settings
 * are stored together. Errors on a tab not in view bring that tab forward.
 */
export function ProfileForm({ profile, tab, onTabChange, onDirtyChange }: ProfileFormProps) {
  const form = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(paymentProfileInputSchema),
    defaultValues: toFormValues(profile),
  });
  const save = useSavePaymentProfile();
  const { isDirty } = form.formState;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const showFirstError = (fields: string[]) => {
    const first = fields.find((field) => field !== 'school_id');
    if (first) onTabChange(tabOfField(first));
    else if (fields.includes('school_id')) notify.error(PAYMENT_CONFIG_MESSAGES.selectSchool);
  };

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        { profileId: profile._id, input: toInput(values) },
        {
          onSuccess: (saved) => {
            notify.success(profile._id === null ? PAYMENT_CONFIG_MESSAGES.created : PAYMENT_CONFIG_MESSAGES.updated);
            form.reset(toFormValues(saved));
          },
          onError: (error) => {
            // Field errors sit under their fields; the toast then only says the save failed.
            if (applyFieldErrors(error, form.setError, FIELDS)) {
              showFirstError(Object.keys(form.formState.errors));
              notify.error(PAYMENT_CONFIG_MESSAGES.saveFailed);
            } else {
              notify.error(errorMessage(error, PAYMENT_CONFIG_MESSAGES.saveFailed));
            }
          },
        },
      ),
    (errors: FieldErrors<ProfileFormValues>) => showFirstError(Object.keys(errors)),
  );

  return (
    <FormProvider {...form}>
      {/* Hidden, not unmounted, on the Analytics tab: unsaved edits must survive a look at the figures. */}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Payment configuration"
        className={tab === 'analytics' ? 'hidden' : undefined}
      >
        <Card>
          <CardBody>
            <TabsContent value="paystack" className="pt-0">
              <ProviderFields provider="paystack" profile={profile} />
            </TabsContent>
            <TabsContent value="flutterwave" className="pt-0">
              <ProviderFields provider="flutterwave" profile={profile} />
            </TabsContent>
            <TabsContent value="bank" className="pt-0">
              <BankFields />
            </TabsContent>
            <TabsContent value="settings" className="pt-0">
              <SettingsFields />
            </TabsContent>
          </CardBody>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
            <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
              {isDirty ? 'You have unsaved changes.' : profile._id === null ? 'Not saved yet.' : 'All changes saved.'}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={!isDirty || save.isPending}
                onClick={() => form.reset(toFormValues(profile))}
              >
                Discard
              </Button>
              <Button type="submit" loading={save.isPending} className="flex-1 sm:flex-none">
                {!save.isPending && <Save className="size-4" aria-hidden="true" />}
                {save.isPending ? 'Saving...' : 'Save configuration'}
              </Button>
            </div>
          </div>
        </Card>
      </form>
    </FormProvider>
  );
}

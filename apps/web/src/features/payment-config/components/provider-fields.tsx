import type { OnlineMethod, PaymentProfile } from '@schoolledger/domain';
import { useFormContext } from 'react-hook-form';
import { Checkbox, FormField, Input } from '@/components/ui';
import type { ProfileFormValues } from '../lib/form-values';
import { ConnectionTest } from './connection-test';
import { SecretField } from './secret-field';

/** The Paystack or Flutterwave tab: keys, the switch that offers it to payers, and a connection test. */
export function ProviderFields({ provider, profile }: { provider: OnlineMethod; profile: PaymentProfile }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProfileFormValues>();
  const paystack = provider === 'paystack';
  const publicKey = paystack ? 'ps_public_key' : 'fw_public_key';
  const savedSecret = paystack ? profile.ps_secret_key : profile.fw_secret_key;

  return (
    <div className="space-y-5">
      <Checkbox
        label={paystack ? 'Activate Paystack' : 'Activate Flutterwave'}
        {...register(paystack ? 'activate_ps' : 'activate_fw')}
      />
      <FormField
        label="Public key"
        error={errors[publicKey]?.message}
        hint={paystack ? 'Starts with pk_test_ or pk_live_' : 'Starts with FLWPUBK_TEST- or FLWPUBK-'}
      >
        <Input autoComplete="off" spellCheck={false} {...register(publicKey)} />
      </FormField>
      <SecretField name={paystack ? 'ps_secret_key' : 'fw_secret_key'} label="Secret key" masked={savedSecret} />
      {!paystack && (
        <SecretField name="fw_secret_hash" label="Secret hash (webhook verif-hash)" masked={profile.fw_secret_hash} />
      )}
      <ConnectionTest provider={provider} hasSavedKey={savedSecret !== null} />
    </div>
  );
}

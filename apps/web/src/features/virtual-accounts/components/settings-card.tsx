import type { VirtualAccountProvider, VirtualAccountSettings } from '@schoolledger/domain';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormField, Select, Switch } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useVirtualAccountSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { bankOptions, PROVIDER_CHOICES } from '../lib/texts';

interface SettingsCardProps {
  schoolId: string;
  /** Whether the person may switch the accounts on or off (payments.configure). */
  manage: boolean;
}

/** The school's switch for dedicated virtual accounts, and the bank they are opened on. */
export function SettingsCard({ schoolId, manage }: SettingsCardProps) {
  const settings = useVirtualAccountSettings(schoolId);
  return (
    <Card>
      <CardHeader
        title="Dedicated virtual accounts"
        description="Each family gets its own bank account number; money sent to it pays their children's fees by itself, oldest first."
      />
      <CardBody>
        <QueryState query={settings} loading="Loading the settings..." errorTitle="Failed to load the settings">
          {(current) => <SettingsForm key={current.updatedAt ?? 'new'} settings={current} manage={manage} />}
        </QueryState>
      </CardBody>
    </Card>
  );
}

function SettingsForm({ settings, manage }: { settings: VirtualAccountSettings; manage: boolean }) {
  const switchId = useId();
  const noteId = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [provider, setProvider] = useState<VirtualAccountProvider>(settings.provider);
  const [bank, setBank] = useState(settings.preferred_bank);
  const update = useUpdateSettings();
  const providerName = PROVIDER_CHOICES.find(([value]) => value === provider)![1];
  const keysSaved = settings.providers_with_keys.includes(provider);
  // Without the school's keys accounts cannot be switched on; switched on already, they can still be switched off.
  const keyless = !keysSaved && !settings.enabled;
  const locked = !manage || update.isPending;
  const changed = enabled !== settings.enabled || provider !== settings.provider || bank !== settings.preferred_bank;
  const refusal = update.isError
    ? errorMessage(update.error, 'The settings could not be saved. Please try again.')
    : null;

  const save = () =>
    update.mutate({
      school_id: settings.school_id,
      enabled,
      provider,
      preferred_bank: provider === 'paystack' ? bank || undefined : undefined,
    });

  return (
    <div className="space-y-4">
      {!keysSaved && (
        <div
          id={noteId}
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            The school&apos;s own {providerName} {provider === 'paystack' ? 'secret key is' : 'secret key and hash are'}{' '}
            not saved. Accounts are opened in the school&apos;s {providerName} business, so save{' '}
            {provider === 'paystack' ? 'its key' : 'them'} first
            {manage ? (
              <>
                {' '}
                in{' '}
                <Link to="/admin/payment-config" className="font-medium underline">
                  Payment Configuration
                </Link>
              </>
            ) : null}
            .
          </p>
        </div>
      )}
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900 dark:text-white">
            Dedicated virtual accounts
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {enabled ? 'On: families can be given their own account.' : 'Off: no new accounts are opened.'}
          </p>
        </div>
        <Switch
          id={switchId}
          checked={enabled}
          disabled={locked || keyless}
          describedBy={keysSaved ? undefined : noteId}
          onChange={setEnabled}
        />
      </div>
      <FormField
        label="Provider"
        className="max-w-sm"
        hint={
          provider === 'paystack'
            ? 'The school opens an account for every family.'
            : "Each family opens its own on its fees page: Flutterwave needs the holder's BVN, which the school never sees."
        }
      >
        <Select
          value={provider}
          disabled={locked}
          onChange={(event) => setProvider(event.target.value as VirtualAccountProvider)}
        >
          {PROVIDER_CHOICES.map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </Select>
      </FormField>
      {provider === 'paystack' && (
        <FormField label="Preferred bank" className="max-w-sm">
          <Select value={bank} disabled={locked} onChange={(event) => setBank(event.target.value)}>
            {bankOptions(settings.preferred_bank).map(([slug, name]) => (
              <option key={slug} value={slug}>
                {name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
      {manage && (
        <div className="flex justify-end">
          <Button onClick={save} loading={update.isPending} disabled={!changed || (enabled && !keysSaved)}>
            Save settings
          </Button>
        </div>
      )}
      {!manage && (
        <p className="text-xs text-slate-500 dark:text-slate-400">Only an administrator can change these settings.</p>
      )}
    </div>
  );
}

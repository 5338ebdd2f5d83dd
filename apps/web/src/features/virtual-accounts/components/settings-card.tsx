import type { VirtualAccountSettings } from '@schoolledger/domain';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormField, Select, Switch } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useVirtualAccountSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { bankOptions } from '../lib/texts';

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
  const [bank, setBank] = useState(settings.preferred_bank);
  const update = useUpdateSettings();
  // Without the school's key accounts cannot be switched on; switched on already, they can still be switched off.
  const keyless = !settings.keys_saved && !settings.enabled;
  const locked = !manage || keyless || update.isPending;
  const changed = enabled !== settings.enabled || bank !== settings.preferred_bank;
  const refusal = update.isError
    ? errorMessage(update.error, 'The settings could not be saved. Please try again.')
    : null;

  const save = () => update.mutate({ school_id: settings.school_id, enabled, preferred_bank: bank || undefined });

  return (
    <div className="space-y-4">
      {!settings.keys_saved && (
        <div
          id={noteId}
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            The school&apos;s own Paystack secret key is not saved. Accounts are opened in the school&apos;s Paystack
            business, so save its key first
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
          disabled={locked}
          describedBy={settings.keys_saved ? undefined : noteId}
          onChange={setEnabled}
        />
      </div>
      <FormField label="Preferred bank" className="max-w-sm">
        <Select value={bank} disabled={locked} onChange={(event) => setBank(event.target.value)}>
          {bankOptions(settings.preferred_bank).map(([slug, name]) => (
            <option key={slug} value={slug}>
              {name}
            </option>
          ))}
        </Select>
      </FormField>
      {refusal && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
      {manage && !keyless && (
        <div className="flex justify-end">
          <Button onClick={save} loading={update.isPending} disabled={!changed}>
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

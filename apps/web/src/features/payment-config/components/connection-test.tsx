import { type OnlineMethod, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';
import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useTestConnection } from '../api/test-connection';
import type { ProfileFormValues } from '../lib/form-values';
import { PAYMENT_CONFIG_MESSAGES } from '../lib/messages';

interface Outcome {
  ok: boolean;
  message: string;
}

/** Tries the key typed in the field, else the saved one, against the provider. */
export function ConnectionTest({ provider, hasSavedKey }: { provider: OnlineMethod; hasSavedKey: boolean }) {
  const { getValues, watch } = useFormContext<ProfileFormValues>();
  const test = useTestConnection();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const field = provider === 'paystack' ? 'ps_secret_key' : 'fw_secret_key';
  const clearing = watch(provider === 'paystack' ? 'clear_ps_secret_key' : 'clear_fw_secret_key') === true;

  const show = (result: Outcome) => {
    setOutcome(result);
    (result.ok ? notify.success : notify.error)(result.message);
  };

  const run = () => {
    const typed = getValues(field)?.trim() ?? '';
    if (!typed && (!hasSavedKey || clearing)) {
      show({ ok: false, message: PAYMENT_CONFIG_MESSAGES.keysRequired });
      return;
    }
    setOutcome(null);
    test.mutate(
      { school_id: getValues('school_id'), provider, secret_key: typed || undefined },
      {
        onSuccess: show,
        onError: (error) => {
          // A missing key comes back as a field error ('API keys are required'), not as the message.
          const fieldMessage = error instanceof ApiError ? error.errors[0]?.message : undefined;
          show({ ok: false, message: fieldMessage ?? errorMessage(error, PAYMENT_CONFIG_MESSAGES.testFailed) });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center dark:border-slate-800">
      <Button variant="secondary" onClick={run} loading={test.isPending} className="shrink-0">
        {!test.isPending && <PlugZap className="size-4" aria-hidden="true" />}
        {test.isPending ? 'Testing...' : 'Test connection'}
      </Button>
      <p role="status" className="min-w-0 text-sm">
        {outcome ? (
          <span
            className={
              outcome.ok
                ? 'flex items-start gap-1.5 text-emerald-700 dark:text-emerald-400'
                : 'flex items-start gap-1.5 text-red-700 dark:text-red-400'
            }
          >
            {outcome.ok ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            {outcome.message}
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">
            Checks the secret key with {PAYMENT_METHOD_LABELS[provider]} without charging anyone.
          </span>
        )}
      </p>
    </div>
  );
}

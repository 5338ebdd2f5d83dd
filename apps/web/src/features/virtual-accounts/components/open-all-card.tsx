import type { OpenAllVirtualAccountsResult } from '@schoolledger/domain';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardBody, CardHeader, ConfirmDialog } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useOpenAll } from '../api/open-all';
import { OPEN_ALL_BATCH, openAllSummary } from '../lib/texts';

interface OpenAllCardProps {
  schoolId: string;
  /** Whether the school's switch is on: accounts are opened only then. */
  enabled: boolean;
}

/** Opens the accounts of the families that have none, a batch at a time, after a confirmation. */
export function OpenAllCard({ schoolId, enabled }: OpenAllCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<OpenAllVirtualAccountsResult | null>(null);
  const openAll = useOpenAll();
  const more = result !== null && result.remaining > 0;

  const confirm = () =>
    openAll.mutate(
      { schoolId, limit: OPEN_ALL_BATCH },
      {
        onSuccess: (answer) => setResult(answer),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Card>
      <CardHeader
        title="Open accounts for every family"
        description={`Opens an account for each family of the school that has none, up to ${OPEN_ALL_BATCH} at a time.`}
        actions={
          <Button
            variant="secondary"
            onClick={() => {
              openAll.reset();
              setConfirming(true);
            }}
            disabled={!enabled}
          >
            <UsersRound className="size-4" aria-hidden="true" />
            <span>{more ? 'Open the next families' : 'Open accounts'}</span>
          </Button>
        }
      />
      <CardBody className="space-y-3">
        {!enabled && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Switch dedicated virtual accounts on above before opening accounts.
          </p>
        )}
        {openAll.isError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorMessage(openAll.error, 'The accounts could not be opened. Please try again.')}
          </p>
        )}
        {result && (
          <div role="status" className="space-y-2">
            <p className="text-sm font-medium text-slate-900 dark:text-white">{openAllSummary(result)}</p>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <Figure label="Opened" value={result.opened} />
              <Figure label="Failed" value={result.failed} />
              <Figure label="Remaining" value={result.remaining} />
            </dl>
            {result.failures.length > 0 && (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
                {result.failures.map((failure) => (
                  <li key={failure.holder._id} className="px-3 py-2">
                    <p className="font-medium text-slate-900 dark:text-white">{failure.holder.name}</p>
                    <p className="break-words text-red-700 dark:text-red-400">{failure.message}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {enabled && !result && !openAll.isError && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Families keep their account once opened; pressing again only opens the ones still missing.
          </p>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !openAll.isPending && setConfirming(open)}
        title="Open accounts for every family?"
        description={`Paystack opens an account for up to ${OPEN_ALL_BATCH} families of the school that have none. This can take a minute.`}
        confirmLabel="Open accounts"
        loading={openAll.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-2 dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

import type { MyVirtualAccounts } from '@schoolledger/domain';
import { Copy, ExternalLink, Landmark } from 'lucide-react';
import { Button, Card, CardBody, CardHeader } from '@/components/ui';
import { notify } from '@/lib/notify';
import { useMyVirtualAccounts } from '../api/get-my-virtual-accounts';
import { OpenFamilyAccountForm } from './open-family-account-form';

type MyAccount = MyVirtualAccounts['accounts'][number];

/**
 * The family's own bank account at each school that opened one: transfers to it pay the children's
 * fees by themselves. Nothing shows where no school has one; a failed load is one quiet line.
 */
export function FamilyAccountCard() {
  const mine = useMyVirtualAccounts();
  if (mine.isError) {
    return (
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Your family&apos;s bank account could not be loaded.{' '}
        <button
          type="button"
          onClick={() => mine.refetch()}
          disabled={mine.isFetching}
          className="font-medium text-emerald-700 underline hover:text-emerald-800 disabled:opacity-60 dark:text-emerald-400"
        >
          {mine.isFetching ? 'Retrying...' : 'Retry'}
        </button>
      </p>
    );
  }
  // The accounts open, and those the family may open itself (Flutterwave's, with a BVN).
  const opened = (mine.data?.accounts ?? []).filter((entry) => entry.account !== null || entry.open_with_bvn);
  if (opened.length === 0) return null;
  const several = opened.length > 1;
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <Landmark className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            Your family&apos;s bank account
          </span>
        }
      />
      <CardBody className="space-y-5 pt-0">
        {opened.map((entry) => (
          <SchoolAccount key={entry.school._id} entry={entry} showSchool={several} />
        ))}
      </CardBody>
    </Card>
  );
}

function SchoolAccount({ entry, showSchool }: { entry: MyAccount; showSchool: boolean }) {
  const account = entry.account;
  if (!account) {
    return (
      <section aria-label={`Bank account at ${entry.school.name}`} className="space-y-3">
        {showSchool && <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{entry.school.name}</h3>}
        <p className="text-sm text-slate-600 dark:text-slate-300">{entry.instructions}</p>
        <OpenFamilyAccountForm schoolId={entry.school._id} schoolName={entry.school.name} />
      </section>
    );
  }
  return (
    <section aria-label={`Bank account at ${entry.school.name}`} className="space-y-3">
      {showSchool && <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{entry.school.name}</h3>}
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        <div className="px-4 py-3">
          <dt className="text-xs text-slate-500 dark:text-slate-400">Bank name</dt>
          <dd className="font-medium break-words text-slate-900 dark:text-white">{account.bank_name}</dd>
        </div>
        <div className="px-4 py-3">
          <dt className="text-xs text-slate-500 dark:text-slate-400">Account number</dt>
          <dd className="flex items-center gap-3">
            <span className="min-w-0 flex-1 font-mono text-xl font-semibold tracking-wide break-all text-slate-900 sm:text-2xl sm:tracking-wider dark:text-white">
              {account.account_number}
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label="Copy account number"
              onClick={() =>
                navigator.clipboard
                  .writeText(account.account_number)
                  .then(() => notify.success('Account number copied'))
                  .catch(() => notify.error('Could not copy; please copy it by hand'))
              }
            >
              <Copy className="size-4" aria-hidden="true" />
              <span>Copy</span>
            </Button>
          </dd>
        </div>
        <div className="px-4 py-3">
          <dt className="text-xs text-slate-500 dark:text-slate-400">Account name</dt>
          <dd className="font-medium break-words text-slate-900 dark:text-white">{account.account_name}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300">{entry.instructions}</p>
      {account.demo_bank_url && (
        <p className="rounded-lg border border-dashed border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-100">
          This is a demonstration, so no real bank is involved: try it from the{' '}
          <a
            href={account.demo_bank_url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium underline hover:text-emerald-700 dark:hover:text-emerald-300"
          >
            demo bank app
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          , which sends money to this account.
        </p>
      )}
    </section>
  );
}

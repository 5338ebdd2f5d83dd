import { formatKobo, type LedgerIntegrity } from '@schoolledger/domain';
import { CheckCircle2, OctagonAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useId } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, EmptyState } from '@/components/ui';
import { useIntegrity } from '../api/get-integrity';
import { useRunIntegrityCheck } from '../api/run-integrity-check';
import { checkedWhen, checkLabel } from '../lib/books';

function Verdict({ agrees, title, when }: { agrees: boolean; title: string; when: string }) {
  const Icon = agrees ? CheckCircle2 : OctagonAlert;
  return (
    <div
      className={`flex gap-3 px-5 py-4 ${agrees ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100' : 'bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-100'}`}
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${agrees ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold">{title}</p>
        <p className="text-sm opacity-90">{when}</p>
      </div>
    </div>
  );
}

/** What the last check found: agreement, nothing on record yet, or each disagreement with its two amounts. */
export function Findings({ data, grouped }: { data: LedgerIntegrity; grouped: boolean }) {
  const when = data.checkedAt
    ? `Last checked ${checkedWhen(data.checkedAt, new Date())}`
    : 'Not every school has a check on record yet: check now to check them all.';
  if (data.agrees) return <Verdict agrees title="The books agree with the records" when={when} />;
  if (data.total === 0) {
    return (
      <EmptyState
        icon={ShieldQuestion}
        title="Not checked yet"
        description="These books have no check on record yet. Check them now, or wait for tonight's check."
      />
    );
  }
  const listed = data.disagreements.length;
  return (
    <>
      <Verdict
        agrees={false}
        title={`The books disagree with the records: ${data.total} ${data.total === 1 ? 'difference' : 'differences'}`}
        when={when}
      />
      <ul aria-label="Differences found" className="divide-y divide-slate-100 dark:divide-slate-800">
        {data.disagreements.map((item) => (
          <li key={`${item.school._id}|${item.check}|${item.detail}`} className="space-y-1 px-5 py-3">
            <p className="font-medium text-slate-900 dark:text-white">{checkLabel(item.check)}</p>
            <p className="text-sm break-all text-slate-500 dark:text-slate-400">
              {grouped ? `${item.school.name} · ${item.detail}` : item.detail}
            </p>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div className="flex gap-2">
                <dt className="text-slate-500 dark:text-slate-400">Journal</dt>
                <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(item.journal)}
                </dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-slate-500 dark:text-slate-400">Records</dt>
                <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(item.records)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {data.total > listed && (
        <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
          The first {listed} of {data.total} are listed.
        </p>
      )}
    </>
  );
}

/**
 * The integrity check: whether the journal agreed, at its last check, with the payments,
 * adjustments, family credit and payouts it was posted from (and every entry balanced), and a
 * check run now. Of the school chosen, or of every school the caller reads when none is.
 */
export function IntegrityPanel({ school }: { school: { _id: string; name: string } | null }) {
  const titleId = useId();
  const query = school ? { school_id: school._id } : {};
  const integrity = useIntegrity(query);
  const run = useRunIntegrityCheck();
  return (
    <Card aria-labelledby={titleId} className="overflow-hidden">
      <CardHeader
        title={<span id={titleId}>Integrity check</span>}
        description={`Whether the journal of ${school ? school.name : 'all your schools'} agrees with the payments, adjustments, family credit and payouts it was posted from, and every entry balances. It runs every day.`}
        actions={
          <Button onClick={() => run.mutate(query)} loading={run.isPending}>
            {!run.isPending && <ShieldCheck className="size-4" aria-hidden="true" />}
            {run.isPending ? 'Checking...' : 'Check now'}
          </Button>
        }
      />
      <QueryState
        query={integrity}
        loading="Loading the last check..."
        errorTitle="Failed to load the last check"
        errorFrame="p-5"
      >
        {(data) => <Findings data={data} grouped={school === null} />}
      </QueryState>
    </Card>
  );
}

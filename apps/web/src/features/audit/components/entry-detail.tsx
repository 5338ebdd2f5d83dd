import { clsx } from 'clsx';
import { QueryState } from '@/components/query-state';
import { Button, Modal } from '@/components/ui';
import { formatLongDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useAuditEntry } from '../api/get-audit-entry';
import { diffOf } from '../lib/diff';
import { moduleLabel } from '../lib/labels';
import { CategoryBadge, SeverityBadge } from './severity-badge';

function Fact({
  label,
  children,
  mono,
  className,
}: {
  label: string;
  children: React.ReactNode;
  mono?: boolean;
  className?: string;
}) {
  return (
    <div className={clsx('min-w-0', className)}>
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        className={clsx(
          'mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100',
          mono && 'font-mono text-xs break-all',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** One entry: who, what, when and from where; what it recorded before and after, side by side; its links in the chain. */
export function EntryDetail({ id, onClose }: { id: string; onClose(): void }) {
  const entry = useAuditEntry(id);
  const body = (
    <QueryState
      query={entry}
      loading="Loading the entry..."
      errorTitle="Could not load this entry"
      errorFallback="Failed to fetch user audit trail"
    >
      {(data) => {
        const rows = diffOf(data.before, data.after);
        return (
          <div className="space-y-5">
            <p className="text-sm font-medium text-slate-900 dark:text-white">{data.summary}</p>
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <Fact label="When">{formatLongDateTime(data.timestamp)}</Fact>
              <Fact label="Person">
                {data.actor ? `${data.actor.name}${data.actor.email ? ` (${data.actor.email})` : ''}` : 'The system'}
              </Fact>
              <Fact label="School">{data.schoolName ?? 'Platform (no school)'}</Fact>
              <Fact label="Action" mono>
                {data.action}
              </Fact>
              <Fact label="Module">{moduleLabel(data.module)}</Fact>
              <Fact label="Record id" mono>
                {data.entityId ?? '—'}
              </Fact>
              <Fact label="Category and severity">
                <span className="flex gap-2">
                  <CategoryBadge category={data.category} />
                  <SeverityBadge severity={data.severity} />
                </span>
              </Fact>
              <Fact label="IP address" mono>
                {data.ipAddress ?? '—'}
              </Fact>
              <Fact label="Browser" className="sm:col-span-2">
                {data.userAgent ?? '—'}
              </Fact>
            </dl>
            <section aria-labelledby="audit-values">
              <h3 id="audit-values" className="text-sm font-semibold text-slate-900 dark:text-white">
                Values as recorded
              </h3>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                As the entry recorded them, amounts in naira. Changed values are highlighted.
              </p>
              {rows.length === 0 ? (
                <p className="mt-2 text-sm text-slate-500">This entry recorded no values.</p>
              ) : (
                <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
                  <table className="min-w-full text-xs">
                    <caption className="sr-only">Values before and after</caption>
                    <thead className="bg-slate-50 text-left text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
                      <tr>
                        <th scope="col" className="px-3 py-2">
                          Field
                        </th>
                        <th scope="col" className="px-3 py-2">
                          Before
                        </th>
                        <th scope="col" className="px-3 py-2">
                          After
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                      {rows.map((row) => (
                        <tr key={row.key} className={clsx(row.changed && 'bg-amber-50 dark:bg-amber-500/10')}>
                          <th
                            scope="row"
                            className="px-3 py-2 text-left font-mono font-medium text-slate-700 dark:text-slate-200"
                          >
                            {row.key}
                            {row.changed && <span className="sr-only"> (changed)</span>}
                          </th>
                          <td className="px-3 py-2 font-mono break-words text-slate-600 dark:text-slate-300">
                            {row.before ?? '—'}
                          </td>
                          <td
                            className={clsx(
                              'px-3 py-2 font-mono break-words',
                              row.changed
                                ? 'font-semibold text-amber-900 dark:text-amber-200'
                                : 'text-slate-600 dark:text-slate-300',
                            )}
                          >
                            {row.after ?? '—'}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            <div className="space-y-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/50">
              <dl className="grid gap-3">
                <Fact label={`Position in the chain`}>
                  No. {data.seq} of {data.schoolName ?? 'the platform'}
                </Fact>
                <Fact label="Hash" mono>
                  {data.hash}
                </Fact>
                <Fact label="Previous hash" mono>
                  {data.prevHash}
                </Fact>
              </dl>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  navigator.clipboard.writeText(data.hash).then(
                    () => notify.success('Hash copied'),
                    () => notify.error('Could not copy the hash'),
                  )
                }
              >
                Copy hash
              </Button>
            </div>
          </div>
        );
      }}
    </QueryState>
  );
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Audit entry" size="lg">
      {body}
    </Modal>
  );
}

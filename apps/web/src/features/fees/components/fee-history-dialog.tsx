import type { Fee } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { QueryState } from '@/components/query-state';
import { Modal } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useClassArms } from '@/lib/queries/class-arms';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useFeeHistory } from '../api/get-fee-history';
import { EVENT_LABEL, fieldLabel, formatChangeValue } from '../lib/format';

const DOT: Record<string, string> = {
  created: 'bg-sky-500',
  edited: 'bg-slate-400',
  approved: 'bg-emerald-500',
  rejected: 'bg-red-500',
  sent_back: 'bg-amber-500',
};

/** The fee's events, oldest first, with each changed field's old and new value. */
export function FeeHistoryDialog({ fee, onClose }: { fee: Fee; onClose(): void }) {
  const history = useFeeHistory(fee._id);
  const terms = useSchoolTerms(fee.school._id);
  const classArms = useClassArms(fee.school._id);
  const names = new Map<string, string>([
    ...(terms.data ?? []).map((term): [string, string] => [term._id, `${term.name} (${term.session.name})`]),
    ...(classArms.data ?? []).map((arm): [string, string] => [arm._id, arm.name]),
  ]);

  const body = (
    <QueryState
      query={history}
      loading="Loading history..."
      errorTitle="Failed to load history"
      errorFallback="Please try again."
      isEmpty={(data) => data.length === 0}
      empty={<p className="text-sm text-slate-500">No events recorded yet.</p>}
    >
      {(data) => (
        <ol className="relative space-y-5 border-l border-slate-200 pl-5 dark:border-slate-700">
          {data.map((entry) => (
            <li key={entry._id} className="relative">
              <span
                aria-hidden="true"
                className={clsx(
                  'absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white dark:ring-slate-900',
                  DOT[entry.action],
                )}
              />
              <p className="text-sm font-medium text-slate-900 dark:text-white">
                {EVENT_LABEL[entry.action]}
                {entry.actor && <span className="font-normal text-slate-500"> by {entry.actor.name}</span>}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{formatDateTime(entry.at)}</p>
              {entry.reason && (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-medium">Reason:</span> {entry.reason}
                </p>
              )}
              {entry.changes.length > 0 && (
                <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      <span className="font-medium">{fieldLabel(change.field)}:</span>{' '}
                      <span className="text-slate-500 line-through decoration-slate-400">
                        {formatChangeValue(change.field, change.from, names)}
                      </span>{' '}
                      → {formatChangeValue(change.field, change.to, names)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`History of ${fee.name}`} size="md">
      {body}
    </Modal>
  );
}

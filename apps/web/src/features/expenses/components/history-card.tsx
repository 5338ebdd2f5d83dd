import type { ExpenseEvent } from '@schoolledger/domain';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { eventLabel, statusChange } from '../lib/format';

/** Every step on the request, oldest first: who, when, the status it moved between, and why. */
export function HistoryCard({ history }: { history: readonly ExpenseEvent[] }) {
  return (
    <Card>
      <CardHeader title="History" />
      <CardBody>
        {history.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Nothing recorded yet.</p>
        ) : (
          <ol aria-label="History" className="relative space-y-5 border-l border-slate-200 pl-5 dark:border-slate-800">
            {history.map((event) => {
              const change = statusChange(event);
              return (
                <li key={event._id} className="relative text-sm">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-white bg-emerald-600 dark:border-slate-900"
                  />
                  <p className="font-medium text-slate-900 dark:text-white">{eventLabel(event)}</p>
                  {change && <p className="text-slate-600 dark:text-slate-300">{change}</p>}
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {event.actor?.name ?? 'System'} ·{' '}
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                  </p>
                  {event.note && (
                    <p className="mt-1 rounded-md bg-slate-50 px-2 py-1 break-words text-slate-700 dark:bg-slate-800/50 dark:text-slate-200">
                      {event.note}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}

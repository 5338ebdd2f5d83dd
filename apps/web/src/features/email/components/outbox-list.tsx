import { Inbox } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Card, CardHeader, EmptyState } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useOutbox } from '../api/get-outbox';
import { EmailStatusBadge } from './email-status-badge';

/** The newest emails with their text, each opened in place: how the demo shows what would have been sent. */
export function OutboxList() {
  const outbox = useOutbox(true);

  const body = (
    <QueryState
      query={outbox}
      loading="Loading the outbox..."
      errorTitle="Failed to load the outbox"
      errorFrame="p-5"
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={Inbox}
          title="The outbox is empty"
          description="Emails appear here as soon as they are queued."
        />
      }
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.map((email) => (
            <li key={email._id}>
              <details className="group">
                <summary className="flex cursor-pointer list-none flex-col gap-1 px-5 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 sm:flex-row sm:items-center sm:gap-4 dark:hover:bg-slate-800/50">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">
                      {email.subject}
                    </span>
                    <span className="block truncate text-xs text-slate-600 dark:text-slate-400">To {email.to}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <EmailStatusBadge status={email.status} />
                    <time
                      dateTime={email.createdAt}
                      className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
                    >
                      {formatDateTime(email.createdAt)}
                    </time>
                  </span>
                </summary>
                <div className="space-y-2 bg-slate-50 px-5 py-3 dark:bg-slate-800/40">
                  {email.lastError && (
                    <p className="text-sm break-words text-red-700 dark:text-red-300">Last error: {email.lastError}</p>
                  )}
                  <pre className="overflow-x-auto text-sm whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">
                    {email.text}
                  </pre>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <Card>
      <CardHeader title="Outbox" description="The newest emails; open one to read it." />
      {body}
    </Card>
  );
}

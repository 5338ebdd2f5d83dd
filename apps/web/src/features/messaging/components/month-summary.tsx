import { MESSAGE_CHANNELS, type MessageChannel } from '@schoolledger/domain';
import { Fragment } from 'react';
import { QueryState } from '@/components/query-state';
import { LoadingState } from '@/components/ui';
import { CHANNEL_LABELS } from '@/lib/message-channels';
import { useMessagingSummary } from '../api/get-messaging-summary';
import { channelSummary } from '../lib/summary-texts';

interface MonthSummaryProps {
  schoolId: string;
  /** Shows the failed messages of a channel (the list's filters). */
  onShowFailed(channel: MessageChannel): void;
}

/**
 * This Lagos month on each channel, above the list: sent, delivered, failed and what it cost
 * against the budget. On a phone each channel is a card of its own; wider, a line each.
 */
export function MonthSummary({ schoolId, onShowFailed }: MonthSummaryProps) {
  const summary = useMessagingSummary(schoolId);
  return (
    <section
      aria-label="This month"
      className="border-b border-slate-200 px-4 py-3 sm:px-5 dark:border-slate-800"
      aria-busy={summary.isPending}
    >
      <QueryState
        query={summary}
        loading={<LoadingState label="Loading this month's figures..." className="justify-start py-2" />}
        errorTitle="Failed to load this month's figures"
      >
        {(data) => (
          <ul className="grid gap-2 sm:gap-1">
            {MESSAGE_CHANNELS.map((channel) => {
              const { heading, parts } = channelSummary(channel, data.channels[channel]);
              return (
                <li
                  key={channel}
                  className="rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 sm:rounded-none sm:border-0 sm:p-0 dark:border-slate-800 dark:text-slate-300"
                >
                  <span className="block font-medium text-slate-900 sm:inline dark:text-white">
                    {heading}
                    <span className="hidden sm:inline">: </span>
                  </span>
                  <span className="tabular-nums">
                    {parts.map((part, index) => (
                      <Fragment key={part.text}>
                        {index > 0 && <span aria-hidden="true"> · </span>}
                        {index > 0 && <span className="sr-only">, </span>}
                        {part.failed ? (
                          <button
                            type="button"
                            onClick={() => onShowFailed(channel)}
                            aria-label={`${part.text}: show the failed ${CHANNEL_LABELS[channel]} messages`}
                            className="cursor-pointer font-medium text-red-700 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:text-red-400"
                          >
                            {part.text}
                          </button>
                        ) : (
                          <span className="whitespace-nowrap">{part.text}</span>
                        )}
                      </Fragment>
                    ))}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

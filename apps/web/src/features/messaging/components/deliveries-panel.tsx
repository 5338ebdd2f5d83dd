import type { OutboxMessage } from '@schoolledger/domain';
import { MessageSquareText } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, EmptyState, FormField, Select } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { CHANNEL_LABELS } from '@/lib/message-channels';
import { type MessageListQuery, useMessages } from '../api/get-messages';
import {
  CHANNEL_FILTERS,
  type ChannelFilter,
  costOf,
  costText,
  MESSAGE_KIND_LABELS,
  pagesOf,
  parseChannelFilter,
  parseStatusFilter,
  STATUS_FILTERS,
  type StatusFilter,
  statusBadge,
} from '../lib/texts';
import { MonthSummary } from './month-summary';

interface DeliveriesPanelProps extends MessageListQuery {
  onFilter(changes: { status?: StatusFilter; channel?: ChannelFilter }): void;
}

/** Every email, SMS and WhatsApp message of the school's notices, newest first: to whom, what, how far it got and what it cost. */
export function DeliveriesPanel({ schoolId, status, channel, onFilter }: DeliveriesPanelProps) {
  const messages = useMessages({ schoolId, status, channel });
  const filtered = status !== 'all' || channel !== 'all';
  return (
    <Card>
      <MonthSummary schoolId={schoolId} onShowFailed={(shown) => onFilter({ status: 'failed', channel: shown })} />
      <div className="flex flex-col gap-4 border-b border-slate-200 px-5 py-4 sm:flex-row dark:border-slate-800">
        <FormField label="Status" className="sm:w-56">
          <Select value={status} onChange={(event) => onFilter({ status: parseStatusFilter(event.target.value) })}>
            {STATUS_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Channel" className="sm:w-56">
          <Select value={channel} onChange={(event) => onFilter({ channel: parseChannelFilter(event.target.value) })}>
            {CHANNEL_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <QueryState
        query={messages}
        loading="Loading messages..."
        errorTitle="Failed to load the messages"
        errorFrame="p-5"
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={
          <EmptyState
            icon={MessageSquareText}
            title={filtered ? 'No messages match these filters' : 'No messages yet'}
            description="Receipts, reminders and other notices appear here as they are sent by email, and by SMS or WhatsApp to parents who agreed on their Profile."
          />
        }
      >
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          return (
            <>
              <MessageCards messages={items} />
              <MessageTable messages={items} />
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
                <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
                  {items.length === 1 ? '1 message shown' : `${items.length} messages shown`}
                  {messages.hasNextPage ? '' : ', the oldest included'}
                </p>
                {messages.hasNextPage && (
                  <Button
                    variant="secondary"
                    loading={messages.isFetchingNextPage}
                    onClick={() => void messages.fetchNextPage()}
                  >
                    Load more
                  </Button>
                )}
              </div>
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}

interface ListProps {
  messages: readonly OutboxMessage[];
}

function StatusChip({ message }: { message: OutboxMessage }) {
  const badge = statusBadge(message);
  return (
    <div className="space-y-1">
      <Badge variant={badge.variant} className="whitespace-nowrap">
        {badge.label}
      </Badge>
      {badge.reason && <p className="text-xs break-words text-slate-600 dark:text-slate-300">{badge.reason}</p>}
    </div>
  );
}

/** The text as it went, opened in place. */
function MessageText({ message }: { message: OutboxMessage }) {
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-400">
        Read the message
      </summary>
      <p className="mt-1 rounded-md bg-slate-50 px-2 py-1.5 text-sm whitespace-pre-wrap break-words text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
        {message.subject && <span className="mb-1 block font-medium">{message.subject}</span>}
        {message.body}
      </p>
    </details>
  );
}

const recipientName = (message: OutboxMessage) => message.recipient?.name ?? 'Unknown person';

function MessageCards({ messages }: ListProps) {
  return (
    <ul className="divide-y divide-slate-200 xl:hidden dark:divide-slate-800" aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id} className="space-y-1.5 px-4 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900 dark:text-white">{recipientName(message)}</p>
              <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">{message.to}</p>
            </div>
            <div className="shrink-0 text-right">
              <StatusChip message={message} />
            </div>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {CHANNEL_LABELS[message.channel]} · {MESSAGE_KIND_LABELS[message.kind]}
          </p>
          <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-500 dark:text-slate-400">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            <span className="tabular-nums">{costText(message)}</span>
          </p>
          <MessageText message={message} />
        </li>
      ))}
    </ul>
  );
}

const cell = 'px-4 py-3 align-top';

function MessageTable({ messages }: ListProps) {
  return (
    <div className="hidden overflow-x-auto xl:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Emails, SMS and WhatsApp messages, newest first</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
          <tr>
            {['When', 'To', 'Channel', 'Notice', 'Status'].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-2 text-left font-medium">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-900 dark:divide-slate-800 dark:text-white">
          {messages.map((message) => (
            <tr key={message.id}>
              <td className={`${cell} w-32 text-slate-600 dark:text-slate-300`}>
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </td>
              <td className={cell}>
                <span className="block font-medium">{recipientName(message)}</span>
                <span className="block whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">
                  {message.to}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{CHANNEL_LABELS[message.channel]}</td>
              <td className={`${cell} max-w-64`}>
                {MESSAGE_KIND_LABELS[message.kind]}
                <MessageText message={message} />
              </td>
              <td className={`${cell} max-w-56`}>
                <StatusChip message={message} />
              </td>
              <td className={`${cell} text-right tabular-nums`}>
                <span className="block whitespace-nowrap">{costOf(message) ?? '—'}</span>
                {pagesOf(message) && (
                  <span className="block text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">
                    {pagesOf(message)}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

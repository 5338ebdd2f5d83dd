import { SYSTEM_LOG_LEVELS, type SystemLog, type SystemLogLevel, todayIn } from '@schoolledger/domain';
import { ChevronDown, ScrollText } from 'lucide-react';
import { Fragment, useState } from 'react';
import { FilterBar } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import {
  Badge,
  type BadgeVariant,
  Button,
  Card,
  EmptyState,
  FormField,
  Input,
  Pagination,
  SearchInput,
  Select,
} from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useSystemLogs } from '../api/get-system-logs';

export interface LogFilters {
  level: string;
  search: string;
  from: string;
  to: string;
  page: number;
}

const LEVELS: Record<SystemLogLevel, { label: string; variant: BadgeVariant }> = {
  warn: { label: 'Warning', variant: 'yellow' },
  error: { label: 'Error', variant: 'red' },
  fatal: { label: 'Fatal', variant: 'red' },
};
const PAGE_SIZE = 25;
const isLevel = (value: string): value is SystemLogLevel => (SYSTEM_LOG_LEVELS as readonly string[]).includes(value);

const CONTEXT_LABELS: Record<string, string> = {
  module: 'Module',
  queue: 'Queue',
  provider: 'Provider',
  errorName: 'Error',
  errorCode: 'Error code',
  errorMessage: 'Error message',
  method: 'Method',
  route: 'Route',
  statusCode: 'Status',
  requestId: 'Request id',
};

function LogRow({ log }: { log: SystemLog }) {
  const [open, setOpen] = useState(false);
  const context = Object.entries(log.context ?? {});
  const detailsId = `log-${log.id}-details`;
  return (
    <Fragment>
      <tr>
        <td className="hidden px-5 py-2 align-top whitespace-nowrap text-slate-700 sm:table-cell dark:text-slate-300">
          <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
        </td>
        <td className="py-2 pr-2 pl-4 align-top sm:px-3">
          <Badge variant={LEVELS[log.level].variant}>{LEVELS[log.level].label}</Badge>
        </td>
        <td className="w-full px-2 py-2 align-top break-words text-slate-900 sm:px-3 dark:text-white">
          {log.message}
          <time dateTime={log.createdAt} className="mt-0.5 block text-xs text-slate-600 sm:hidden dark:text-slate-400">
            {formatDateTime(log.createdAt)}
          </time>
        </td>
        <td className="hidden px-3 py-2 align-top text-slate-700 md:table-cell dark:text-slate-300">
          {String(log.context?.module ?? log.context?.queue ?? '—')}
        </td>
        <td className="py-1 pr-4 pl-2 text-right align-top sm:pr-5">
          {context.length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
            >
              <span className="sr-only sm:not-sr-only">{open ? 'Hide' : 'Details'}</span>
              <ChevronDown className={open ? 'size-4 rotate-180' : 'size-4'} aria-hidden="true" />
            </Button>
          )}
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="bg-slate-50 dark:bg-slate-800/40">
          <td colSpan={5} className="px-4 py-3 sm:px-5">
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {context.map(([key, value]) => (
                <Fragment key={key}>
                  <dt className="text-slate-500 dark:text-slate-400">{CONTEXT_LABELS[key] ?? key}</dt>
                  <dd className="font-mono text-xs break-all text-slate-900 sm:text-sm dark:text-white">
                    {String(value)}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

export function LogsPanel({
  filters,
  onChange,
}: {
  filters: LogFilters;
  onChange(changes: Partial<LogFilters>): void;
}) {
  const today = todayIn();
  const [search, setSearch] = useState(filters.search);
  const rangeInvalid = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const logs = useSystemLogs({
    page: filters.page,
    limit: PAGE_SIZE,
    level: isLevel(filters.level) ? filters.level : undefined,
    search: filters.search || undefined,
    from: filters.from || undefined,
    to: rangeInvalid ? undefined : filters.to || undefined,
  });

  const filtered = filters.level || filters.search || filters.from || filters.to;
  const body = (
    <QueryState
      query={logs}
      loading="Loading the logs..."
      errorTitle="Failed to fetch system logs"
      errorFrame="p-5"
      isEmpty={(data) => data.logs.length === 0}
      empty={
        <EmptyState
          icon={ScrollText}
          title={filtered ? 'No entries match these filters' : 'No warnings or errors'}
          description={
            filtered
              ? 'Try another level, word or date range.'
              : 'Warnings and errors of the server appear here, without personal data.'
          }
        />
      }
    >
      {(data) => (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Warnings and errors of the server, newest first</caption>
            <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                <th scope="col" className="hidden px-5 py-2 font-medium sm:table-cell">
                  Time
                </th>
                <th scope="col" className="py-2 pr-2 pl-4 font-medium sm:px-3">
                  Level
                </th>
                <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                  Message
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                  Module
                </th>
                <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium sm:pr-5">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {data.logs.map((log) => (
                <LogRow key={log.id} log={log} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <FilterBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Level">
          <Select value={filters.level} onChange={(event) => onChange({ level: event.target.value })}>
            <option value="">All levels</option>
            {SYSTEM_LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVELS[level].label}
              </option>
            ))}
          </Select>
        </FormField>
        <SearchInput
          label="Search logs"
          placeholder="Message, module, error..."
          value={search}
          onValueChange={setSearch}
          onSearch={(term) => onChange({ search: term })}
        />
        <FormField label="From" error={rangeInvalid ? 'The start must be on or before the end' : undefined}>
          <Input
            type="date"
            value={filters.from}
            max={today}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </FormField>
        <FormField label="To">
          <Input
            type="date"
            value={filters.to}
            max={today}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </FormField>
      </FilterBar>
      <Card>{body}</Card>
      {logs.data && (
        <Pagination
          page={logs.data.pagination.page}
          totalPages={logs.data.pagination.totalPages}
          total={logs.data.pagination.total}
          limit={logs.data.pagination.limit}
          onPageChange={(page) => onChange({ page })}
        />
      )}
    </div>
  );
}

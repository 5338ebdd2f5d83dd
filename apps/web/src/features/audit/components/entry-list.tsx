import type { AuditEntry } from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/dates';
import { moduleLabel } from '../lib/labels';
import { CategoryBadge, SeverityBadge } from './severity-badge';

export interface EntryListProps<E extends AuditEntry> {
  entries: E[];
  onOpen(entry: E): void;
  showSchool: boolean;
  /** An extra column, such as the amount on the financial tab. */
  extra?: { header: string; cell(entry: E): ReactNode };
  caption: string;
}

const who = (entry: AuditEntry) => entry.actor?.name ?? 'The system';

/**
 * The entries as a table from the medium breakpoint, as cards on a phone. Each row opens its
 * detail; the button inside keeps that reachable by keyboard, the row click is a bigger target.
 */
export function EntryList<E extends AuditEntry>({ entries, onOpen, showSchool, extra, caption }: EntryListProps<E>) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block dark:border-slate-800 dark:bg-slate-900">
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-3">
                When
              </th>
              <th scope="col" className="px-4 py-3">
                What happened
              </th>
              <th scope="col" className="px-4 py-3">
                Module
              </th>
              {showSchool && (
                <th scope="col" className="px-4 py-3">
                  School
                </th>
              )}
              {extra && (
                <th scope="col" className="px-4 py-3 text-right">
                  {extra.header}
                </th>
              )}
              <th scope="col" className="px-4 py-3">
                Severity
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {entries.map((entry) => (
              <tr
                key={entry.id}
                onClick={() => onOpen(entry)}
                className="cursor-pointer align-top hover:bg-emerald-50/50 dark:hover:bg-slate-800/50"
              >
                <td className="px-4 py-3 whitespace-nowrap text-slate-600 dark:text-slate-300">
                  {formatDateTime(entry.timestamp)}
                </td>
                <td className="px-4 py-3">
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(entry);
                    }}
                    className="text-left font-medium text-slate-900 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-white"
                  >
                    {entry.summary}
                  </button>
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                    {who(entry)}
                    {entry.actor?.email ? ` · ${entry.actor.email}` : ''} ·{' '}
                    <span className="font-mono">{entry.action}</span>
                  </p>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <span className="text-slate-700 dark:text-slate-200">{moduleLabel(entry.module)}</span>
                  <div className="mt-1">
                    <CategoryBadge category={entry.category} />
                  </div>
                </td>
                {showSchool && (
                  <td className="px-4 py-3 text-slate-600 dark:text-slate-300">{entry.schoolName ?? 'Platform'}</td>
                )}
                {extra && <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{extra.cell(entry)}</td>}
                <td className="px-4 py-3">
                  <SeverityBadge severity={entry.severity} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              onClick={() => onOpen(entry)}
              className="w-full rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="font-medium text-slate-900 dark:text-white">{entry.summary}</span>
                <SeverityBadge severity={entry.severity} />
              </div>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {formatDateTime(entry.timestamp)} · {moduleLabel(entry.module)}
                {showSchool ? ` · ${entry.schoolName ?? 'Platform'}` : ''}
              </p>
              {extra && <p className="mt-1 text-sm font-semibold tabular-nums">{extra.cell(entry)}</p>}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

import { useCallback } from 'react';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const SENT_FILTERS = [
  ['all', 'All'],
  ['unsent', 'Not sent'],
  ['sent', 'Sent'],
] as const;

export type SentFilter = (typeof SENT_FILTERS)[number][0];

/** The Reminders tab's filters; the school is the address key the other tabs share. */
export interface ReminderFilters {
  school: string;
  /** Not shown here, but cleared with the school as on the other tabs: a term belongs to its school. */
  term: string;
  rsent: SentFilter;
  rpage: number;
}

const DEFAULTS: ReminderFilters = { school: '', term: '', rsent: 'all', rpage: 1 };

const OPTIONS: UrlFilterOptions<ReminderFilters> = {
  parse: { rsent: (raw) => SENT_FILTERS.find(([value]) => value === raw)?.[0] },
  keepPage: ['rsent', 'rpage'],
  dependents: { school: ['term'] },
};

/** The `sent` query of the list for a filter: none for all of them. */
export const sentQuery = (filter: SentFilter) =>
  filter === 'all' ? undefined : filter === 'sent' ? ('true' as const) : ('false' as const);

export function useReminderFilters() {
  const { filters, update } = useUrlFilters(DEFAULTS, OPTIONS);
  // Another school or another filter shows another list, which starts on its first page.
  const updateReminders = useCallback(
    (changes: Partial<ReminderFilters>) => update('rpage' in changes ? changes : { ...changes, rpage: 1 }),
    [update],
  );
  return { filters, update: updateReminders };
}

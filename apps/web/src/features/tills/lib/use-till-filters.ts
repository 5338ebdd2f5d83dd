import { TILL_STATUSES, type TillStatus } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export type TillStatusFilter = TillStatus | 'all';

const parseStatus = (value: string): TillStatusFilter =>
  (TILL_STATUSES as readonly string[]).includes(value) ? (value as TillStatus) : 'all';

interface TillFilters {
  school: string;
  status: TillStatusFilter;
  /** A till whose report is open, as a notice's link names it. */
  till: string;
}

const DEFAULTS: TillFilters = { school: '', status: 'all', till: '' };
const OPTIONS: UrlFilterOptions<TillFilters> = { parse: { status: parseStatus } };

/** The school and the list's status live in the address, so a reload shows the same list. */
export const useTillFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

import { TILL_STATUSES, type TillStatus } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export type TillStatusFilter = TillStatus | 'all';

/** The page's two views: the tills themselves, and a school's day added up. */
export const TILL_VIEWS = [
  ['tills', 'Tills'],
  ['cash-up', 'Daily cash-up'],
] as const;
export type TillView = (typeof TILL_VIEWS)[number][0];

const parseView = (value: string): TillView | undefined => TILL_VIEWS.find(([view]) => view === value)?.[0];
const parseDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

const parseStatus = (value: string): TillStatusFilter =>
  (TILL_STATUSES as readonly string[]).includes(value) ? (value as TillStatus) : 'all';

interface TillFilters {
  school: string;
  status: TillStatusFilter;
  /** A till whose report is open, as a notice's link names it. */
  till: string;
  view: TillView;
  /** The cash-up's day; today when empty. */
  date: string;
}

const DEFAULTS: TillFilters = { school: '', status: 'all', till: '', view: 'tills', date: '' };
const OPTIONS: UrlFilterOptions<TillFilters> = { parse: { status: parseStatus, view: parseView, date: parseDay } };

/** The school, the view, the list's status and the cash-up's day live in the address, so a reload shows the same. */
export const useTillFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

import { FEE_STATUSES } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const STATUS_FILTERS = [
  ['all', 'All'],
  ['approved', 'Approved'],
  ['pending', 'Pending Approval'],
  ['rejected', 'Rejected'],
] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number][0];

export const FEE_TABS = [
  ['overview', 'Overview'],
  ['fees', 'Fee Management'],
  ['payments', 'Payments'],
  ['approvals', 'Approvals'],
  ['outstanding', 'Outstanding'],
  ['reminders', 'Reminders'],
] as const;

export type FeeTab = (typeof FEE_TABS)[number][0];

export interface FeeFilters {
  tab: FeeTab;
  school: string;
  term: string;
  status: StatusFilter;
  search: string;
  page: number;
}

const DEFAULTS: FeeFilters = { tab: 'overview', school: '', term: '', status: 'all', search: '', page: 1 };

const isStatus = (value: string): value is StatusFilter =>
  value === 'all' || FEE_STATUSES.some((status) => status === value);
const isTab = (value: string): value is FeeTab => FEE_TABS.some(([tab]) => tab === value);

const OPTIONS: UrlFilterOptions<FeeFilters> = {
  parse: {
    tab: (raw) => (isTab(raw) ? raw : undefined),
    status: (raw) => (isStatus(raw) ? raw : undefined),
  },
  // Another tab shows another list, whose page the address does not hold.
  keepPage: ['tab'],
  // A term belongs to the school it was chosen under.
  dependents: { school: ['term'] },
};

/** The tab and the filters live in the address, so a reload or a shared link shows the same list. */
export const useFeeFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

import { ADJUSTMENT_STATUSES, type AdjustmentStatus } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const ADJUSTMENT_TABS = [
  ['pending', 'Awaiting approval'],
  ['all', 'All adjustments'],
  ['rules', 'Rules'],
  ['late-fees', 'Late fees'],
] as const;

export type AdjustmentTab = (typeof ADJUSTMENT_TABS)[number][0];

export interface AdjustmentFilters {
  tab: AdjustmentTab;
  status: AdjustmentStatus | 'all';
  school: string;
  page: number;
}

const DEFAULTS: AdjustmentFilters = { tab: 'pending', status: 'all', school: '', page: 1 };

const isTab = (value: string): value is AdjustmentTab => ADJUSTMENT_TABS.some(([tab]) => tab === value);
const isStatus = (value: string): value is AdjustmentStatus | 'all' =>
  value === 'all' || ADJUSTMENT_STATUSES.some((status) => status === value);

const OPTIONS: UrlFilterOptions<AdjustmentFilters> = {
  parse: {
    tab: (raw) => (isTab(raw) ? raw : undefined),
    status: (raw) => (isStatus(raw) ? raw : undefined),
  },
};

/** The tab, status, school and page live in the address, so a reload or a shared link shows the same list. */
export const useAdjustmentFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

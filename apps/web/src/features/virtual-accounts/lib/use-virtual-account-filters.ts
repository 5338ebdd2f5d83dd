import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const VIRTUAL_ACCOUNT_TABS = ['accounts', 'arrivals'] as const;
export type VirtualAccountTab = (typeof VIRTUAL_ACCOUNT_TABS)[number];

interface VirtualAccountFilters {
  tab: VirtualAccountTab;
  school: string;
}

const DEFAULTS: VirtualAccountFilters = { tab: 'accounts', school: '' };

const OPTIONS: UrlFilterOptions<VirtualAccountFilters> = {
  parse: { tab: (raw) => VIRTUAL_ACCOUNT_TABS.find((tab) => tab === raw) },
};

/** The tab and the chosen school live in the address, so a reload shows the same list. */
export const useVirtualAccountFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

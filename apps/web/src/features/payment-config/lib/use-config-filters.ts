import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';
import { CONFIG_TABS, type ConfigTab } from './form-values';

interface ConfigFilters {
  tab: ConfigTab;
  school: string;
}

const DEFAULTS: ConfigFilters = { tab: 'paystack', school: '' };

const OPTIONS: UrlFilterOptions<ConfigFilters> = {
  parse: { tab: (raw) => CONFIG_TABS.find(([tab]) => tab === raw)?.[0] },
};

/** The tab and the chosen school live in the address, so a reload shows the same screen. */
export const useConfigFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';
import {
  type ChannelFilter,
  type MessagingTab,
  parseChannelFilter,
  parseMessagingTab,
  parseStatusFilter,
  type StatusFilter,
} from './texts';

interface MessagingFilters {
  tab: MessagingTab;
  school: string;
  status: StatusFilter;
  channel: ChannelFilter;
}

const DEFAULTS: MessagingFilters = { tab: 'deliveries', school: '', status: 'all', channel: 'all' };

const OPTIONS: UrlFilterOptions<MessagingFilters> = {
  parse: { tab: parseMessagingTab, status: parseStatusFilter, channel: parseChannelFilter },
};

/** The tab, the school and the list's filters live in the address, so a reload shows the same list. */
export const useMessagingFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

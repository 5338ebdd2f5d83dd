import { BANK_LINE_STATUSES, type BankLineStatus } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

interface StatementFilters {
  tab: BankLineStatus;
  school: string;
}

const DEFAULTS: StatementFilters = { tab: 'review', school: '' };

const OPTIONS: UrlFilterOptions<StatementFilters> = {
  parse: { tab: (raw) => BANK_LINE_STATUSES.find((status) => status === raw) },
};

/** The tab and the chosen school live in the address, so a reload shows the same list. */
export const useStatementFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

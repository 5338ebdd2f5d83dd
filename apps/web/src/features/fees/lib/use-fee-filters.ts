import { FEE_STATUSES } from '@schoolledger/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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

const isStatus = (value: string | null): value is StatusFilter =>
  value === 'all' || FEE_STATUSES.some((status) => status === value);
const isTab = (value: string | null): value is FeeTab => FEE_TABS.some(([tab]) => tab === value);

function parse(params: URLSearchParams): FeeFilters {
  const tab = params.get('tab');
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    tab: isTab(tab) ? tab : 'overview',
    school: params.get('school') ?? '',
    term: params.get('term') ?? '',
    status: isStatus(status) ? status : 'all',
    search: params.get('search') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const DEFAULTS: Record<keyof FeeFilters, string> = {
  tab: 'overview',
  school: '',
  term: '',
  status: 'all',
  search: '',
  page: '1',
};

/**
 * The tab and the filters live in the address, so a reload or a shared link shows the same list.
 * Changing a filter goes back to the first page; choosing another school clears the term, which
 * belongs to the old school.
 */
export function useFeeFilters() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<FeeFilters>) =>
      // The updater form reads the latest address: the debounced search calls this late.
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const filterChanged = Object.keys(changes).some((key) => key !== 'tab' && key !== 'page');
          if (filterChanged) next.delete('page');
          if ('school' in changes && !('term' in changes)) next.delete('term');
          for (const [key, value] of Object.entries(changes) as [keyof FeeFilters, string | number][]) {
            const text = String(value);
            if (text === DEFAULTS[key]) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters: parse(params), update };
}

import { ROLES, type Role } from '@schoolledger/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const STATUS_FILTERS = [
  ['all', 'All'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number][0];

export interface UserFilters {
  search: string;
  role: Role | '';
  status: StatusFilter;
  school: string;
  page: number;
}

const isRole = (value: string | null): value is Role => ROLES.some((role) => role === value);
const isStatus = (value: string | null): value is StatusFilter => STATUS_FILTERS.some(([status]) => status === value);

function parse(params: URLSearchParams): UserFilters {
  const role = params.get('role');
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search') ?? '',
    role: isRole(role) ? role : '',
    status: isStatus(status) ? status : 'all',
    school: params.get('school') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const DEFAULTS: Record<keyof UserFilters, string> = { search: '', role: '', status: 'all', school: '', page: '1' };

/**
 * The filters live in the address, so a reload or a shared link shows the same list. Changing any
 * filter goes back to the first page.
 */
export function useUserFilters() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<UserFilters>) =>
      // The updater form reads the latest address: the debounced search calls this late.
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes)) next.delete('page');
          for (const [key, value] of Object.entries(changes) as [keyof UserFilters, string | number][]) {
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

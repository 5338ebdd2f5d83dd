import { ROLES, type Role } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

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

const DEFAULTS: UserFilters = { search: '', role: '', status: 'all', school: '', page: 1 };

const isRole = (value: string): value is Role => ROLES.some((role) => role === value);
const isStatus = (value: string): value is StatusFilter => STATUS_FILTERS.some(([status]) => status === value);

const OPTIONS: UrlFilterOptions<UserFilters> = {
  parse: {
    role: (raw) => (isRole(raw) ? raw : undefined),
    status: (raw) => (isStatus(raw) ? raw : undefined),
  },
};

/** The filters live in the address, so a reload or a shared link shows the same list. */
export const useUserFilters = () => useUrlFilters(DEFAULTS, OPTIONS);

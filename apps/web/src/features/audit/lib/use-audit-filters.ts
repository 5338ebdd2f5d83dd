import { AUDIT_CATEGORIES, AUDIT_SEVERITIES, type AuditCategory, type AuditSeverity } from '@schoolledger/domain';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

export const AUDIT_TABS = [
  ['trail', 'Trail'],
  ['financial', 'Financial'],
  ['security', 'Security'],
  ['people', 'People'],
  ['integrity', 'Integrity'],
] as const;
export type AuditTab = (typeof AUDIT_TABS)[number][0];

/**
 * Everything the audit screen keeps in the address: the tab, the trail's filters, and the dates
 * and school the other tabs share with it, so a link to a filtered trail opens the same list.
 */
export interface AuditUrlFilters {
  tab: AuditTab;
  q: string;
  category: 'all' | AuditCategory;
  severity: 'all' | AuditSeverity;
  module: string;
  person: string;
  school: string;
  from: string;
  to: string;
  entry: string;
  page: number;
}

const DEFAULTS: AuditUrlFilters = {
  tab: 'trail',
  q: '',
  category: 'all',
  severity: 'all',
  module: '',
  person: '',
  school: '',
  from: '',
  to: '',
  entry: '',
  page: 1,
};

/** The trail's own filters, as Clear Filters leaves them: set apart from these, a list is filtered. */
export const TRAIL_FILTERS_CLEARED = {
  q: '',
  category: 'all',
  severity: 'all',
  module: '',
  person: '',
  from: '',
  to: '',
} as const satisfies Partial<AuditUrlFilters>;

export const isTrailFiltered = (filters: AuditUrlFilters) =>
  (Object.keys(TRAIL_FILTERS_CLEARED) as (keyof typeof TRAIL_FILTERS_CLEARED)[]).some(
    (key) => filters[key] !== TRAIL_FILTERS_CLEARED[key],
  );

const isDate = (raw: string) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

const OPTIONS: UrlFilterOptions<AuditUrlFilters> = {
  parse: {
    tab: (raw) => (AUDIT_TABS.some(([tab]) => tab === raw) ? (raw as AuditTab) : undefined),
    category: (raw) => (AUDIT_CATEGORIES.some((each) => each === raw) ? (raw as AuditCategory) : undefined),
    severity: (raw) => (AUDIT_SEVERITIES.some((each) => each === raw) ? (raw as AuditSeverity) : undefined),
    from: isDate,
    to: isDate,
  },
  // Opening an entry, or choosing a person on the People tab, keeps the list where it was.
  keepPage: ['entry', 'person'],
};

export function useAuditFilters() {
  return useUrlFilters(DEFAULTS, OPTIONS);
}

/** The trail's filters as the API names them. */
export const trailFilters = (filters: AuditUrlFilters) => ({
  search: filters.q || undefined,
  category: filters.category === 'all' ? undefined : filters.category,
  severity: filters.severity === 'all' ? undefined : filters.severity,
  module: filters.module || undefined,
  userId: filters.person || undefined,
  schoolId: filters.school || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

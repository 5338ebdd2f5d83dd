import { DateFilterFields, FilterBar, SchoolFilter } from '@/components/filters';
import { Button } from '@/components/ui';
import type { AuditUrlFilters } from '../lib/use-audit-filters';

/** School and dates: the filters the financial and security tabs share with the trail. */
export function RangeFilters({
  filters,
  update,
  multiSchool,
  children,
}: {
  filters: AuditUrlFilters;
  update(changes: Partial<AuditUrlFilters>): void;
  multiSchool: boolean;
  children?: React.ReactNode;
}) {
  return (
    <FilterBar className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4">
      {multiSchool && <SchoolFilter value={filters.school} onChange={(school) => update({ school, person: '' })} />}
      {children}
      <DateFilterFields from={filters.from} to={filters.to} onChange={update} />
      <Button
        variant="secondary"
        onClick={() => update({ from: '', to: '' })}
        disabled={!filters.from && !filters.to}
        className="col-span-2 lg:col-span-1"
      >
        Clear Dates
      </Button>
    </FilterBar>
  );
}

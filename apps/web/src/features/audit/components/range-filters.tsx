import { FilterBar, SchoolFilter } from '@/components/filters';
import { Button, FormField, Input } from '@/components/ui';
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
      <FormField label="From">
        <Input
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => update({ from: event.target.value })}
        />
      </FormField>
      <FormField label="To">
        <Input
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => update({ to: event.target.value })}
        />
      </FormField>
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

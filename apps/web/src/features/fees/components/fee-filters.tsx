import { useState } from 'react';
import { FilterBar, SchoolFilter, TermFilter } from '@/components/filters';
import { Button, FormField, SearchInput, Select } from '@/components/ui';
import type { FeePermissions } from '../lib/permissions';
import { type FeeFilters, STATUS_FILTERS, type StatusFilter } from '../lib/use-fee-filters';

export interface FeeFiltersBarProps {
  filters: FeeFilters;
  /** The school whose terms the term filter offers: the chosen one, or the user's own. */
  schoolId: string;
  update(changes: Partial<FeeFilters>): void;
  may: FeePermissions;
}

export function FeeFiltersBar({ filters, schoolId, update, may }: FeeFiltersBarProps) {
  const [search, setSearch] = useState(filters.search);

  const clearAll = () => {
    setSearch('');
    update({ search: '', school: '', term: '', status: 'all' });
  };

  const filtered = filters.search !== '' || filters.school !== '' || filters.term !== '' || filters.status !== 'all';

  return (
    <FilterBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] lg:items-end">
      <SearchInput
        label="Search fees"
        value={search}
        onValueChange={setSearch}
        onSearch={(term) => update({ search: term })}
        placeholder="Fee name"
        className="sm:col-span-2 lg:col-span-1"
      />
      {may.multiSchool && <SchoolFilter value={filters.school} onChange={(school) => update({ school })} />}
      <TermFilter schoolId={schoolId} value={filters.term} onChange={(term) => update({ term })} />
      <FormField label="Status">
        <Select value={filters.status} onChange={(event) => update({ status: event.target.value as StatusFilter })}>
          {STATUS_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <Button variant="secondary" onClick={clearAll} disabled={!filtered}>
        Clear Filters
      </Button>
    </FilterBar>
  );
}

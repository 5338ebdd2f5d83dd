import { useState } from 'react';
import { Button, FormField, SearchInput, Select } from '@/components/ui';
import { useSchools } from '@/lib/queries/schools';
import { useSchoolTerms } from '@/lib/queries/terms';
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
  const schools = useSchools();
  const terms = useSchoolTerms(schoolId);

  const clearAll = () => {
    setSearch('');
    update({ search: '', school: '', term: '', status: 'all' });
  };

  const filtered = filters.search !== '' || filters.school !== '' || filters.term !== '' || filters.status !== 'all';
  const termList = terms.data ?? [];

  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] lg:items-end dark:border-slate-800 dark:bg-slate-900">
      <SearchInput
        label="Search fees"
        value={search}
        onValueChange={setSearch}
        onSearch={(term) => update({ search: term })}
        placeholder="Fee name"
        className="sm:col-span-2 lg:col-span-1"
      />
      {may.multiSchool && (
        <FormField label="School">
          <Select
            value={filters.school}
            disabled={schools.isPending}
            onChange={(event) => update({ school: event.target.value })}
          >
            <option value="">All Schools</option>
            {schools.data?.map((school) => (
              <option key={school._id} value={school._id}>
                {school.name}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label="Term">
        <Select
          value={filters.term}
          disabled={!schoolId || terms.isPending}
          onChange={(event) => update({ term: event.target.value })}
        >
          <option value="">{schoolId ? 'All Terms' : 'Select a school first'}</option>
          {termList.map((term) => (
            <option key={term._id} value={term._id}>
              {term.name} ({term.session.name})
            </option>
          ))}
        </Select>
      </FormField>
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
    </div>
  );
}

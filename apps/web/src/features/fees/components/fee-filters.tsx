import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, FormField, Input, Select } from '@/components/ui';
import { useSchools } from '../api/get-schools';
import { useTerms } from '../api/get-terms';
import type { FeePermissions } from '../lib/permissions';
import { type FeeFilters, STATUS_FILTERS, type StatusFilter } from '../lib/use-fee-filters';

const SEARCH_DELAY_MS = 300;

export interface FeeFiltersBarProps {
  filters: FeeFilters;
  /** The school whose terms the term filter offers: the chosen one, or the user's own. */
  schoolId: string;
  update(changes: Partial<FeeFilters>): void;
  may: FeePermissions;
}

export function FeeFiltersBar({ filters, schoolId, update, may }: FeeFiltersBarProps) {
  const searchId = useId();
  const [search, setSearch] = useState(filters.search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const schools = useSchools();
  const terms = useTerms(schoolId);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Each keystroke restarts the wait, so the server is asked once the typing pauses.
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => update({ search: value.trim() }), SEARCH_DELAY_MS);
  };

  const clearAll = () => {
    clearTimeout(timer.current);
    setSearch('');
    update({ search: '', school: '', term: '', status: 'all' });
  };

  const filtered = filters.search !== '' || filters.school !== '' || filters.term !== '' || filters.status !== 'all';
  const termList = terms.data ?? [];

  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] lg:items-end dark:border-slate-800 dark:bg-slate-900">
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          Search fees
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Fee name"
            className="pl-9"
          />
        </div>
      </div>
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

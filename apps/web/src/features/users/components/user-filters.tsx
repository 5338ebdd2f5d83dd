import { ROLE_BADGES, ROLES } from '@schoolledger/domain';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { SchoolFilter } from '@/components/filters';
import { Button, FormField, SearchInput, Select } from '@/components/ui';
import type { UserPermissions } from '../lib/permissions';
import { STATUS_FILTERS, type UserFilters } from '../lib/use-user-filters';

const FILTER_ROLES = ROLES.filter((role) => role !== 'Proprietor');

export interface UserFiltersBarProps {
  filters: UserFilters;
  update(changes: Partial<UserFilters>): void;
  may: UserPermissions;
}

export function UserFiltersBar({ filters, update, may }: UserFiltersBarProps) {
  const panelId = useId();
  const [search, setSearch] = useState(filters.search);
  const [moreOpen, setMoreOpen] = useState(filters.school !== '');

  const clearAll = () => {
    setSearch('');
    update({ search: '', role: '', status: 'all', school: '' });
  };

  const filtered = filters.search !== '' || filters.role !== '' || filters.status !== 'all' || filters.school !== '';

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_10rem_auto] lg:items-end">
        <SearchInput
          label="Search users"
          value={search}
          onValueChange={setSearch}
          onSearch={(term) => update({ search: term })}
          placeholder="Name or email"
          className="col-span-2 lg:col-span-1"
        />
        <FormField label="Role">
          <Select
            value={filters.role}
            onChange={(event) => update({ role: event.target.value as UserFilters['role'] })}
          >
            <option value="">All Roles</option>
            {FILTER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_BADGES[role]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Status">
          <Select
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as UserFilters['status'] })}
          >
            {STATUS_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
        <Button
          variant="secondary"
          aria-expanded={moreOpen}
          aria-controls={panelId}
          onClick={() => setMoreOpen((open) => !open)}
          className="col-span-2 lg:col-span-1"
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          More Filters
        </Button>
      </div>
      {moreOpen && (
        <div
          id={panelId}
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900/60"
        >
          {may.multiSchool ? (
            <SchoolFilter
              value={filters.school}
              onChange={(school) => update({ school })}
              className="min-w-0 flex-1 basis-56 sm:max-w-xs"
            />
          ) : (
            <p className="min-w-0 flex-1 basis-56 text-sm text-slate-600 dark:text-slate-400">
              You see the users of {may.me?.school?.name ?? 'your school'} only.
            </p>
          )}
          <Button variant="ghost" onClick={clearAll} disabled={!filtered}>
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}

import { AUDIT_CATEGORIES, AUDIT_SEVERITIES } from '@schoolledger/domain';
import { useState } from 'react';
import { DateFilterFields, FilterBar, SchoolFilter } from '@/components/filters';
import { Button, FormField, SearchInput, Select } from '@/components/ui';
import { useAuditUsers } from '../api/get-audit-users';
import { CATEGORY_LABELS, moduleLabel, SEVERITY_LABELS } from '../lib/labels';
import { type AuditUrlFilters, isTrailFiltered, TRAIL_FILTERS_CLEARED } from '../lib/use-audit-filters';

export interface TrailFiltersProps {
  filters: AuditUrlFilters;
  update(changes: Partial<AuditUrlFilters>): void;
  modules: string[];
  multiSchool: boolean;
}

export function TrailFilters({ filters, update, modules, multiSchool }: TrailFiltersProps) {
  const [search, setSearch] = useState(filters.q);
  const people = useAuditUsers({ schoolId: filters.school || undefined, limit: 100 });
  const filtered = isTrailFiltered(filters);

  const clearAll = () => {
    setSearch('');
    update(TRAIL_FILTERS_CLEARED);
  };

  return (
    <FilterBar className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4">
      <SearchInput
        label="Search the trail"
        value={search}
        onValueChange={setSearch}
        onSearch={(term) => update({ q: term })}
        placeholder="Action, record id, receipt, reference or person"
        className="col-span-2"
      />
      {multiSchool && <SchoolFilter value={filters.school} onChange={(school) => update({ school, person: '' })} />}
      <FormField label="Category">
        <Select
          value={filters.category}
          onChange={(event) => update({ category: event.target.value as AuditUrlFilters['category'] })}
        >
          <option value="all">All categories</option>
          {AUDIT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Severity">
        <Select
          value={filters.severity}
          onChange={(event) => update({ severity: event.target.value as AuditUrlFilters['severity'] })}
        >
          <option value="all">All severities</option>
          {AUDIT_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {SEVERITY_LABELS[severity]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Module">
        <Select value={filters.module} onChange={(event) => update({ module: event.target.value })}>
          <option value="">All modules</option>
          {modules.map((module) => (
            <option key={module} value={module}>
              {moduleLabel(module)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Person">
        <Select
          value={filters.person}
          disabled={people.isPending}
          onChange={(event) => update({ person: event.target.value, page: 1 })}
        >
          <option value="">Everyone</option>
          {people.data?.users.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </Select>
      </FormField>
      <DateFilterFields from={filters.from} to={filters.to} onChange={update} />
      <Button variant="secondary" onClick={clearAll} disabled={!filtered} className="col-span-2 lg:col-span-1">
        Clear Filters
      </Button>
    </FilterBar>
  );
}

import { useState } from 'react';
import { DateFilterFields, FilterBar, SchoolFilter, TermFilter } from '@/components/filters';
import { Button, FormField, SearchInput, Select } from '@/components/ui';
import type { FeePermissions } from '../lib/permissions';
import { PAYMENT_METHOD_FILTERS, PAYMENT_STATUS_FILTERS, type PaymentFilters } from '../lib/use-payment-filters';

export interface PaymentFiltersBarProps {
  filters: PaymentFilters;
  /** The school whose terms the term filter offers: the chosen one, or the user's own. */
  schoolId: string;
  update(changes: Partial<PaymentFilters>): void;
  may: FeePermissions;
}

export function PaymentFiltersBar({ filters, schoolId, update, may }: PaymentFiltersBarProps) {
  const [search, setSearch] = useState(filters.q);
  const filtered =
    filters.q !== '' ||
    filters.term !== '' ||
    filters.pstatus !== 'all' ||
    filters.method !== 'all' ||
    filters.from !== '' ||
    filters.to !== '';

  const clearAll = () => {
    setSearch('');
    update({ q: '', term: '', pstatus: 'all', method: 'all', from: '', to: '' });
  };

  return (
    <FilterBar className="grid grid-cols-2 items-end gap-3 lg:grid-cols-4">
      <SearchInput
        label="Search payments"
        value={search}
        onValueChange={setSearch}
        onSearch={(term) => update({ q: term })}
        placeholder="Student, reg. no., reference or receipt"
        className="col-span-2"
      />
      {may.multiSchool && <SchoolFilter value={filters.school} onChange={(school) => update({ school })} />}
      <TermFilter schoolId={schoolId} value={filters.term} onChange={(term) => update({ term })} />
      <FormField label="Payment status">
        <Select
          value={filters.pstatus}
          onChange={(event) => update({ pstatus: event.target.value as PaymentFilters['pstatus'] })}
        >
          {PAYMENT_STATUS_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Method">
        <Select
          value={filters.method}
          onChange={(event) => update({ method: event.target.value as PaymentFilters['method'] })}
        >
          {PAYMENT_METHOD_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
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

import { FilterBar, SchoolFilter } from '@/components/filters';
import { FormField, Input } from '@/components/ui';
import type { Period } from '../lib/books';
import type { BooksUrlFilters } from '../lib/use-books-filters';

/**
 * The school (for those who keep several schools' books) and the period the tabs read. The period's
 * fields always show the days in effect: left empty, the year so far.
 */
export function BooksFilters({
  filters,
  update,
  period,
  today,
  multiSchool,
  showPeriod,
  groupLabel,
}: {
  filters: BooksUrlFilters;
  update(changes: Partial<BooksUrlFilters>): void;
  period: Period & { invalid: boolean };
  today: string;
  multiSchool: boolean;
  showPeriod: boolean;
  /** The school picker's empty choice: the group's books, or a prompt where a tab needs one school. */
  groupLabel: string;
}) {
  if (!multiSchool && !showPeriod) return null;
  return (
    <FilterBar className="mb-4 grid grid-cols-2 items-start gap-3 lg:grid-cols-4">
      {multiSchool && (
        <SchoolFilter
          className="col-span-2"
          value={filters.school}
          emptyLabel={groupLabel}
          onChange={(school) => update({ school })}
        />
      )}
      {showPeriod && (
        <>
          <FormField label="From" error={period.invalid ? 'The start must be on or before the end' : undefined}>
            <Input type="date" value={period.from} onChange={(event) => update({ from: event.target.value })} />
          </FormField>
          <FormField label="To">
            <Input type="date" value={period.to} max={today} onChange={(event) => update({ to: event.target.value })} />
          </FormField>
        </>
      )}
    </FilterBar>
  );
}

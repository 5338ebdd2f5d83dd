import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_STATUS_LABELS,
  EXPENSE_STATUSES,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FilterBar, SchoolFilter, TermFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState, FormField, Pagination, SearchInput, Select, Spinner } from '@/components/ui';
import { type ExpenseListQuery, useExpenses } from '../api/get-expenses';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';
import type { ExpenseFilters } from '../lib/use-expense-filters';
import { ExpenseList } from './expense-list';
import { ListSkeleton } from './list-skeleton';

export const PAGE_SIZE = 20;

export interface ExpensesPanelProps {
  may: ExpensePermissions;
  filters: ExpenseFilters;
  update(changes: Partial<ExpenseFilters>): void;
}

export function ExpensesPanel({ may, filters, update }: ExpensesPanelProps) {
  const [text, setText] = useState(filters.search);
  const query: ExpenseListQuery = {
    school_id: filters.school || undefined,
    term_id: filters.term || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    category: filters.category === 'all' ? undefined : filters.category,
    search: filters.search || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const expenses = useExpenses(query);
  // The terms of the chosen school, or of the caller's own when they see one.
  const termSchool = filters.school || (may.multiSchool ? '' : may.ownSchool);

  // A change elsewhere can leave the address past the last page.
  const totalPages = expenses.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.page > totalPages) update({ page: totalPages });
  }, [totalPages, filters.page, update]);

  const filtered =
    filters.school !== '' ||
    filters.term !== '' ||
    filters.status !== 'all' ||
    filters.category !== 'all' ||
    filters.search !== '';
  const body = (
    <QueryState
      query={expenses}
      loading={
        <Card className="overflow-hidden">
          <ListSkeleton label="Loading expenses..." />
        </Card>
      }
      errorTitle={EXPENSE_MESSAGES.loadFailed}
      isEmpty={(data) => data.expenses.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={ReceiptText}
            title={filtered ? 'No expenses found' : 'No expenses yet'}
            description={
              filtered
                ? 'Try another school, term, status, category or search.'
                : 'Salaries, vendor bills, utilities and repairs appear here once recorded.'
            }
          />
        </Card>
      }
    >
      {(data) => (
        <>
          <Card className="overflow-hidden">
            <ExpenseList expenses={data.expenses} showSchool={may.multiSchool} caption="Expenses" />
          </Card>
          <Pagination {...data.pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <FilterBar
        className={clsx(
          'grid gap-3 sm:grid-cols-2',
          may.multiSchool ? 'lg:grid-cols-3 2xl:grid-cols-5' : 'lg:grid-cols-4',
        )}
      >
        {may.multiSchool && <SchoolFilter value={filters.school} onChange={(school) => update({ school })} />}
        <TermFilter schoolId={termSchool} value={filters.term} onChange={(term) => update({ term })} />
        <FormField label="Status">
          <Select
            value={filters.status}
            onChange={(event) => update({ status: event.target.value as ExpenseFilters['status'] })}
          >
            <option value="all">All statuses</option>
            {EXPENSE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {EXPENSE_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Category">
          <Select
            value={filters.category}
            onChange={(event) => update({ category: event.target.value as ExpenseFilters['category'] })}
          >
            <option value="all">All categories</option>
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {EXPENSE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </Select>
        </FormField>
        <SearchInput
          label="Search"
          placeholder="Reference, title or payee"
          value={text}
          onValueChange={setText}
          onSearch={(search) => update({ search })}
        />
      </FilterBar>
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        Expenses{expenses.data && ` (${expenses.data.pagination.total})`}
        {expenses.isFetching && !expenses.isPending && <Spinner className="text-emerald-600" />}
      </h2>
      {body}
    </div>
  );
}

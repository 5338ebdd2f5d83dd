import { EXPENSE_CATEGORY_LABELS, type ExpenseCategory } from '@schoolledger/domain';
import { PiggyBank, Plus, School } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FilterBar, SchoolFilter, TermFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, ConfirmDialog, EmptyState } from '@/components/ui';
import { useSchools } from '@/lib/queries/schools';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useDeleteBudget } from '../api/delete-budget';
import { useBudgets } from '../api/get-budgets';
import { useExpensePermissions } from '../lib/permissions';
import { useExpenseFilters } from '../lib/use-expense-filters';
import { BudgetFormDialog } from './budget-form-dialog';
import { BudgetTable } from './budget-table';
import { ThresholdCard } from './threshold-card';

type Editing = { category?: ExpenseCategory } | null;

/**
 * Budgets tab of Expenses: a school's budget per category for a term against what was paid out,
 * the approval threshold above it. The school and term are the list's filters, kept in the address.
 */
export function BudgetsPanel() {
  const { manage, ownSchool } = useExpensePermissions();
  const { filters, update } = useExpenseFilters();
  const schools = useSchools();
  const several = (schools.data?.length ?? 0) > 1;
  const onlySchool = schools.data?.length === 1 ? schools.data[0]?._id : undefined;
  // No school chosen: the caller's own, or the only one they see. A term not chosen is the current one.
  const schoolId = filters.school || ownSchool || onlySchool || '';

  const budgets = useBudgets({ schoolId, termId: filters.term });
  const remove = useDeleteBudget();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ id: string; category: ExpenseCategory } | null>(null);
  const report = budgets.data;
  // The report names the term alone ("First Term"); the term filter's list (cached) adds its session.
  const terms = useSchoolTerms(schoolId);
  const session = terms.data?.find((term) => term._id === report?.term._id)?.session.name;
  const termName = report ? [report.term.name, session].filter(Boolean).join(', ') : '';

  let body: ReactNode;
  if (!schoolId) {
    body = (
      <EmptyState
        icon={School}
        title="Select a school"
        description="Budgets and the approval threshold are set per school."
      />
    );
  } else {
    body = (
      <QueryState
        query={budgets}
        loading="Loading budgets..."
        errorTitle="Failed to load budgets"
        errorFrame="p-5"
        isEmpty={(data) => data.lines.length === 0}
        empty={
          <EmptyState
            icon={PiggyBank}
            title="No budgets for this term"
            description="A budget is what the school plans to spend on a category in a term. Payouts are counted against it, and the bursars, the principal and the proprietor are alerted when 80% and then 100% of it is spent."
            action={
              manage && (
                <Button onClick={() => setEditing({})}>
                  <Plus className="size-4" aria-hidden="true" />
                  Set budget
                </Button>
              )
            }
          />
        }
      >
        {(data) => (
          <BudgetTable
            report={data}
            manage={manage}
            onSet={(category) => setEditing({ category })}
            onDelete={(line) => line._id && setDeleting({ id: line._id, category: line.category })}
          />
        )}
      </QueryState>
    );
  }

  return (
    <div className="space-y-4">
      <FilterBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {several && (
          <SchoolFilter value={schoolId} onChange={(school) => update({ school })} emptyLabel="Select a school" />
        )}
        <TermFilter
          schoolId={schoolId}
          value={filters.term}
          onChange={(term) => update({ term })}
          emptyLabel="Current term"
        />
      </FilterBar>
      {schoolId && <ThresholdCard schoolId={schoolId} />}
      <Card className="overflow-hidden">
        <CardHeader
          title="Budget against actual"
          description={report ? `${report.school.name} · ${termName}` : 'Per category, for a term'}
          actions={
            manage &&
            report &&
            report.lines.length > 0 && (
              <Button onClick={() => setEditing({})}>
                <Plus className="size-4" aria-hidden="true" />
                Set budget
              </Button>
            )
          }
        />
        {body}
      </Card>
      {editing && report && (
        <BudgetFormDialog
          schoolId={report.school._id}
          termId={report.term._id}
          termName={termName}
          category={editing.category}
          lines={report.lines}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
          title="Delete budget"
          description={`Remove the budget for ${EXPENSE_CATEGORY_LABELS[deleting.category]}${termName ? ` in ${termName}` : ''}? Its spending stays listed, with no budget against it, and no more alerts go out for it.`}
          confirmLabel="Delete budget"
          danger
          loading={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        />
      )}
    </div>
  );
}

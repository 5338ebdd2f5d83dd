import type { Expense } from '@schoolledger/domain';
import { Check, CheckCircle2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, EmptyState, Pagination, Spinner } from '@/components/ui';
import { useExpenses } from '../api/get-expenses';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';
import type { ExpenseFilters } from '../lib/use-expense-filters';
import { ExpenseList } from './expense-list';
import { PAGE_SIZE } from './expenses-panel';
import { ListSkeleton } from './list-skeleton';
import { type ConfirmedStep, StepDialog } from './step-dialog';

export interface ApprovalsPanelProps {
  may: ExpensePermissions;
  filters: ExpenseFilters;
  update(changes: Partial<ExpenseFilters>): void;
}

/** Requests waiting for the caller's decision: the server leaves out their own and those above their limit. */
export function ApprovalsPanel({ may, filters, update }: ApprovalsPanelProps) {
  const expenses = useExpenses({ awaiting_me: 'true', page: filters.page, limit: PAGE_SIZE });
  const [step, setStep] = useState<{ step: ConfirmedStep; expense: Expense } | null>(null);

  // A decision takes a request off the list and can leave the address past the last page.
  const totalPages = expenses.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (totalPages > 0 && filters.page > totalPages) update({ page: totalPages });
  }, [totalPages, filters.page, update]);

  const body = (
    <QueryState
      query={expenses}
      loading={
        <Card className="overflow-hidden">
          <ListSkeleton label="Loading expenses awaiting your approval..." rows={3} />
        </Card>
      }
      errorTitle={EXPENSE_MESSAGES.loadFailed}
      isEmpty={(data) => data.expenses.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={CheckCircle2}
            title="Nothing awaiting your approval"
            description="Expenses submitted by others for your decision appear here."
          />
        </Card>
      }
    >
      {(data) => (
        <>
          <Card className="overflow-hidden">
            <ExpenseList
              expenses={data.expenses}
              showSchool={may.multiSchool}
              caption="Expenses awaiting my approval"
              showPaid={false}
              actions={(expense) => (
                <div className="flex flex-wrap gap-2 xl:flex-nowrap">
                  <Button
                    size="sm"
                    aria-label={`Approve ${expense.reference}`}
                    onClick={() => setStep({ step: 'approve', expense })}
                  >
                    <Check className="size-4" aria-hidden="true" />
                    Approve
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Reject ${expense.reference}`}
                    onClick={() => setStep({ step: 'reject', expense })}
                  >
                    <X className="size-4" aria-hidden="true" />
                    Reject
                  </Button>
                </div>
              )}
            />
          </Card>
          <Pagination {...data.pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
        Awaiting my approval{expenses.data && ` (${expenses.data.pagination.total})`}
        {expenses.isFetching && !expenses.isPending && <Spinner className="text-emerald-600" />}
      </h2>
      {body}
      {step && <StepDialog step={step.step} expense={step.expense} onClose={() => setStep(null)} />}
    </div>
  );
}

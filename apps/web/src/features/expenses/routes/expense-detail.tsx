import type { ExpenseDetail } from '@schoolledger/domain';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AccessDenied, Button, buttonClasses, Card, ErrorBanner, PageHeader } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useExpense } from '../api/get-expense';
import { AttachmentsCard } from '../components/attachments-card';
import { ExpenseActions, ExpenseNotices } from '../components/expense-actions';
import { ExpenseSummary } from '../components/expense-summary';
import { HistoryCard } from '../components/history-card';
import { ListSkeleton } from '../components/list-skeleton';
import { PayoutsCard } from '../components/payouts-card';
import { StatusBadge } from '../components/status-badge';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { type ExpensePermissions, useExpensePermissions } from '../lib/permissions';

const back = (
  <Link to="/expenses" className={buttonClasses('ghost', 'sm')}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    All expenses
  </Link>
);

/** One expense request: its details, what can be done on it now, payouts, documents and history. */
export default function ExpenseDetailPage() {
  const id = useParams().id ?? '';
  const may = useExpensePermissions();
  if (!may.view)
    return (
      <>
        <PageHeader title="Expense" />
        <AccessDenied message={EXPENSE_MESSAGES.accessDenied} />
      </>
    );
  return <Detail id={id} may={may} />;
}

function Detail({ id, may }: { id: string; may: ExpensePermissions }) {
  const expense = useExpense(id);
  if (expense.isPending)
    return (
      <>
        <div className="mb-2">{back}</div>
        <PageHeader title="Expense" />
        <Card>
          <ListSkeleton label="Loading the expense..." rows={4} />
        </Card>
      </>
    );
  if (expense.isError) {
    const missing = expense.error instanceof ApiError && [404, 422].includes(expense.error.status);
    return (
      <>
        <div className="mb-2">{back}</div>
        <PageHeader title="Expense" />
        <ErrorBanner title={missing ? 'Expense not found' : EXPENSE_MESSAGES.detailFailed}>
          <p>
            {missing
              ? EXPENSE_MESSAGES.notFound
              : errorMessage(expense.error, 'Please check your connection and try again.')}
          </p>
          {!missing && (
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => expense.refetch()}>
              Retry
            </Button>
          )}
        </ErrorBanner>
      </>
    );
  }
  return <Loaded expense={expense.data} may={may} />;
}

function Loaded({ expense, may }: { expense: ExpenseDetail; may: ExpensePermissions }) {
  return (
    <div className="space-y-6">
      <div>
        <div className="mb-2">{back}</div>
        <PageHeader
          title={
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="break-words">{expense.title}</span>
              <StatusBadge status={expense.status} className="text-sm whitespace-nowrap" />
            </span>
          }
          description={
            <>
              <span className="font-mono">{expense.reference}</span> · {expense.school.name}
            </>
          }
          actions={<ExpenseActions expense={expense} may={may} />}
        />
        <ExpenseNotices expense={expense} may={may} />
      </div>
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <ExpenseSummary expense={expense} />
          <PayoutsCard expense={expense} may={may} />
          <AttachmentsCard expense={expense} may={may} />
        </div>
        <div className="min-w-0">
          <HistoryCard history={expense.history} />
        </div>
      </div>
    </div>
  );
}

import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccessDenied, Button, PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { useExpenses } from '../api/get-expenses';
import { ApprovalsPanel } from '../components/approvals-panel';
import { BudgetsPanel } from '../components/budgets-panel';
import { ExpenseFormDialog } from '../components/expense-form-dialog';
import { ExpensesPanel } from '../components/expenses-panel';
import { VendorsPanel } from '../components/vendors-panel';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { type ExpensePermissions, useExpensePermissions } from '../lib/permissions';
import { EXPENSE_TABS, type ExpenseTab, useExpenseFilters } from '../lib/use-expense-filters';

export default function ExpensesPage() {
  const may = useExpensePermissions();
  const navigate = useNavigate();
  const [recording, setRecording] = useState(false);
  return (
    <>
      <PageHeader
        title="Expenses"
        description="What the schools spend: requests, their approval and payouts, vendors and budgets."
        actions={
          may.manage && (
            <Button onClick={() => setRecording(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Record expense
            </Button>
          )
        }
      />
      {may.view ? <Expenses may={may} /> : <AccessDenied message={EXPENSE_MESSAGES.accessDenied} />}
      {recording && (
        <ExpenseFormDialog
          may={may}
          onClose={() => setRecording(false)}
          onSaved={(id) => navigate(`/expenses/${id}`)}
        />
      )}
    </>
  );
}

function Expenses({ may }: { may: ExpensePermissions }) {
  const { filters, update } = useExpenseFilters();
  const awaiting = useExpenses({ awaiting_me: 'true', page: 1, limit: 1 }, may.approve);
  const awaitingCount = awaiting.data?.pagination.total;
  const tabs = EXPENSE_TABS.filter(([value]) => value !== 'awaiting' || may.approve);
  // An address naming a tab the caller does not have shows the list instead.
  const tab = tabs.some(([value]) => value === filters.tab) ? filters.tab : 'expenses';

  return (
    <Tabs value={tab} onValueChange={(next) => update({ tab: next as ExpenseTab })}>
      <SectionTabsList label="Expense sections" tabs={tabs} counts={{ awaiting: awaitingCount }} />
      <TabsContent value="expenses">
        <ExpensesPanel may={may} filters={filters} update={update} />
      </TabsContent>
      {may.approve && (
        <TabsContent value="awaiting">
          <ApprovalsPanel may={may} filters={filters} update={update} />
        </TabsContent>
      )}
      <TabsContent value="vendors">
        <VendorsPanel may={may} />
      </TabsContent>
      <TabsContent value="budgets">
        <BudgetsPanel />
      </TabsContent>
    </Tabs>
  );
}

import type { Fee } from '@schoolledger/domain';
import { useState } from 'react';
import { AccessDenied, PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { useUnapprovedFees } from '../api/get-unapproved-fees';
import { ApprovalsPanel } from '../components/approvals-panel';
import { FeeFormDialog } from '../components/fee-form-dialog';
import { FeesPanel } from '../components/fees-panel';
import { OutstandingPanel } from '../components/outstanding-panel';
import { OverviewPanel } from '../components/overview-panel';
import { PaymentsPanel } from '../components/payments-panel';
import { RemindersPanel } from '../components/reminders-panel';
import { FEE_MESSAGES } from '../lib/messages';
import { type FeePermissions, useFeePermissions } from '../lib/permissions';
import { FEE_TABS, type FeeTab, useFeeFilters } from '../lib/use-fee-filters';

export default function FeesPage() {
  const may = useFeePermissions();
  return (
    <>
      <PageHeader title="Fee Management" description="Set fees for each term, review them and follow payments." />
      {may.view ? <FeeManagement may={may} /> : <AccessDenied message={FEE_MESSAGES.accessDenied} />}
    </>
  );
}

const shown = (tab: FeeTab, may: FeePermissions) =>
  (tab !== 'payments' || may.viewPayments) &&
  (tab !== 'outstanding' || may.reports) &&
  (tab !== 'reminders' || may.reminders);

function FeeManagement({ may }: { may: FeePermissions }) {
  const { filters, update } = useFeeFilters();
  const unapproved = useUnapprovedFees();
  const [form, setForm] = useState<{ fee?: Fee } | null>(null);
  // Single-school users have their own school; the others pick one to see its terms.
  const schoolId = may.multiSchool ? filters.school : (may.me?.school?._id ?? '');
  const pendingCount = unapproved.data?.pagination.total;
  const statsQuery = { school_id: filters.school || undefined, term_id: filters.term || undefined };

  return (
    <>
      <Tabs value={filters.tab} onValueChange={(tab) => update({ tab: tab as FeeTab })}>
        <SectionTabsList
          label="Fee management sections"
          tabs={FEE_TABS.filter(([value]) => shown(value, may))}
          counts={{ approvals: pendingCount }}
        />
        <TabsContent value="overview">
          <OverviewPanel
            may={may}
            query={statsQuery}
            pendingCount={pendingCount}
            onCreate={() => setForm({})}
            onShowApprovals={() => update({ tab: 'approvals' })}
          />
        </TabsContent>
        <TabsContent value="fees">
          <FeesPanel
            may={may}
            filters={filters}
            schoolId={schoolId}
            update={update}
            onCreate={() => setForm({})}
            onEdit={(fee) => setForm({ fee })}
          />
        </TabsContent>
        {may.viewPayments && (
          <TabsContent value="payments">
            <PaymentsPanel may={may} schoolId={schoolId} />
          </TabsContent>
        )}
        <TabsContent value="approvals">
          <ApprovalsPanel may={may} unapproved={unapproved} />
        </TabsContent>
        {may.reports && (
          <TabsContent value="outstanding">
            <OutstandingPanel may={may} filters={filters} schoolId={schoolId} update={update} />
          </TabsContent>
        )}
        {may.reminders && (
          <TabsContent value="reminders">
            <RemindersPanel may={may} schoolId={schoolId} />
          </TabsContent>
        )}
      </Tabs>
      {form && (
        <FeeFormDialog
          may={may}
          fee={form.fee}
          schoolId={schoolId}
          termId={filters.term}
          onClose={() => setForm(null)}
        />
      )}
    </>
  );
}

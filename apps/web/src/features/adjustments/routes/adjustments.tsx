import { useState } from 'react';
import { AccessDenied, PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { useAdjustments } from '../api/get-adjustments';
import { AdjustmentFormDialog } from '../components/adjustment-form-dialog';
import { AdjustmentsPanel } from '../components/adjustments-panel';
import { LateFeesPanel } from '../components/late-fees-panel';
import { RulesPanel } from '../components/rules-panel';
import { ADJUSTMENT_MESSAGES } from '../lib/messages';
import { type AdjustmentPermissions, useAdjustmentPermissions } from '../lib/permissions';
import { ADJUSTMENT_TABS, type AdjustmentTab, useAdjustmentFilters } from '../lib/use-adjustment-filters';

export default function AdjustmentsPage() {
  const may = useAdjustmentPermissions();
  return (
    <>
      <PageHeader
        title="Fee Adjustments"
        description="Discounts, scholarships and waivers on students' fees, the rules that make them, and late fees."
      />
      {may.view ? <Adjustments may={may} /> : <AccessDenied message={ADJUSTMENT_MESSAGES.accessDenied} />}
    </>
  );
}

function Adjustments({ may }: { may: AdjustmentPermissions }) {
  const { filters, update } = useAdjustmentFilters();
  const [creating, setCreating] = useState(false);
  const pending = useAdjustments({ status: 'pending', page: 1, limit: 1 });
  const pendingCount = pending.data?.pagination.total;

  return (
    <>
      <Tabs value={filters.tab} onValueChange={(tab) => update({ tab: tab as AdjustmentTab })}>
        <SectionTabsList label="Fee adjustment sections" tabs={ADJUSTMENT_TABS} counts={{ pending: pendingCount }} />
        <TabsContent value="pending">
          <AdjustmentsPanel
            may={may}
            pendingOnly
            filters={filters}
            update={update}
            onCreate={() => setCreating(true)}
          />
        </TabsContent>
        <TabsContent value="all">
          <AdjustmentsPanel
            may={may}
            pendingOnly={false}
            filters={filters}
            update={update}
            onCreate={() => setCreating(true)}
          />
        </TabsContent>
        <TabsContent value="rules">
          <RulesPanel may={may} />
        </TabsContent>
        <TabsContent value="late-fees">
          <LateFeesPanel may={may} filters={filters} update={update} />
        </TabsContent>
      </Tabs>
      {creating && <AdjustmentFormDialog onClose={() => setCreating(false)} />}
    </>
  );
}

import { AccessDenied, PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { EntryDetail } from '../components/entry-detail';
import { FinancialPanel } from '../components/financial-panel';
import { IntegrityPanel } from '../components/integrity-panel';
import { PeoplePanel } from '../components/people-panel';
import { SecurityPanel } from '../components/security-panel';
import { TrailPanel } from '../components/trail-panel';
import { type AuditPermissions, useAuditPermissions } from '../lib/permissions';
import { AUDIT_TABS, type AuditTab, useAuditFilters } from '../lib/use-audit-filters';

export default function AuditPage() {
  const may = useAuditPermissions();
  return (
    <>
      <PageHeader
        title="Audit Trail"
        description="Who did what, when and from where, in a record that cannot be quietly changed."
      />
      {may.view ? <Audit may={may} /> : <AccessDenied message="You do not have access to the audit trail." />}
    </>
  );
}

function Audit({ may }: { may: AuditPermissions }) {
  const { filters, update } = useAuditFilters();
  return (
    <>
      <Tabs value={filters.tab} onValueChange={(tab) => update({ tab: tab as AuditTab })}>
        <SectionTabsList label="Audit sections" tabs={AUDIT_TABS} />
        <TabsContent value="trail">
          <TrailPanel filters={filters} update={update} may={may} />
        </TabsContent>
        <TabsContent value="financial">
          <FinancialPanel filters={filters} update={update} may={may} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityPanel filters={filters} update={update} may={may} />
        </TabsContent>
        <TabsContent value="people">
          <PeoplePanel filters={filters} update={update} may={may} />
        </TabsContent>
        <TabsContent value="integrity">
          <IntegrityPanel may={may} />
        </TabsContent>
      </Tabs>
      {filters.entry && <EntryDetail id={filters.entry} onClose={() => update({ entry: '' })} />}
    </>
  );
}

import { can } from '@schoolledger/domain';
import { SchoolChooser } from '@/components/school-chooser';
import { SchoolGate } from '@/components/school-gate';
import { PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { DeliveriesPanel } from '../components/deliveries-panel';
import { SettingsPanel } from '../components/settings-panel';
import { MESSAGING_TABS, type MessagingTab } from '../lib/texts';
import { useMessagingFilters } from '../lib/use-messaging-filters';

/** The emails, SMS and WhatsApp messages of a school's notices, and (for its administrators) what it sends. */
export default function MessagingPage() {
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Messages"
        description="Receipts, reminders and notices sent by email, SMS and WhatsApp: who got what, how far it got, and what it cost."
      />
      <SchoolGate
        permission="messaging.view"
        deniedMessage="You don't have permission to view messages."
        noSchoolTitle="No school to show messages for"
      >
        {({ superAdmin }) => <Messaging superAdmin={superAdmin} />}
      </SchoolGate>
    </div>
  );
}

function Messaging({ superAdmin }: { superAdmin: boolean }) {
  const { filters, update } = useMessagingFilters();
  return (
    <SchoolChooser
      superAdmin={superAdmin}
      chosen={filters.school}
      onChoose={(school) => update({ school })}
      chooseDescription="Choose the school whose messages to see."
    >
      {(schoolId) => (
        <SchoolMessages key={schoolId} schoolId={schoolId} filters={filters} onChange={(changes) => update(changes)} />
      )}
    </SchoolChooser>
  );
}

type Filters = ReturnType<typeof useMessagingFilters>['filters'];

function SchoolMessages({
  schoolId,
  filters,
  onChange,
}: {
  schoolId: string;
  filters: Filters;
  onChange(changes: Partial<Filters>): void;
}) {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const configure = can(roles, 'messaging.configure');
  const tabs = configure ? MESSAGING_TABS : MESSAGING_TABS.filter(([tab]) => tab !== 'settings');
  const tab: MessagingTab = configure ? filters.tab : 'deliveries';

  return (
    <Tabs value={tab} onValueChange={(value) => onChange({ tab: value as MessagingTab })}>
      {tabs.length > 1 && <SectionTabsList label="Message sections" tabs={tabs} className="mb-2" />}
      <TabsContent value="deliveries" className={tabs.length > 1 ? undefined : 'pt-0'}>
        <DeliveriesPanel schoolId={schoolId} status={filters.status} channel={filters.channel} onFilter={onChange} />
      </TabsContent>
      {configure && (
        <TabsContent value="settings">
          <SettingsPanel schoolId={schoolId} />
        </TabsContent>
      )}
    </Tabs>
  );
}

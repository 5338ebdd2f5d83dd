import { can, EMAIL_MESSAGES } from '@schoolledger/domain';
import { Building2 } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { SchoolGate } from '@/components/school-gate';
import { Card, EmptyState, FormField, PageHeader, SectionTabsList, Select, Tabs, TabsContent } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useEmailConfig } from '../api/get-email-config';
import { ConfigForm } from '../components/config-form';
import { StatsPanel } from '../components/stats-panel';
import { TemplatesPanel } from '../components/templates-panel';
import { TestEmail } from '../components/test-email';
import { EMAIL_TABS, type EmailTab, isEmailTab } from '../lib/tabs';

export default function EmailConfigPage() {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  return (
    <>
      <PageHeader
        title="Email Configuration"
        description="The mail server your schools send from, the wording of their emails, and what was sent."
      />
      {/* The super-admin has no group of their own and chooses one; everyone else works on their own group. */}
      <SchoolGate
        permission="email.configure"
        deniedMessage="You don't have permission to configure email."
        noSchoolTitle="No school group"
      >
        {({ superAdmin }) => (
          <EmailConfiguration superAdmin={superAdmin} canReadOutbox={can(roles, 'email.outbox.view')} />
        )}
      </SchoolGate>
    </>
  );
}

function EmailConfiguration({ superAdmin, canReadOutbox }: { superAdmin: boolean; canReadOutbox: boolean }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: EmailTab = isEmailTab(tabParam) ? tabParam : 'configuration';
  const group = superAdmin ? (params.get('group') ?? '') : '';
  const schools = useSchools(superAdmin);
  const groups = useMemo(() => {
    const byId = new Map((schools.data ?? []).map((school) => [school.groupSchool._id, school.groupSchool.name]));
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [schools.data]);

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const needsGroup = superAdmin && !group;

  return (
    <div className="space-y-6">
      {superAdmin && (
        <Card className="p-4">
          <FormField label="School group" className="max-w-md">
            <Select
              value={group}
              disabled={schools.isPending}
              onChange={(event) => update({ group: event.target.value })}
            >
              <option value="">{schools.isPending ? 'Loading groups...' : EMAIL_MESSAGES.selectGroup}</option>
              {groups.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </Select>
          </FormField>
        </Card>
      )}
      <Tabs value={tab} onValueChange={(value) => update({ tab: value === 'configuration' ? '' : value })}>
        <SectionTabsList label="Email configuration sections" tabs={EMAIL_TABS} className="mb-2 overflow-x-auto" />
        <TabsContent value="configuration">
          {needsGroup ? <ChooseGroup /> : <ConfigurationTab group={group} />}
        </TabsContent>
        <TabsContent value="templates">
          <TemplatesPanel group={group} editable={!needsGroup} />
        </TabsContent>
        <TabsContent value="statistics">
          <StatsPanel canReadOutbox={canReadOutbox} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ChooseGroup() {
  return (
    <Card>
      <EmptyState
        icon={Building2}
        title={EMAIL_MESSAGES.selectGroup}
        description="Each school group sends from its own mail server. Choose the group to set up."
      />
    </Card>
  );
}

function ConfigurationTab({ group }: { group: string }) {
  const config = useEmailConfig(group, true);
  return (
    <QueryState query={config} loading="Loading email configuration..." errorTitle={EMAIL_MESSAGES.configLoadFailed}>
      {(data) => (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ConfigForm key={`${group}:${data.updatedAt}`} config={data} group={group} />
          <TestEmail group={group} configured={data.configured} />
        </div>
      )}
    </QueryState>
  );
}

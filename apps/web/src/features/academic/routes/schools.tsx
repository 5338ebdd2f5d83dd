import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';
import { AcademicSelector } from '../components/academic-selector';
import { ClassArmsPanel } from '../components/class-arms-panel';
import { GroupSchoolFormDialog } from '../components/group-school-form-dialog';
import { OverviewPanel } from '../components/overview-panel';
import { SchoolFormDialog } from '../components/school-form-dialog';
import { SchoolsPanel } from '../components/schools-panel';
import { SessionsPanel } from '../components/sessions-panel';
import { TermsPanel } from '../components/terms-panel';
import { useAcademicPermissions } from '../lib/permissions';
import { useAcademicSelection } from '../stores/use-academic-selection';

const TABS = [
  ['overview', 'Overview'],
  ['schools', 'Schools'],
  ['sessions', 'Sessions'],
  ['terms', 'Terms'],
  ['classes', 'Classes'],
] as const;

type Tab = (typeof TABS)[number][0];

const DEFAULTS: { tab: Tab } = { tab: 'overview' };
const OPTIONS: UrlFilterOptions<{ tab: Tab }> = { parse: { tab: (raw) => TABS.find(([tab]) => tab === raw)?.[0] } };

export default function SchoolsPage() {
  const may = useAcademicPermissions();
  const selection = useAcademicSelection();
  const [dialog, setDialog] = useState<'school' | 'group' | null>(null);
  // The tab lives in the address so a reload or a shared link opens the same one.
  const {
    filters: { tab },
    update,
  } = useUrlFilters(DEFAULTS, OPTIONS);
  const { schools } = selection;

  const content = (
    <QueryState query={schools} loading="Loading school data..." errorTitle="Failed to load schools">
      {() => (
        <div className="space-y-6">
          <AcademicSelector selection={selection} />
          <Tabs value={tab} onValueChange={(value) => update({ tab: value as Tab })}>
            <SectionTabsList label="School management sections" tabs={TABS} className="overflow-x-auto" />
            <TabsContent value="overview">
              <OverviewPanel selection={selection} />
            </TabsContent>
            <TabsContent value="schools">
              <SchoolsPanel selection={selection} />
            </TabsContent>
            <TabsContent value="sessions">
              <SessionsPanel selection={selection} />
            </TabsContent>
            <TabsContent value="terms">
              <TermsPanel selection={selection} />
            </TabsContent>
            <TabsContent value="classes">
              <ClassArmsPanel selection={selection} />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="School Management"
        description="Group schools, schools and their sessions, terms and class arms."
        actions={
          <>
            {may.createGroupSchool && (
              <Button variant="secondary" onClick={() => setDialog('group')}>
                <Building2 className="size-4" aria-hidden="true" />
                Group School
              </Button>
            )}
            {may.createSchool && (
              <Button onClick={() => setDialog('school')}>
                <Plus className="size-4" aria-hidden="true" />
                New School
              </Button>
            )}
          </>
        }
      />
      {content}
      {dialog === 'school' && <SchoolFormDialog onClose={() => setDialog(null)} />}
      {dialog === 'group' && <GroupSchoolFormDialog onClose={() => setDialog(null)} />}
    </>
  );
}

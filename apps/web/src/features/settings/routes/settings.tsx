import { can, type School, SETTINGS_SECTIONS, type SettingsSection } from '@schoolledger/domain';
import { Info } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { SchoolGate } from '@/components/school-gate';
import { Card, FormField, PageHeader, Select, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useSettings } from '../api/get-settings';
import { AppearanceForm } from '../components/appearance-form';
import { BackupForm } from '../components/backup-form';
import { CashDeskForm } from '../components/cash-desk-form';
import { GeneralForm } from '../components/general-form';
import { NotificationsForm } from '../components/notifications-form';
import { RetentionForm } from '../components/retention-form';
import { SectionLevel } from '../components/section-form';
import { SecurityForm } from '../components/security-form';
import { isSection, SECTION_LABELS } from '../lib/sections';
import type { SettingsTarget } from '../lib/target';

/** The groups of these schools, by name, each with its schools. */
function groupsOf(schools: readonly School[]) {
  const groups = new Map<string, { _id: string; name: string; schools: School[] }>();
  for (const school of schools) {
    const group = groups.get(school.groupSchool._id) ?? { ...school.groupSchool, schools: [] };
    group.schools.push(school);
    groups.set(group._id, group);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export default function SettingsPage() {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  return (
    <>
      <PageHeader
        title="General Settings"
        description="What your schools run with: contact details, notices, security, appearance, backups and how long data is kept."
      />
      <SchoolGate
        permission="settings.view"
        deniedMessage="You don't have permission to view the settings."
        noSchoolTitle="No school"
      >
        {({ superAdmin }) => <Settings superAdmin={superAdmin} manage={can(roles, 'settings.manage')} />}
      </SchoolGate>
    </>
  );
}

/** The chooser's value, and the address's `level`, for the whole installation (the super-admin's only). */
const INSTALLATION = 'installation';

/** The installation's values are every group's starting point; a group's are saved for the group. */
const INSTALLATION_READ_ONLY =
  'The whole installation holds what every group starts from, from the server’s configuration; only backups are set here. Choose a group or a school above to change these settings.';

function Settings({ superAdmin, manage }: { superAdmin: boolean; manage: boolean }) {
  const [params, setParams] = useSearchParams();
  const sectionParam = params.get('section');
  const section: SettingsSection = isSection(sectionParam) ? sectionParam : 'general';
  const schoolId = params.get('school') ?? '';
  const groupSchoolId = params.get('group') ?? '';
  const schools = useSchools();
  // Only the super-admin sees schools of several groups, and chooses among the groups too.
  const groups = superAdmin ? groupsOf(schools.data ?? []) : [];
  // The installation's values are read only but for backups: the super-admin opens on the first
  // group, which they can set, and reaches the installation by choosing it.
  const opening = superAdmin && !schoolId && !groupSchoolId && params.get('level') !== INSTALLATION;
  const target: SettingsTarget = {
    schoolId,
    groupSchoolId: schoolId ? '' : groupSchoolId || (opening ? (groups[0]?._id ?? '') : ''),
  };
  const settings = useSettings(target, !(opening && schools.isPending));
  const installation = superAdmin && !target.schoolId && !target.groupSchoolId;

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
  const choose = (value: string) => {
    const [kind, id = ''] = value.split(':');
    update({
      school: kind === 'school' ? id : '',
      group: kind === 'group' ? id : '',
      level: kind === INSTALLATION ? INSTALLATION : '',
    });
  };
  const chosen = target.schoolId
    ? `school:${target.schoolId}`
    : target.groupSchoolId
      ? `group:${target.groupSchoolId}`
      : installation
        ? INSTALLATION
        : '';
  const schoolOption = (school: School) => (
    <option key={school._id} value={`school:${school._id}`}>
      {school.name}
    </option>
  );

  return (
    <div className="space-y-6">
      {!manage && (
        <div
          role="note"
          className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-200"
        >
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            You can see the settings your school runs with. Only an Administrator or the ICT administrator can change
            them, since they apply to every school in the group; ask them if something needs to change.
          </p>
        </div>
      )}
      <Card className="p-4">
        <FormField
          label="Settings for"
          className="max-w-md"
          hint={
            superAdmin
              ? 'A group’s settings apply to all its schools; a school can have its own contact details and receipt footer.'
              : 'The group’s settings apply to every school; a school can have its own contact details and receipt footer.'
          }
        >
          <Select value={chosen} disabled={schools.isPending} onChange={(event) => choose(event.target.value)}>
            <option value={superAdmin ? INSTALLATION : ''}>
              {superAdmin ? 'Whole installation' : 'Group default (all schools)'}
            </option>
            {superAdmin
              ? groups.map((group) => (
                  <optgroup key={group._id} label={group.name}>
                    <option value={`group:${group._id}`}>{`${group.name} (all its schools)`}</option>
                    {group.schools.map(schoolOption)}
                  </optgroup>
                ))
              : (schools.data ?? []).map(schoolOption)}
          </Select>
        </FormField>
      </Card>

      <QueryState
        query={settings}
        loading="Loading settings..."
        errorTitle="Failed to load settings"
        staleNote="The settings below are as they were last loaded."
      >
        {(data) => (
          <SectionLevel value={{ installation, readOnlyReason: installation && manage ? INSTALLATION_READ_ONLY : '' }}>
            <Tabs
              value={section}
              onValueChange={(value) => update({ section: value === 'general' ? '' : value })}
              orientation="vertical"
              className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]"
            >
              <TabsList
                aria-label="Settings sections"
                className="flex-row overflow-x-auto md:mt-4 md:flex-col md:self-start md:border-b-0 md:border-l"
              >
                {SETTINGS_SECTIONS.map((each) => (
                  <TabsTrigger
                    key={each}
                    value={each}
                    className="whitespace-nowrap md:-ml-px md:border-b-0 md:border-l-2 md:px-4 md:data-[state=active]:border-emerald-600"
                  >
                    {SECTION_LABELS[each]}
                  </TabsTrigger>
                ))}
              </TabsList>
              <div className="min-w-0">
                <TabsContent value="general" className="pt-0">
                  <GeneralForm view={data.sections.general} target={target} />
                </TabsContent>
                <TabsContent value="notifications" className="pt-0">
                  <NotificationsForm view={data.sections.notifications} target={target} />
                </TabsContent>
                <TabsContent value="security" className="pt-0">
                  <SecurityForm view={data.sections.security} target={target} />
                </TabsContent>
                <TabsContent value="appearance" className="pt-0">
                  <AppearanceForm view={data.sections.appearance} target={target} />
                </TabsContent>
                <TabsContent value="backup" className="pt-0">
                  <BackupForm view={data.sections.backup} />
                </TabsContent>
                <TabsContent value="retention" className="pt-0">
                  <RetentionForm view={data.sections.retention} target={target} />
                </TabsContent>
                <TabsContent value="cashDesk" className="pt-0">
                  <CashDeskForm view={data.sections.cashDesk} target={target} />
                </TabsContent>
              </div>
            </Tabs>
          </SectionLevel>
        )}
      </QueryState>
    </div>
  );
}

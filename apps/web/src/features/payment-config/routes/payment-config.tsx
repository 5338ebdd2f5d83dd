import { School } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { SchoolGate } from '@/components/school-gate';
import {
  Card,
  ConfirmDialog,
  EmptyState,
  FormField,
  PageHeader,
  SectionTabsList,
  Select,
  Tabs,
  TabsContent,
} from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useSchools } from '@/lib/queries/schools';
import { usePaymentProfile } from '../api/get-payment-profile';
import { AnalyticsPanel } from '../components/analytics-panel';
import { ProfileForm } from '../components/profile-form';
import { SidePanel } from '../components/side-panel';
import { WebhookUrlCard } from '../components/webhook-url';
import { CONFIG_TABS, type ConfigTab } from '../lib/form-values';
import { PAYMENT_CONFIG_MESSAGES } from '../lib/messages';
import { useConfigFilters } from '../lib/use-config-filters';

export default function PaymentConfigPage() {
  return (
    <>
      <PageHeader
        title="Payment Configuration"
        description="Provider keys, the school bank account and the payment methods payers are offered."
      />
      {/* The super-admin has no school of their own; everyone else configures the school they belong to. */}
      <SchoolGate
        permission="payments.configure"
        deniedMessage="You don't have permission to configure payments."
        noSchoolTitle={PAYMENT_CONFIG_MESSAGES.noSchool}
      >
        {({ superAdmin }) => <Configuration superAdmin={superAdmin} />}
      </SchoolGate>
    </>
  );
}

function Configuration({ superAdmin }: { superAdmin: boolean }) {
  const ownSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const chooser = superAdmin || (schools.data?.length ?? 0) > 1;
  const { filters, update } = useConfigFilters();
  const schoolId = chooser ? filters.school : ownSchool;
  const [dirty, setDirty] = useState(false);
  const [pendingSchool, setPendingSchool] = useState<string | null>(null);

  // Leaving the page with unsaved keys would lose them silently.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const chooseSchool = (school: string) => {
    if (dirty) setPendingSchool(school);
    else update({ school });
  };
  const setTab = useCallback((tab: ConfigTab) => update({ tab }), [update]);

  return (
    <div className="space-y-6">
      {chooser && (
        <Card className="p-4">
          <FormField label="School" className="max-w-md">
            <Select
              value={schoolId}
              disabled={schools.isPending}
              onChange={(event) => chooseSchool(event.target.value)}
            >
              <option value="">
                {schools.isPending ? 'Loading schools...' : PAYMENT_CONFIG_MESSAGES.selectSchool}
              </option>
              {schools.data?.map((school) => (
                <option key={school._id} value={school._id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
          {schools.isError && (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              {PAYMENT_CONFIG_MESSAGES.schoolsFailed}
            </p>
          )}
        </Card>
      )}
      {schoolId ? (
        <SchoolConfiguration schoolId={schoolId} tab={filters.tab} onTabChange={setTab} onDirtyChange={setDirty} />
      ) : (
        <Card>
          <EmptyState
            icon={School}
            title={PAYMENT_CONFIG_MESSAGES.selectSchool}
            description="Choose the school whose payment methods you want to set up."
          />
        </Card>
      )}
      {pendingSchool !== null && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPendingSchool(null)}
          title={PAYMENT_CONFIG_MESSAGES.discardTitle}
          description={PAYMENT_CONFIG_MESSAGES.discardText}
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          danger
          onConfirm={() => {
            setDirty(false);
            update({ school: pendingSchool });
            setPendingSchool(null);
          }}
        />
      )}
    </div>
  );
}

interface SchoolConfigurationProps {
  schoolId: string;
  tab: ConfigTab;
  onTabChange(tab: ConfigTab): void;
  onDirtyChange(dirty: boolean): void;
}

function SchoolConfiguration({ schoolId, tab, onTabChange, onDirtyChange }: SchoolConfigurationProps) {
  const profile = usePaymentProfile(schoolId);
  const failedAt = profile.isError ? profile.errorUpdatedAt : 0;

  useEffect(() => {
    if (failedAt) notify.error(PAYMENT_CONFIG_MESSAGES.loadFailed);
  }, [failedAt]);

  return (
    <QueryState
      query={profile}
      loading="Loading payment configuration..."
      errorTitle={PAYMENT_CONFIG_MESSAGES.loadFailed}
    >
      {(data) => (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Tabs value={tab} onValueChange={(value) => onTabChange(value as ConfigTab)} className="min-w-0">
            <SectionTabsList
              label="Payment configuration sections"
              tabs={CONFIG_TABS}
              className="mb-4 overflow-x-auto"
            />
            <ProfileForm
              key={schoolId}
              profile={data}
              tab={tab}
              onTabChange={onTabChange}
              onDirtyChange={onDirtyChange}
            />
            {(tab === 'paystack' || tab === 'flutterwave') && (
              <WebhookUrlCard provider={tab} url={data.webhook_urls[tab]} />
            )}
            <TabsContent value="analytics" className="pt-0">
              <AnalyticsPanel schoolId={schoolId} active={tab === 'analytics'} />
            </TabsContent>
          </Tabs>
          <aside aria-label="Payment methods and setup guide">
            <SidePanel profile={data} />
          </aside>
        </div>
      )}
    </QueryState>
  );
}

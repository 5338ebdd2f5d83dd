import { can } from '@schoolledger/domain';
import { School } from 'lucide-react';
import { SchoolGate } from '@/components/school-gate';
import {
  Card,
  CardBody,
  CardHeader,
  EmptyState,
  FormField,
  PageHeader,
  Select,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useVirtualAccountSettings } from '../api/get-settings';
import { AccountList } from '../components/account-list';
import { CreditList } from '../components/credit-list';
import { OpenAllCard } from '../components/open-all-card';
import { SettingsCard } from '../components/settings-card';
import { useVirtualAccountFilters, type VirtualAccountTab } from '../lib/use-virtual-account-filters';

/** Each family's own account number at the school: the switch, the accounts, and the money that arrived in them. */
export default function VirtualAccountsPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Virtual Accounts"
        description="Give each family its own bank account number: transfers to it pay their children's fees by themselves."
      />
      <SchoolGate
        permission="payments.view"
        deniedMessage="You don't have permission to view virtual accounts."
        noSchoolTitle="No school to show virtual accounts for"
      >
        {({ superAdmin }) => <VirtualAccounts superAdmin={superAdmin} />}
      </SchoolGate>
    </div>
  );
}

function VirtualAccounts({ superAdmin }: { superAdmin: boolean }) {
  const ownSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const chooser = superAdmin || (schools.data?.length ?? 0) > 1;
  const { filters, update } = useVirtualAccountFilters();
  // One's own school until another is chosen; the super-admin, who has none, chooses first.
  const schoolId = chooser ? filters.school || ownSchool : ownSchool;

  return (
    <div className="space-y-6">
      {chooser && (
        <Card className="p-4">
          <FormField label="School" className="max-w-md">
            <Select
              value={schoolId}
              disabled={schools.isPending}
              onChange={(event) => update({ school: event.target.value })}
            >
              <option value="">{schools.isPending ? 'Loading schools...' : 'Select a school'}</option>
              {schools.data?.map((school) => (
                <option key={school._id} value={school._id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
          {schools.isError && (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              The schools could not be loaded. Reload the page to try again.
            </p>
          )}
        </Card>
      )}
      {schoolId ? (
        <SchoolAccounts key={schoolId} schoolId={schoolId} tab={filters.tab} onTabChange={(tab) => update({ tab })} />
      ) : (
        <Card>
          <EmptyState
            icon={School}
            title="Select a school"
            description="Choose the school whose virtual accounts to see."
          />
        </Card>
      )}
    </div>
  );
}

function SchoolAccounts({
  schoolId,
  tab,
  onTabChange,
}: {
  schoolId: string;
  tab: VirtualAccountTab;
  onTabChange(tab: VirtualAccountTab): void;
}) {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const manage = can(roles, 'payments.configure');
  const mayRequery = can(roles, 'payments.confirmTransfer');
  const settings = useVirtualAccountSettings(schoolId);

  return (
    <>
      <SettingsCard schoolId={schoolId} manage={manage} />
      {manage && settings.data && <OpenAllCard schoolId={schoolId} enabled={settings.data.enabled} />}
      <Card>
        <CardHeader
          title="Accounts and arrivals"
          description="The families' accounts, and the money that arrived in them with the receipts it became."
        />
        <CardBody>
          <Tabs value={tab} onValueChange={(value) => onTabChange(value as VirtualAccountTab)}>
            <TabsList aria-label="Virtual account views">
              <TabsTrigger value="accounts">Accounts</TabsTrigger>
              <TabsTrigger value="arrivals">Arrivals</TabsTrigger>
            </TabsList>
            <TabsContent value="accounts">
              <AccountList schoolId={schoolId} mayClose={manage} mayRequery={mayRequery} />
            </TabsContent>
            <TabsContent value="arrivals">
              <CreditList schoolId={schoolId} />
            </TabsContent>
          </Tabs>
        </CardBody>
      </Card>
    </>
  );
}

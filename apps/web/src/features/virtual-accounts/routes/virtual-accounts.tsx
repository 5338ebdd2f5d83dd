import { can } from '@schoolledger/domain';
import { SchoolChooser } from '@/components/school-chooser';
import { SchoolGate } from '@/components/school-gate';
import { Card, CardBody, CardHeader, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
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
  const { filters, update } = useVirtualAccountFilters();
  return (
    <SchoolChooser
      superAdmin={superAdmin}
      chosen={filters.school}
      onChoose={(school) => update({ school })}
      chooseDescription="Choose the school whose virtual accounts to see."
    >
      {(schoolId) => (
        <SchoolAccounts key={schoolId} schoolId={schoolId} tab={filters.tab} onTabChange={(tab) => update({ tab })} />
      )}
    </SchoolChooser>
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
      {/* Flutterwave's accounts are opened by each family with its BVN: the school has nothing to open. */}
      {manage && settings.data?.provider === 'paystack' && (
        <OpenAllCard schoolId={schoolId} enabled={settings.data.enabled} />
      )}
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

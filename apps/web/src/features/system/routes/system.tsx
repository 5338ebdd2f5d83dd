import { can } from '@schoolledger/domain';
import { PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { BackupsPanel } from '../components/backups-panel';
import { type LogFilters, LogsPanel } from '../components/logs-panel';
import { StatusPanel } from '../components/status-cards';

const TABS = ['status', 'logs', 'backups'] as const;
type Tab = (typeof TABS)[number];
const DEFAULTS = { tab: 'status' as string, level: '', search: '', from: '', to: '', page: 1 };
const OPTIONS = { parse: { tab: (raw: string) => TABS.find((tab) => tab === raw) } };

/** The ICT administrator's page (SPEC §7 /ict-admin/*): health, the server's warnings and errors, backups. */
export default function SystemPage() {
  const roles = useAuthStore((state) => state.user?.roles ?? []);
  const { filters, update } = useUrlFilters(DEFAULTS, OPTIONS);
  const { tab, ...logFilters } = filters;

  return (
    <>
      <PageHeader
        title="System"
        description="Health of the server, its recent warnings and errors, and the database backups."
      />
      <Tabs value={tab} onValueChange={(value) => update({ tab: value as Tab })}>
        <TabsList aria-label="System">
          <TabsTrigger value="status">Status</TabsTrigger>
          <TabsTrigger value="logs">Logs</TabsTrigger>
          <TabsTrigger value="backups">Backups</TabsTrigger>
        </TabsList>
        <TabsContent value="status">
          <StatusPanel />
        </TabsContent>
        <TabsContent value="logs">
          <LogsPanel filters={logFilters as LogFilters} onChange={(changes) => update(changes)} />
        </TabsContent>
        <TabsContent value="backups">
          <BackupsPanel canBackUp={can(roles, 'system.backup')} />
        </TabsContent>
      </Tabs>
    </>
  );
}

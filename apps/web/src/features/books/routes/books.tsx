import { todayIn } from '@schoolledger/domain';
import { Building2 } from 'lucide-react';
import { AccessDenied, Card, EmptyState, PageHeader, SectionTabsList, Tabs, TabsContent } from '@/components/ui';
import { useSchools } from '@/lib/queries/schools';
import { BooksFilters } from '../components/books-filters';
import { ChartPanel } from '../components/chart-panel';
import { ExportsPanel } from '../components/exports-panel';
import { GeneralLedgerPanel } from '../components/general-ledger-panel';
import { IntegrityPanel } from '../components/integrity-panel';
import { PeriodClosePanel } from '../components/period-close-panel';
import { StudentAccountPanel } from '../components/student-account-panel';
import { TrialBalancePanel } from '../components/trial-balance-panel';
import { periodOf } from '../lib/books';
import { type BooksPermissions, useBooksPermissions } from '../lib/permissions';
import { BOOKS_TABS, type BooksTab, useBooksFilters } from '../lib/use-books-filters';

/** Tabs that read a period; the chart, the closes and the integrity check are as they stand today. */
const PERIOD_TABS: readonly BooksTab[] = ['trial-balance', 'ledger', 'student', 'exports'];
/** Tabs that read the whole group when no school is chosen; the others need one school. */
const GROUP_TABS: readonly BooksTab[] = ['trial-balance', 'student', 'exports', 'integrity'];

interface SchoolRef {
  _id: string;
  name: string;
}

/** The school the tabs read: the one chosen above, or the caller's own. */
function useSchoolInEffect(may: BooksPermissions, chosen: string): SchoolRef | null {
  const schools = useSchools(may.multiSchool);
  if (!may.multiSchool) return may.ownSchool;
  if (!chosen) return null;
  return { _id: chosen, name: schools.data?.find((school) => school._id === chosen)?.name ?? 'The chosen school' };
}

function NeedSchool({ what }: { what: string }) {
  return (
    <Card>
      <EmptyState
        icon={Building2}
        title="Choose a school"
        description={`Each school keeps its own ${what}: choose one above.`}
      />
    </Card>
  );
}

function Books({ may }: { may: BooksPermissions }) {
  const { filters, update } = useBooksFilters();
  const today = todayIn();
  const period = periodOf(filters, today);
  const school = useSchoolInEffect(may, filters.school);

  if (!may.multiSchool && !may.ownSchool) {
    return (
      <Card>
        <EmptyState
          icon={Building2}
          title="No school linked to your account"
          description="The books are kept per school. Ask an administrator to assign you to one."
        />
      </Card>
    );
  }

  const badPeriod = (
    <Card>
      <EmptyState title="Check the period" description="The start of the period must be on or before its end." />
    </Card>
  );
  const withPeriod = (panel: React.ReactNode) => (period.invalid ? badPeriod : panel);

  return (
    <>
      <BooksFilters
        filters={filters}
        update={update}
        period={period}
        today={today}
        multiSchool={may.multiSchool}
        showPeriod={PERIOD_TABS.includes(filters.tab)}
        groupLabel={GROUP_TABS.includes(filters.tab) ? 'All schools of the group' : 'Select a school'}
      />
      <Tabs value={filters.tab} onValueChange={(tab) => update({ tab: tab as BooksTab })}>
        <SectionTabsList label="Books sections" tabs={BOOKS_TABS} />
        <TabsContent value="trial-balance">
          {withPeriod(<TrialBalancePanel school={school} period={period} />)}
        </TabsContent>
        <TabsContent value="ledger">
          {!school ? (
            <NeedSchool what="ledger" />
          ) : (
            withPeriod(
              <GeneralLedgerPanel
                schoolId={school._id}
                accountId={filters.account}
                period={period}
                onAccount={(account) => update({ account })}
              />,
            )
          )}
        </TabsContent>
        <TabsContent value="student">
          {withPeriod(
            <StudentAccountPanel
              schoolId={school?._id ?? ''}
              studentId={filters.student}
              period={period}
              onStudent={(student) => update({ student })}
            />,
          )}
        </TabsContent>
        <TabsContent value="chart">
          {school ? <ChartPanel schoolId={school._id} manage={may.manage} /> : <NeedSchool what="chart of accounts" />}
        </TabsContent>
        <TabsContent value="close">
          {school ? (
            <PeriodClosePanel schoolId={school._id} manage={may.manage} today={today} />
          ) : (
            <NeedSchool what="books and closes" />
          )}
        </TabsContent>
        <TabsContent value="exports">{withPeriod(<ExportsPanel school={school} period={period} />)}</TabsContent>
        <TabsContent value="integrity">
          <IntegrityPanel school={school} />
        </TabsContent>
      </Tabs>
    </>
  );
}

/** The books: trial balance, ledgers, a student's account, the chart, period close, the exports and the integrity check. */
export default function BooksPage() {
  const may = useBooksPermissions();
  return (
    <>
      <PageHeader
        title="Books"
        description="The double-entry books every naira is posted to: read them, keep the chart and close periods."
      />
      {may.view ? <Books may={may} /> : <AccessDenied message="You do not have access to the books." />}
    </>
  );
}

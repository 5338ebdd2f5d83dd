import type { BankLineStatus } from '@schoolledger/domain';
import { SchoolChooser } from '@/components/school-chooser';
import { SchoolGate } from '@/components/school-gate';
import { Card, CardBody, CardHeader, PageHeader, Tabs, TabsContent } from '@/components/ui';
import { useLines } from '../api/get-lines';
import { LineList } from '../components/line-list';
import { LineTabsList } from '../components/line-tabs';
import { SettlementsCard } from '../components/settlements-card';
import { UploadCard } from '../components/upload-card';
import { LINE_TABS } from '../lib/texts';
import { useStatementFilters } from '../lib/use-statement-filters';

/** The bursary's bank statements: upload one, then work through the credits the matching was not sure of. */
export default function BankStatementsPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Bank Statements"
        description="Upload the school account's statement: each credit is matched to a student, and the certain ones are credited."
      />
      <SchoolGate
        permission="payments.confirmTransfer"
        deniedMessage="You don't have permission to match bank statements."
        noSchoolTitle="No school to match statements for"
      >
        {({ superAdmin }) => <Statements superAdmin={superAdmin} />}
      </SchoolGate>
    </div>
  );
}

function Statements({ superAdmin }: { superAdmin: boolean }) {
  const { filters, update } = useStatementFilters();
  return (
    <SchoolChooser
      superAdmin={superAdmin}
      chosen={filters.school}
      onChoose={(school) => update({ school })}
      chooseDescription="Choose the school whose bank account the statement is of."
    >
      {(schoolId) => (
        <SchoolStatements key={schoolId} schoolId={schoolId} tab={filters.tab} onTabChange={(tab) => update({ tab })} />
      )}
    </SchoolChooser>
  );
}

function SchoolStatements({
  schoolId,
  tab,
  onTabChange,
}: {
  schoolId: string;
  tab: BankLineStatus;
  onTabChange(tab: BankLineStatus): void;
}) {
  const lines = useLines(schoolId, tab);
  // The previous tab's lines, kept for the counts while this tab's load, are not this tab's list.
  const list = lines.isPlaceholderData ? { ...lines, isPending: true, data: undefined } : lines;

  return (
    <>
      <UploadCard schoolId={schoolId} />
      <Card>
        <CardHeader
          title="Statement lines"
          description="Confirm the student each credit is for; nothing is credited without your say unless it was certain."
        />
        <CardBody>
          <Tabs value={tab} onValueChange={(value) => onTabChange(value as BankLineStatus)}>
            <LineTabsList counts={lines.data?.counts} />
            {LINE_TABS.map(([status]) => (
              <TabsContent key={status} value={status}>
                <LineList status={status} schoolId={schoolId} query={list} />
              </TabsContent>
            ))}
          </Tabs>
        </CardBody>
      </Card>
      <SettlementsCard schoolId={schoolId} />
    </>
  );
}

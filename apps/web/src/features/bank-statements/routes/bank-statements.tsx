import type { BankLineStatus } from '@schoolledger/domain';
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
} from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useLines } from '../api/get-lines';
import { LineList } from '../components/line-list';
import { LineTabsList } from '../components/line-tabs';
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
  const ownSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const chooser = superAdmin || (schools.data?.length ?? 0) > 1;
  const { filters, update } = useStatementFilters();
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
        <SchoolStatements key={schoolId} schoolId={schoolId} tab={filters.tab} onTabChange={(tab) => update({ tab })} />
      ) : (
        <Card>
          <EmptyState
            icon={School}
            title="Select a school"
            description="Choose the school whose bank account the statement is of."
          />
        </Card>
      )}
    </div>
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
    </>
  );
}

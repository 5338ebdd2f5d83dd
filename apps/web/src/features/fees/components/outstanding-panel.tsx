import {
  formatKobo,
  isCurrentPeriod,
  type Kobo,
  type OutstandingReport,
  outstandingReportFileName,
  plural,
  todayIn,
} from '@schoolledger/domain';
import { BellRing, Download, PartyPopper, School } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FilterBar, SchoolFilter, TermFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, Checkbox, EmptyState, FormField, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useClassArms } from '@/lib/queries/class-arms';
import {
  downloadOutstandingCsv,
  type OutstandingReportQuery,
  useOutstandingReport,
} from '../api/get-outstanding-report';
import { FEE_MESSAGES } from '../lib/messages';
import type { FeePermissions } from '../lib/permissions';
import type { FeeFilters } from '../lib/use-fee-filters';
import { NewReminderDialog } from './new-reminder-dialog';
import type { PickedStudent } from './student-picker';

export interface OutstandingPanelProps {
  may: FeePermissions;
  filters: FeeFilters;
  /** The school reported on: the one chosen in the filters, or the user's own. */
  schoolId: string;
  update(changes: Partial<FeeFilters>): void;
}

/** What each class arm and each student was expected to pay in a term, has paid and still owes. */
export function OutstandingPanel({ may, filters, schoolId, update }: OutstandingPanelProps) {
  const classArms = useClassArms(schoolId);
  const [classArm, setClassArm] = useState({ schoolId, id: '' });
  const classArmId = classArm.schoolId === schoolId ? classArm.id : '';
  const [owingOnly, setOwingOnly] = useState(true);
  const [exporting, setExporting] = useState(false);
  const [reminding, setReminding] = useState<PickedStudent | null>(null);
  const query: OutstandingReportQuery = {
    school_id: may.multiSchool ? schoolId : undefined,
    term_id: filters.term || undefined,
    classArm_id: classArmId || undefined,
  };
  const report = useOutstandingReport(query, schoolId !== '');

  async function exportCsv(data: OutstandingReport) {
    setExporting(true);
    try {
      await downloadOutstandingCsv(query, outstandingReportFileName(data.term));
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to export the report'));
    } finally {
      setExporting(false);
    }
  }

  const filtersBar = (
    <FilterBar className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] lg:items-end">
      {may.multiSchool && (
        <SchoolFilter value={filters.school} onChange={(school) => update({ school })} emptyLabel="Select a school" />
      )}
      <TermFilter
        schoolId={schoolId}
        value={filters.term}
        onChange={(term) => update({ term })}
        emptyLabel="Current term"
        noSchoolLabel="Current term"
      />
      <FormField label="Class arm">
        <Select
          value={classArmId}
          disabled={!schoolId || classArms.isPending}
          onChange={(event) => setClassArm({ schoolId, id: event.target.value })}
        >
          <option value="">All class arms</option>
          {classArms.data?.map((arm) => (
            <option key={arm._id} value={arm._id}>
              {arm.name}
            </option>
          ))}
        </Select>
      </FormField>
      <Button
        variant="secondary"
        disabled={!report.data}
        loading={exporting}
        onClick={() => report.data && void exportCsv(report.data)}
      >
        {!exporting && <Download className="size-4" aria-hidden="true" />}
        Export CSV
      </Button>
    </FilterBar>
  );

  let body: ReactNode;
  if (!schoolId) {
    body = (
      <Card>
        <EmptyState icon={School} title="Select a school" description="Choose the school whose fees to report on." />
      </Card>
    );
  } else {
    body = (
      <QueryState query={report} loading="Loading outstanding fees..." errorTitle={FEE_MESSAGES.outstandingFailed}>
        {(data) => (
          <Report
            data={data}
            defaulted={!filters.term}
            owingOnly={owingOnly}
            onOwingOnlyChange={setOwingOnly}
            onRemind={may.reminders ? setReminding : undefined}
          />
        )}
      </QueryState>
    );
  }

  return (
    <div className="space-y-4">
      {filtersBar}
      {body}
      {reminding && <NewReminderDialog schoolId={schoolId} student={reminding} onClose={() => setReminding(null)} />}
    </div>
  );
}

function Report({
  data,
  defaulted,
  owingOnly,
  onOwingOnlyChange,
  onRemind,
}: {
  data: OutstandingReport;
  /** The server chose the term, so say why when it is not the one running today. */
  defaulted: boolean;
  owingOnly: boolean;
  onOwingOnlyChange(value: boolean): void;
  /** For those who may remind: a reminder of one of the fees the student owes. */
  onRemind?: ((student: PickedStudent) => void) | undefined;
}) {
  const { term, summary, outstandingReport } = data;
  const today = todayIn();
  let why = '';
  if (defaulted && !isCurrentPeriod(term, today)) {
    why =
      today < term.startDate
        ? ' · No term has started yet, so this is the first one.'
        : ' · No term includes today, so this is the one that ended last.';
  }
  const students = owingOnly
    ? outstandingReport.students.filter((row) => row.outstanding > 0n)
    : outstandingReport.students;

  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-white">
          {term.name}, {term.session}
        </span>{' '}
        ({formatDate(term.startDate)} to {formatDate(term.endDate)}){why}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Tile label="Expected" value={formatKobo(summary.expected)} />
        <Tile label="Paid" value={formatKobo(summary.paid)} />
        <Tile label="Outstanding" value={formatKobo(summary.outstanding)} emphasis />
        <Tile label="Students owing" value={`${summary.studentsOwing} of ${summary.students}`} />
      </dl>
      <Card>
        <CardHeader title="By class arm" />
        <AmountTable
          caption="Outstanding fees by class arm"
          first="Class arm"
          extra={['Students']}
          rows={outstandingReport.byClassArm.map((row) => ({
            key: row.classArm?._id ?? 'none',
            name: row.classArm?.name ?? 'No class arm',
            extra: [String(row.students)],
            expected: row.expected,
            paid: row.paid,
            outstanding: row.outstanding,
          }))}
        />
      </Card>
      <Card>
        <CardHeader
          title="By student"
          description={plural(students.length, 'student')}
          actions={
            <Checkbox
              label="Only students who owe"
              checked={owingOnly}
              onChange={(event) => onOwingOnlyChange(event.target.checked)}
            />
          }
        />
        {students.length === 0 ? (
          <EmptyState
            icon={PartyPopper}
            title={owingOnly ? 'Nobody owes anything' : 'No students'}
            description={
              owingOnly ? 'Every student has paid what this term expects of them.' : 'No active students match.'
            }
          />
        ) : (
          <AmountTable
            caption="Outstanding fees by student"
            first="Student"
            extra={['Reg No', 'Class arm']}
            rows={students.map((row) => ({
              key: row._id,
              name: row.name,
              extra: [row.regNo ?? '—', row.classArm ?? '—'],
              expected: row.expected,
              paid: row.paid,
              outstanding: row.outstanding,
              action:
                onRemind && row.outstanding > 0n ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remind ${row.name}`}
                    onClick={() => onRemind({ _id: row._id, name: row.name, regNo: row.regNo })}
                  >
                    <BellRing className="size-4" aria-hidden="true" />
                    Remind
                  </Button>
                ) : undefined,
            }))}
            actionLabel={onRemind ? 'Reminder' : undefined}
          />
        )}
      </Card>
    </>
  );
}

function Tile({ label, value, emphasis = false }: { label: string; value: string; emphasis?: boolean }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={`mt-1 text-base font-semibold tabular-nums break-words sm:text-xl ${emphasis ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-white'}`}
      >
        {value}
      </dd>
    </div>
  );
}

interface AmountRow {
  key: string;
  name: string;
  extra: string[];
  expected: Kobo;
  paid: Kobo;
  outstanding: Kobo;
  action?: ReactNode;
}

function AmountTable({
  caption,
  first,
  extra,
  rows,
  actionLabel,
}: {
  caption: string;
  first: string;
  extra: string[];
  rows: AmountRow[];
  /** The heading of a last column of row actions; none without it. */
  actionLabel?: string | undefined;
}) {
  const head = 'px-4 py-3 font-medium';
  const money = 'px-4 py-2.5 text-right tabular-nums';
  return (
    // Positioned, so the hidden heading of the actions column scrolls with the table, not the page.
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
          <tr>
            <th scope="col" className={head}>
              {first}
            </th>
            {extra.map((label) => (
              <th key={label} scope="col" className={head}>
                {label}
              </th>
            ))}
            <th scope="col" className={`${head} text-right`}>
              Expected
            </th>
            <th scope="col" className={`${head} text-right`}>
              Paid
            </th>
            <th scope="col" className={`${head} text-right`}>
              Outstanding
            </th>
            {actionLabel && (
              <th scope="col" className={head}>
                <span className="sr-only">{actionLabel}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700 dark:divide-slate-800 dark:text-slate-200">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-4 py-2.5 font-medium text-slate-900 dark:text-white">
                {row.name}
              </th>
              {row.extra.map((value, index) => (
                <td key={extra[index]} className="px-4 py-2.5">
                  {value}
                </td>
              ))}
              <td className={money}>{formatKobo(row.expected)}</td>
              <td className={money}>{formatKobo(row.paid)}</td>
              <td className={`${money} font-medium ${row.outstanding > 0n ? 'text-red-700 dark:text-red-300' : ''}`}>
                {formatKobo(row.outstanding)}
              </td>
              {actionLabel && <td className="px-2 py-1.5 text-right">{row.action}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

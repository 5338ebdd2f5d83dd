import type { PrincipalAcademicOverview } from '@schoolledger/domain';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { formatRate, NOT_RECORDED } from '@/components/dashboard';
import { QueryState } from '@/components/query-state';
import { Card, CardBody, CardHeader, EmptyState, LoadingState } from '@/components/ui';
import { useAcademicOverview } from '../api/get-academic-overview';
import { ClassArmResultsTable } from './class-arm-results-table';

const label = (key: string | null) => (key === null ? 'Not given' : key[0]!.toUpperCase() + key.slice(1));

/**
 * The principal's academic overview: students by class arm, status and gender, and the current
 * term's imported results. The principal dashboard includes it as a panel.
 */
export default function AcademicOverviewPanel() {
  const overview = useAcademicOverview();
  return (
    <QueryState
      query={overview}
      loading={
        <Card>
          <LoadingState label="Loading the academic overview..." />
        </Card>
      }
      errorTitle="Error Loading Dashboard"
      errorFallback="Failed to fetch academic summary"
    >
      {(data) => <Overview data={data} />}
    </QueryState>
  );
}

function Overview({ data }: { data: PrincipalAcademicOverview }) {
  const resultsTo = data.term ? `/results?term=${data.term._id}` : '/results';
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Academic overview"
        description={
          data.term ? `${data.totalStudents} students · ${data.term.name}` : `${data.totalStudents} students`
        }
        actions={
          <Link
            to={resultsTo}
            className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
          >
            <ClipboardList className="size-4" aria-hidden="true" />
            Results
          </Link>
        }
      />
      <CardBody className="grid gap-4 sm:grid-cols-3">
        <div>
          <p className="text-xs text-slate-500 dark:text-slate-400">Term average</p>
          <p className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">
            {data.results.averageScore === null ? NOT_RECORDED : data.results.averageScore.toFixed(2)}
          </p>
        </div>
        <div>
          <p className="text-xs text-slate-500 dark:text-slate-400">Attendance</p>
          <p className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">
            {data.results.attendanceRate === null ? NOT_RECORDED : formatRate(data.results.attendanceRate)}
          </p>
        </div>
        <div>
          <p className="text-xs text-slate-500 dark:text-slate-400">By gender</p>
          <p className="text-sm text-slate-900 dark:text-white">
            {data.byGender.length === 0
              ? '—'
              : data.byGender.map((gender) => `${label(gender.key)} ${gender.count}`).join(' · ')}
          </p>
        </div>
        <ul className="flex flex-wrap gap-2 text-xs sm:col-span-3">
          {data.byStatus.map((status) => (
            <li key={status.key} className="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">
              {label(status.key)} <span className="font-semibold tabular-nums">{status.count}</span>
            </li>
          ))}
        </ul>
      </CardBody>
      {data.classArms.length === 0 ? (
        <EmptyState title="No class arms yet" className="py-8" />
      ) : (
        <ClassArmResultsTable arms={data.classArms} resultsTo={resultsTo} />
      )}
    </Card>
  );
}

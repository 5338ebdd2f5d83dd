import type { StudentStats } from '@schoolledger/domain';
import {
  BarChart3,
  CalendarPlus,
  GraduationCap,
  Home,
  type LucideIcon,
  School,
  Sun,
  UserCheck,
  UserRound,
  Users,
} from 'lucide-react';
import { useEffect } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, CardBody, CardHeader, EmptyState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatMonth } from '@/lib/dates';
import { useStudentStats } from '../api/get-student-stats';
import type { StudentFilters } from '../lib/filters';
import { useStudentError } from '../stores/student-error';
import { ExportMenu } from './export-menu';

const TILES: { key: keyof StudentStats; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'totalStudents', label: 'Total Students', icon: Users, tone: 'bg-sky-50 text-sky-700' },
  { key: 'activeStudents', label: 'Active Students', icon: UserCheck, tone: 'bg-emerald-50 text-emerald-700' },
  { key: 'maleStudents', label: 'Male Students', icon: UserRound, tone: 'bg-indigo-50 text-indigo-700' },
  { key: 'femaleStudents', label: 'Female Students', icon: UserRound, tone: 'bg-pink-50 text-pink-700' },
  { key: 'dayStudents', label: 'Day Students', icon: Sun, tone: 'bg-amber-50 text-amber-700' },
  { key: 'boardingStudents', label: 'Boarding Students', icon: Home, tone: 'bg-violet-50 text-violet-700' },
  { key: 'newEnrollments', label: 'New Enrollments', icon: CalendarPlus, tone: 'bg-teal-50 text-teal-700' },
  { key: 'graduatedStudents', label: 'Graduated', icon: GraduationCap, tone: 'bg-slate-100 text-slate-700' },
];

function Bars({ rows, label }: { rows: { name: string; value: number }[]; label: string }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((row) => (
        <li key={row.name} className="grid grid-cols-[minmax(4.5rem,7rem)_1fr_2.5rem] items-center gap-3 text-sm">
          <span className="truncate text-slate-700 dark:text-slate-300">{row.name}</span>
          <span className="h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-emerald-500"
              style={{ width: `${(row.value / max) * 100}%` }}
            />
          </span>
          <span className="text-right font-medium text-slate-900 tabular-nums dark:text-white">{row.value}</span>
        </li>
      ))}
    </ul>
  );
}

function Measure({ label, value, detail }: { label: string; value: string | null; detail: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{value ?? '—'}</dd>
      <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {value === null ? 'Not recorded yet' : detail}
      </dd>
    </div>
  );
}

export function StatisticsView({ filters }: { filters: StudentFilters }) {
  const scope = { school: filters.school, classArm: filters.classArm };
  const query = useStudentStats(scope);
  const showError = useStudentError((state) => state.show);

  useEffect(() => {
    if (query.isError) showError(errorMessage(query.error, 'Failed to fetch student statistics'));
  }, [query.isError, query.error, showError]);

  return (
    <QueryState
      query={query}
      loading="Loading statistics..."
      errorTitle="Failed to fetch student statistics"
      isEmpty={(stats) => stats.totalStudents === 0}
      empty={
        <Card>
          <EmptyState
            icon={BarChart3}
            title="No statistics available"
            description="Statistics appear once students are enrolled."
          />
        </Card>
      }
    >
      {(stats) => <Statistics stats={stats} filters={filters} />}
    </QueryState>
  );
}

function Statistics({ stats, filters }: { stats: StudentStats; filters: StudentFilters }) {
  const scoped = filters.school || filters.classArm;
  return (
    <div className="space-y-6">
      {scoped && (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Figures for the school and class chosen in the filters.
        </p>
      )}
      <ul aria-label="Student totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label, icon: Icon, tone }) => (
          <li key={key}>
            <Card className="flex h-full items-center gap-3 p-4">
              <span className={`rounded-lg p-2 dark:bg-slate-800 dark:text-slate-200 ${tone}`}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-xs text-slate-500 sm:text-sm dark:text-slate-400">{label}</p>
                <p className="text-xl font-semibold text-slate-900 tabular-nums dark:text-white">
                  {String(stats[key])}
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Performance overview" />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Measure
                label="Average attendance"
                value={stats.averageAttendance === null ? null : `${stats.averageAttendance.toFixed(1)}%`}
                detail="Across students with attendance records"
              />
              <Measure
                label="Average GPA"
                value={stats.averageGPA === null ? null : `${stats.averageGPA.toFixed(2)} / 4.0`}
                detail="On a 4.0 scale"
              />
            </dl>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Quick actions" />
          <CardBody className="flex flex-wrap items-center gap-3">
            <ExportMenu filters={filters} label="Export Student List" />
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Every student matching the current search and filters, as CSV or Excel.
            </p>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Students by class" />
          <CardBody>
            {stats.studentsByClass.length > 0 ? (
              <Bars
                label="Students by class"
                rows={stats.studentsByClass.map(({ className, count }) => ({ name: className, value: count }))}
              />
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-500">
                <School className="size-4" aria-hidden="true" />
                No students are assigned to a class yet.
              </p>
            )}
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Enrollment trends" description="New enrollments by month" />
          <CardBody>
            {stats.enrollmentTrends.length > 0 ? (
              <Bars
                label="Enrollments by month"
                rows={stats.enrollmentTrends.map(({ month, enrollments }) => ({
                  name: formatMonth(month),
                  value: enrollments,
                }))}
              />
            ) : (
              <p className="text-sm text-slate-500">No enrollments recorded in this period.</p>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

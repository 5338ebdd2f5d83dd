import { type HeadteacherDashboard as Data, koboToNaira } from '@schoolledger/domain';
import { BadgePercent, ClipboardList, GraduationCap, Layers, Users, Wallet } from 'lucide-react';
import { compactNaira, RankingChart } from '@/components/charts';
import {
  ActionGrid,
  AlertBanner,
  formatRate,
  NOT_RECORDED,
  ProgressBar,
  StatCard,
  StatGrid,
} from '@/components/dashboard';
import { Card, CardBody, CardHeader, EmptyState } from '@/components/ui';
import { useHeadteacherDashboard } from '../api/get-headteacher-dashboard';
import { naira, nairaOfNumber } from '../lib/finance';
import { ClassArmResultsTable } from './class-arm-results-table';
import { DashboardState } from './dashboard-state';

function Board({ data }: { data: Data }) {
  const resultsTo = data.term ? `/results?term=${data.term._id}` : '/results';
  const { results, fees } = data;
  const fill = data.totalCapacity ? Math.round((data.totalStudents * 1000) / data.totalCapacity) / 10 : null;
  return (
    <div className="space-y-6">
      {data.term && results.studentsWithResults === 0 && (
        <AlertBanner
          tone="info"
          title={`No results imported for ${data.term.name} yet`}
          action={{ label: 'Import results', to: resultsTo }}
        >
          Term averages and attendance show once the school's result file is imported.
        </AlertBanner>
      )}
      <StatGrid>
        <StatCard
          label="Students"
          value={data.totalStudents.toLocaleString('en-NG')}
          hint={`${data.classArms.length} class arms, room for ${data.totalCapacity.toLocaleString('en-NG')}`}
          to="/class-arms"
          icon={GraduationCap}
        />
        <StatCard
          label="Fees collected this term"
          value={naira(fees.collected)}
          hint={`${formatRate(fees.collectionRate)} of ${naira(fees.expected)}`}
          to="/fees"
          icon={Wallet}
          tone="sky"
        />
        <StatCard
          label="Outstanding fees"
          value={naira(fees.outstanding)}
          hint={`${fees.owing} students owing`}
          to="/fees"
          icon={BadgePercent}
          tone="amber"
        />
        <StatCard
          label="Term average"
          value={results.averageScore === null ? NOT_RECORDED : results.averageScore.toFixed(2)}
          hint={
            results.studentsWithResults
              ? `${results.studentsWithResults} students with results${data.term ? `, ${data.term.name}` : ''}`
              : 'No results imported'
          }
          to={resultsTo}
          icon={ClipboardList}
          tone="violet"
        />
      </StatGrid>

      <Card className="overflow-hidden">
        <CardHeader
          title="Class arms"
          description={data.term ? `Fees and results for ${data.term.name}` : 'No term set up yet'}
        />
        {data.classArms.length === 0 ? (
          <EmptyState title="No class arms yet" description="Add class arms to see them here." className="py-8" />
        ) : (
          <ClassArmResultsTable arms={data.classArms} resultsTo={resultsTo} />
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <RankingChart
          title="Outstanding fees by class arm"
          description={data.term?.name}
          data={data.classArms.map((arm) => ({
            label: arm.name,
            value: koboToNaira(arm.fees.outstanding),
            to: '/fees',
          }))}
          format={nairaOfNumber}
          tick={compactNaira}
          columns={['Class arm', 'Outstanding']}
          empty="Nothing outstanding this term."
        />
        <Card>
          <CardHeader title="Students and attendance" />
          <CardBody className="space-y-5">
            <ProgressBar
              label="Places filled"
              value={fill}
              detail={`${data.totalStudents} of ${data.totalCapacity} places`}
            />
            <ProgressBar
              label="Attendance"
              value={results.attendanceRate}
              tone="sky"
              detail={
                results.attendanceRate === null ? NOT_RECORDED : 'Days present over school days, from the results'
              }
            />
            <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
              {data.byStatus.map((status) => (
                <li key={status.key} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {status.key[0]!.toUpperCase() + status.key.slice(1)}
                  </span>
                  <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{status.count}</span>
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      </div>

      <ActionGrid
        title="Academic actions"
        actions={[
          { label: 'Term results', description: 'Import, correct or remove', to: resultsTo, icon: ClipboardList },
          { label: 'Class arms', description: 'Capacity and students', to: '/class-arms', icon: Layers, tone: 'sky' },
          { label: 'Fee administration', description: 'Fees of the term', to: '/fees', icon: Wallet, tone: 'amber' },
          { label: 'Users', description: 'Staff and student accounts', to: '/users', icon: Users, tone: 'violet' },
        ]}
      />
    </div>
  );
}

/** SPEC §2 Headteacher: class arms, their fees and the term's imported results. */
export default function HeadteacherDashboard() {
  const query = useHeadteacherDashboard();
  return <DashboardState query={query}>{(data) => <Board data={data} />}</DashboardState>;
}

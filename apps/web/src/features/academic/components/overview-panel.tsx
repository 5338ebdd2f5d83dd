import { isCurrentPeriod, todayIn } from '@schoolledger/domain';
import type { LucideIcon } from 'lucide-react';
import { CalendarDays, CalendarRange, Plus, School, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Card, CardBody, CardHeader } from '@/components/ui';
import { useClassArms } from '@/lib/queries/class-arms';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useCurrentTerm } from '../api/get-current-term';
import { useAcademicPermissions } from '../lib/permissions';
import type { AcademicSelection } from '../stores/use-academic-selection';
import { ClassArmFormDialog } from './class-arm-form-dialog';
import { SchoolFormDialog } from './school-form-dialog';
import { SessionFormDialog } from './session-form-dialog';
import { TermFormDialog } from './term-form-dialog';

function Stat({
  label,
  value,
  icon: Icon,
  note,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  note?: string;
}) {
  return (
    <Card className="flex items-start gap-4 p-4">
      <span className="rounded-lg bg-emerald-50 p-2.5 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        <p className="mt-0.5 truncate text-xl font-semibold text-slate-900 dark:text-white">{value}</p>
        {note && <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">{note}</p>}
      </div>
    </Card>
  );
}

function QuickAction({
  label,
  icon: Icon,
  onClick,
  disabledReason,
}: {
  label: string;
  icon: LucideIcon;
  onClick(): void;
  disabledReason?: string | undefined;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={Boolean(disabledReason)}
      title={disabledReason}
      className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-left text-sm font-medium text-slate-700 hover:border-emerald-500 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-200 disabled:hover:bg-transparent dark:border-slate-700 dark:text-slate-200 dark:hover:bg-emerald-500/10"
    >
      <span className="rounded-md bg-slate-100 p-1.5 dark:bg-slate-800">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      {label}
    </button>
  );
}

type Dialog = 'school' | 'session' | 'term' | 'classArm' | null;

export function OverviewPanel({ selection }: { selection: AcademicSelection }) {
  const may = useAcademicPermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { school, sessions, session } = selection;
  const schoolId = school?._id ?? null;
  const terms = useSchoolTerms(schoolId);
  const classArms = useClassArms(schoolId);
  const currentTerm = useCurrentTerm(schoolId);
  const today = todayIn();

  const schoolList = selection.schools.data ?? [];
  const sessionList = sessions.data ?? [];
  const activeSchools = schoolList.filter((item) => item.isActive).length;
  const currentSession = sessionList.find((item) => isCurrentPeriod(item, today));
  const note = school ? `In ${school.name}` : 'Select a school';
  const count = (value: number | undefined) => (school ? (value ?? '…') : '—');
  const noSchool = school ? undefined : 'Select a school first';

  return (
    <div className="space-y-6">
      <section aria-label="Counts" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label="Total Schools" value={selection.schools.data ? schoolList.length : '…'} icon={School} />
        <Stat
          label="Active Sessions"
          value={count(sessions.data && sessionList.filter((item) => item.isActive).length)}
          icon={CalendarRange}
          note={note}
        />
        <Stat label="Academic Terms" value={count(terms.data?.length)} icon={CalendarDays} note={note} />
        <Stat label="Class Arms" value={count(classArms.data?.length)} icon={Users} note={note} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="At a glance" description={school?.name} />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">Active Schools</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
                  {activeSchools} of {schoolList.length}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">Current Session</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
                  {currentSession?.name ?? 'None'}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-500 dark:text-slate-400">Current Term</dt>
                <dd className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
                  {currentTerm.data ? `${currentTerm.data.name} (${currentTerm.data.session.name})` : 'None'}
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>

        <Card>
          <CardHeader title="Quick actions" />
          <CardBody className="grid gap-3 sm:grid-cols-2">
            {may.createSchool && <QuickAction label="Add School" icon={Plus} onClick={() => setDialog('school')} />}
            {may.manageSessions && (
              <QuickAction
                label="New Session"
                icon={CalendarRange}
                onClick={() => setDialog('session')}
                disabledReason={noSchool}
              />
            )}
            {may.manageTerms && (
              <QuickAction
                label="New Term"
                icon={CalendarDays}
                onClick={() => setDialog('term')}
                disabledReason={noSchool ?? (sessionList.length ? undefined : 'Add a session first')}
              />
            )}
            {may.manageClassArms && (
              <QuickAction
                label="New Class"
                icon={Users}
                onClick={() => setDialog('classArm')}
                disabledReason={noSchool}
              />
            )}
          </CardBody>
        </Card>
      </div>

      {dialog === 'school' && <SchoolFormDialog onClose={() => setDialog(null)} />}
      {dialog === 'session' && school && <SessionFormDialog school={school} onClose={() => setDialog(null)} />}
      {dialog === 'term' && (
        <TermFormDialog sessions={sessionList} sessionId={session?._id} onClose={() => setDialog(null)} />
      )}
      {dialog === 'classArm' && school && <ClassArmFormDialog school={school} onClose={() => setDialog(null)} />}
    </div>
  );
}

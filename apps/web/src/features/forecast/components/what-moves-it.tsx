import { type ForecastDebtors, formatKobo, plural } from '@schoolledger/domain';
import { BellRing, Users } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, CardHeader, EmptyState, LoadingState } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useDebtors } from '../api/get-debtors';
import { useRemindDebtor } from '../api/remind-debtor';
import { FORECAST_MESSAGES } from '../lib/messages';
import { reminderHistoryText } from '../lib/reminder-history';

type Debtor = ForecastDebtors['debtors'][number];

/**
 * What would move the forecast: the gap the low line leaves against what falls due, the families
 * who owe most (those whose payments would close it marked), each with the reminders they were sent
 * and, for those who may remind, one action to remind them now; then how past reminder waves moved
 * the money that came in.
 */
export function WhatMovesIt({ schoolId, reminds }: { schoolId: string; reminds: boolean }) {
  const debtors = useDebtors(schoolId);
  return (
    <Card className="min-w-0 overflow-hidden">
      <QueryState
        query={debtors}
        loading={<LoadingState label="Loading the largest debtors..." />}
        errorTitle={FORECAST_MESSAGES.debtorsFailed}
      >
        {(data) => (
          <>
            <CardHeader
              title="What would close the gap"
              description={
                data.gap > 0n
                  ? `At the low forecast, ${formatKobo(data.gap)} of what falls due by the term's end is not covered. The families marked owe enough between them to close it.`
                  : "At the low forecast, what falls due by the term's end is covered. These families owe the most this term."
              }
            />
            {data.debtors.length === 0 ? (
              <EmptyState
                icon={Users}
                title="Nobody owes this term's fees"
                description="Every student has paid what this term's fees ask."
                className="py-8"
              />
            ) : (
              <ul aria-label="Largest debtors" className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.debtors.map((debtor) => (
                  <DebtorRow key={debtor.student._id} debtor={debtor} reminds={reminds} />
                ))}
              </ul>
            )}
            <Waves waves={data.reminder_waves} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function DebtorRow({ debtor, reminds }: { debtor: Debtor; reminds: boolean }) {
  const remind = useRemindDebtor();
  const fee = debtor.remind_about;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
          {debtor.student.name}
          {debtor.closes_gap && <Badge variant="yellow">Closes the gap</Badge>}
        </p>
        <p className="text-slate-500 dark:text-slate-400">
          {[debtor.student.class_arm, debtor.student.reg_no].filter(Boolean).join(' · ')}
        </p>
        <p className="text-slate-500 dark:text-slate-400">{reminderHistoryText(debtor.reminders)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 sm:justify-end">
        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
          {formatKobo(debtor.outstanding)}
        </span>
        {reminds && fee && (
          <Button
            size="sm"
            variant="secondary"
            loading={remind.isPending}
            onClick={() => remind.mutate({ studentId: debtor.student._id, feeId: fee._id })}
            aria-label={`Remind ${debtor.student.name}'s family about ${fee.name}`}
          >
            <BellRing className="size-4" aria-hidden="true" />
            Remind about {fee.name}
          </Button>
        )}
      </div>
    </li>
  );
}

function Waves({ waves }: { waves: ForecastDebtors['reminder_waves'] }) {
  return (
    <div className="border-t border-slate-100 px-4 py-4 sm:px-6 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Past reminder waves</h3>
      {waves.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          No day yet when many families were reminded at once.
        </p>
      ) : (
        <ul aria-label="Past reminder waves" className="mt-2 space-y-2 text-sm text-slate-600 dark:text-slate-300">
          {waves.map((wave) => (
            <li key={wave.date}>
              <span className="font-medium text-slate-900 dark:text-white">{formatDate(wave.date)}</span>:{' '}
              {plural(wave.people, 'person', 'people')} reminded; {formatKobo(wave.collected_week_before)} came in the
              week before, {formatKobo(wave.collected_week_after)} the week after.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

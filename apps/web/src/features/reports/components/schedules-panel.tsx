import type { ReportSchedule } from '@schoolledger/domain';
import { CalendarClock, Plus } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, ConfirmDialog, EmptyState } from '@/components/ui';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import type { CatalogReport } from '../api/get-report-catalog';
import { useReportSchedules } from '../api/get-report-schedules';
import { REPORT_TEXT } from '../lib/messages';
import { scheduleWording } from '../lib/schedule-wording';
import { Bone } from './bone';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { ScheduleItem } from './schedule-item';

export interface SchedulesPanelProps {
  catalog: readonly CatalogReport[];
  /** The report open on screen, offered first in a new schedule. */
  chosen: CatalogReport | undefined;
}

/** Reports emailed on a fixed day every week or month. */
export function SchedulesPanel({ catalog, chosen }: SchedulesPanelProps) {
  const schedules = useReportSchedules();
  const remove = useDeleteReportSchedule();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);

  const body = (
    <QueryState
      query={schedules}
      loading={
        <div aria-busy="true" className="space-y-3 p-5">
          <span role="status" className="sr-only">
            Loading schedules...
          </span>
          <Bone className="h-16" />
        </div>
      }
      errorTitle="Could not load the schedules"
      errorFallback={REPORT_TEXT.schedulesFailed}
      errorFrame="p-5"
      isEmpty={(data) => data.length === 0}
      empty={
        <EmptyState
          icon={CalendarClock}
          title="No schedules yet"
          description="Have a report emailed every week or every month, with the filters you choose."
          className="py-10"
        />
      }
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.map((schedule) => (
            <ScheduleItem key={schedule.id} schedule={schedule} onDelete={() => setDeleting(schedule)} />
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <Card aria-labelledby="report-schedules">
      <CardHeader
        title={<span id="report-schedules">Schedules</span>}
        description="Reports emailed automatically, Lagos time."
        actions={
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            New schedule
          </Button>
        }
      />
      {body}
      {adding && <ScheduleFormDialog catalog={catalog} initial={chosen} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete schedule"
        description={
          deleting
            ? `Stop emailing ${deleting.title} (${scheduleWording(deleting).toLowerCase()}) to ${deleting.emailTo}?`
            : undefined
        }
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </Card>
  );
}

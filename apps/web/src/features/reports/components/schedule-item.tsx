import { EXPORT_FORMAT_LABELS, type ReportSchedule } from '@schoolledger/domain';
import { Trash2 } from 'lucide-react';
import { Badge, Button } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { describeFilters } from '../lib/filter-summary';
import { scheduleWording } from '../lib/schedule-wording';
import { useFilterNames } from '../lib/use-filter-names';

export function ScheduleItem({ schedule, onDelete }: { schedule: ReportSchedule; onDelete(): void }) {
  const names = useFilterNames(schedule.filters);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium text-slate-900 dark:text-white">{schedule.title}</h3>
          <Badge>{EXPORT_FORMAT_LABELS[schedule.format]}</Badge>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {scheduleWording(schedule)} to <span className="break-all">{schedule.emailTo}</span>
        </p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{describeFilters(schedule.filters, names)}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Next {formatDateTime(schedule.nextRunAt)}
          {schedule.lastRunAt && ` · last sent ${formatDateTime(schedule.lastRunAt)}`}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        onClick={onDelete}
        aria-label={`Delete the ${schedule.title} schedule`}
      >
        <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
        Delete
      </Button>
    </li>
  );
}

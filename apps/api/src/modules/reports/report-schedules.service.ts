import {
  displayName,
  REPORTS,
  type ReportSchedule,
  reportFiltersSchema,
  type reportScheduleInputSchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/errors.js';
import { type AuthContext, actingAs } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { reportRecipient, requestReportRun } from './report-runs.service.js';
import {
  deleteSchedule,
  findSchedule,
  insertSchedule,
  lockDueSchedules,
  markScheduleRun,
  type ScheduleRow,
  schedulesOf,
} from './report-schedules.queries.js';
import { scheduleNotFound } from './reports.errors.js';
import { resolveReport } from './resolve-report.js';
import { nextScheduledRun, scheduledPeriod } from './schedule-times.js';

type ScheduleInput = z.output<typeof reportScheduleInputSchema>;

/** Schedules a pass sends at most; the rest wait for the next pass minutes later. */
const SCHEDULES_PER_PASS = 50;

function presentSchedule(row: ScheduleRow): ReportSchedule {
  return {
    id: row.id,
    report: row.report,
    title: REPORTS[row.report].title,
    format: row.format,
    filters: row.filters,
    emailTo: row.emailTo,
    frequency: row.frequency,
    weekday: row.weekday,
    hour: row.hour,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdBy: displayName({ firstname: row.creatorFirstname, lastname: row.creatorLastname }),
  };
}

export async function listSchedules(ctx: AppContext, auth: AuthContext) {
  const rows = await schedulesOf(ctx.db, auth.userId);
  return { schedules: rows.map(presentSchedule) };
}

/**
 * A schedule is checked like a request now (its recipient a person of the creator's schools), and
 * again with the creator's access at every run.
 */
export async function createSchedule(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  input: ScheduleInput,
): Promise<ReportSchedule> {
  const report = await resolveReport(ctx, auth, input.report, input.filters);
  const emailTo = (await reportRecipient(ctx, auth, input.emailTo))!;
  const filters = Object.fromEntries(
    Object.entries(input.filters).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
  const id = await ctx.db.transaction(async (tx) => {
    const row = await insertSchedule(tx, {
      report: input.report,
      format: input.format,
      filters,
      emailTo,
      frequency: input.frequency,
      weekday: input.weekday,
      hour: input.hour,
      nextRunAt: nextScheduledRun(input, ctx.clock()),
      createdBy: auth.userId,
      schoolId: report.school?.id ?? null,
      groupSchoolId: report.school?.groupSchoolId ?? ('groupSchoolId' in auth.scope ? auth.scope.groupSchoolId : null),
    });
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'report_schedule',
      entityId: row.id,
      schoolId: report.school?.id ?? auth.schoolId,
      after: {
        report: input.report,
        format: input.format,
        filters,
        emailTo,
        frequency: input.frequency,
      },
    });
    return row.id;
  });
  const row = await findSchedule(ctx.db, id);
  if (!row) throw scheduleNotFound();
  return presentSchedule(row);
}

/** Only its creator removes a schedule; to anyone else it is not there. */
export async function removeSchedule(ctx: AppContext, auth: AuthContext, actor: Actor, id: string) {
  const row = await findSchedule(ctx.db, id);
  if (!row || row.createdBy !== auth.userId) throw scheduleNotFound();
  await ctx.db.transaction(async (tx) => {
    await deleteSchedule(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'report_schedule',
      entityId: id,
      schoolId: row.schoolId ?? auth.schoolId,
      before: { report: row.report, format: row.format, emailTo: row.emailTo, frequency: row.frequency },
    });
  });
}

/**
 * Queues a run for every due schedule (the job runner's `reports.schedule`), as its creator with
 * the access they have now, over the period just ended when the schedule has no dates of its own.
 * A schedule whose creator can no longer run it is moved on, not retried: it would fail again.
 */
export async function runDueSchedules(ctx: AppContext): Promise<{ queued: number; refused: number }> {
  const now = ctx.clock();
  const today = todayIn('Africa/Lagos', now);
  const due = await ctx.db.transaction(async (tx) => {
    const rows = await lockDueSchedules(tx, now, SCHEDULES_PER_PASS);
    for (const row of rows) await markScheduleRun(tx, row.id, now, nextScheduledRun(row, now));
    return rows;
  });
  let queued = 0;
  let refused = 0;
  for (const schedule of due) {
    const auth = await actingAs(ctx, schedule.createdBy);
    const takesDates = REPORTS[schedule.report].filters.includes('from');
    const dated = schedule.filters.from || schedule.filters.to;
    const filters = reportFiltersSchema.parse({
      ...schedule.filters,
      ...(takesDates && !dated ? scheduledPeriod(schedule.frequency, today) : {}),
    });
    try {
      if (!auth) throw scheduleNotFound();
      await requestReportRun(
        ctx,
        auth,
        { userId: auth.userId, ip: null, userAgent: 'report schedule' },
        {
          report: schedule.report,
          format: schedule.format,
          filters,
          emailTo: schedule.emailTo,
          scheduleId: schedule.id,
        },
      );
      queued++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused++;
    }
  }
  return { queued, refused };
}

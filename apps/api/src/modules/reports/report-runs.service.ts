import {
  displayName,
  type generateReportInputSchema,
  REPORT_FILE_DAYS,
  REPORTS,
  type ReportFilters,
  type ReportRun,
  reportFiltersSchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { fileNameFor, TABLE_CONTENT_TYPES, writeDocument } from '../../lib/tabular/index.js';
import { type AuthContext, actingAs } from '../../plugins/auth.js';
import { schoolInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { peopleInScope } from '../email/email.service.js';
import {
  claimRun,
  completeRun,
  failRun,
  findRun,
  findRunFile,
  insertRun,
  listRunsOf,
  type RunRow,
  recordProgress,
} from './report-runs.queries.js';
import { reportExpired, reportNotFound, reportNotReady } from './reports.errors.js';
import { buildReport } from './reports.service.js';
import { mayRun, resolveReport } from './resolve-report.js';

type RunInput = z.output<typeof generateReportInputSchema>;

const DAY_MS = 86_400_000;
const RECENT_RUNS = 20;
/** The share of a run's progress bar the queries take; writing the file is the rest. */
const BUILT_AT = 40;

const groupOf = (auth: AuthContext) => ('groupSchoolId' in auth.scope ? auth.scope.groupSchoolId : null);

/** Filters as stored and shown: only those given, as text. */
const storedFilters = (filters: ReportFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Record<string, string>;

export function presentRun(row: RunRow): ReportRun {
  return {
    id: row.id,
    report: row.report,
    title: REPORTS[row.report].title,
    format: row.format,
    filters: row.filters,
    status: row.status,
    progress: row.progress,
    rows: row.rows,
    fileName: row.fileName,
    size: row.size,
    error: row.error,
    emailTo: row.emailTo,
    requestedBy: displayName({ firstname: row.requesterFirstname, lastname: row.requesterLastname }),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The address a report may be emailed to: a person of the caller's schools, as for any email
 * written in the app, so a debtors list cannot be sent outside; 422 otherwise.
 */
export async function reportRecipient(ctx: AppContext, auth: AuthContext, emailTo: string | undefined | null) {
  if (!emailTo) return null;
  const address = emailTo.toLowerCase();
  await peopleInScope(ctx, auth.scope, [address], () => 'emailTo');
  return address;
}

/**
 * Queues a report file for the job runner. The request is checked here, so a bad filter, an id
 * outside the caller's schools or a recipient outside them is answered at once; the job checks
 * again with the access the person has when it runs.
 */
export async function requestReportRun(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  input: RunInput & { scheduleId?: string },
): Promise<ReportRun> {
  const report = await resolveReport(ctx, auth, input.report, input.filters);
  const emailTo = await reportRecipient(ctx, auth, input.emailTo);
  const filters = storedFilters(input.filters);
  const { id } = await ctx.db.transaction(async (tx) => {
    const run = await insertRun(tx, {
      report: input.report,
      format: input.format,
      filters,
      schoolId: report.school?.id ?? null,
      groupSchoolId: report.school?.groupSchoolId ?? groupOf(auth),
      requestedBy: auth.userId,
      scheduleId: input.scheduleId ?? null,
      emailTo,
    });
    await recordAudit(tx, actor, {
      action: 'export',
      entity: 'report',
      entityId: run.id,
      schoolId: report.school?.id ?? auth.schoolId,
      after: { report: input.report, format: input.format, filters, emailTo },
    });
    return run;
  });
  await ctx.jobs.send('reports.generate', { runId: id });
  const row = await findRun(ctx.db, id);
  if (!row) throw reportNotFound();
  return presentRun(row);
}

/** Progress is written at most every 10 points, so a long file costs a handful of updates. */
function progressRecorder(ctx: AppContext, runId: string) {
  let written = BUILT_AT;
  let pending: Promise<void> = Promise.resolve();
  return {
    onProgress(share: number) {
      const progress = Math.min(99, Math.floor(BUILT_AT + share * (99 - BUILT_AT)));
      if (progress < written + 10) return;
      written = progress;
      pending = pending.then(() => recordProgress(ctx.db, runId, progress));
    },
    settled: () => pending,
  };
}

/**
 * Makes one queued run's file (the job runner's `reports.generate`). Several workers may be asked
 * for the same run: only the one that claims it works on it.
 */
export async function generateReportRun(ctx: AppContext, runId: string): Promise<void> {
  const run = await claimRun(ctx.db, runId, ctx.clock());
  if (!run) return;
  try {
    const auth = await actingAs(ctx, run.requestedBy);
    if (!auth) throw forbidden('The person who asked for this report can no longer sign in.');
    // The recipient may have left the school since the request (or the schedule) was made.
    await reportRecipient(ctx, auth, run.emailTo);
    const document = await buildReport(ctx, auth, run.report, reportFiltersSchema.parse(run.filters));
    await recordProgress(ctx.db, run.id, BUILT_AT);
    const progress = progressRecorder(ctx, run.id);
    const body = await writeDocument({ ...document, onProgress: progress.onProgress }, run.format);
    await progress.settled();
    const finishedAt = ctx.clock();
    const school = document.subtitle[0] ?? '';
    await ctx.db.transaction(async (tx) => {
      await completeRun(tx, run.id, {
        body,
        fileName: fileNameFor(`${document.title} ${school}`, run.format, todayIn('Africa/Lagos', finishedAt)),
        contentType: TABLE_CONTENT_TYPES[run.format],
        rows: document.sections.reduce((sum, section) => sum + section.rows.length, 0),
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + REPORT_FILE_DAYS * DAY_MS),
      });
      if (run.emailTo) {
        await ctx.mailer.enqueue(tx, [
          {
            to: run.emailTo,
            subject: `${document.title}: ${school}`,
            text: [
              `The ${document.title.toLowerCase()} report of ${school} is attached.`,
              '',
              ...document.subtitle.slice(1),
            ].join('\n'),
            schoolId: run.schoolId,
            groupSchoolId: run.groupSchoolId,
            reportRunId: run.id,
          },
        ]);
      }
    });
  } catch (error) {
    // A refusal (the filters no longer hold, the person lost access) is the person's to read; a
    // fault is the runner's to log, and the person is told only that it failed.
    const refused = error instanceof AppError;
    await failRun(
      ctx.db,
      run.id,
      refused ? error.message : 'The report could not be generated. Try again.',
      ctx.clock(),
    );
    if (!refused) throw error;
  }
}

/**
 * A run its requester sees; another person sees it when they may run that report for its school
 * (or, for a group-wide run, across its group): a bursar hands the file on to the principal.
 */
async function visibleRun(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findRun(ctx.db, id);
  if (!row) throw reportNotFound();
  if (row.requestedBy === auth.userId) return row;
  const family = auth.roles.every((role) => role === 'Parent' || role === 'Student');
  const inScope = row.schoolId
    ? schoolInScope(auth.scope, row.schoolId)
    : auth.scope.kind === 'all' || (auth.scope.kind === 'group' && auth.scope.groupSchoolId === row.groupSchoolId);
  if (family || !mayRun(auth, row.report) || !inScope) throw reportNotFound();
  return row;
}

export async function getReportRun(ctx: AppContext, auth: AuthContext, id: string): Promise<ReportRun> {
  return presentRun(await visibleRun(ctx, auth, id));
}

export async function listReportRuns(ctx: AppContext, auth: AuthContext) {
  const rows = await listRunsOf(ctx.db, auth.userId, RECENT_RUNS);
  return { runs: rows.map(presentRun) };
}

/** The file; taking it out of the app is recorded in the trail. */
export async function downloadReportRun(ctx: AppContext, auth: AuthContext, actor: Actor, id: string) {
  const run = await visibleRun(ctx, auth, id);
  if (run.status === 'expired') throw reportExpired();
  const file = run.status === 'ready' ? await findRunFile(ctx.db, id) : undefined;
  if (!file?.body || !file.fileName) throw reportNotReady();
  await recordAudit(ctx.db, actor, {
    action: 'download',
    entity: 'report',
    entityId: id,
    schoolId: run.schoolId ?? auth.schoolId,
    after: { report: run.report, format: run.format, filters: run.filters, rows: run.rows },
  });
  return { body: file.body, fileName: file.fileName, contentType: file.contentType ?? 'application/octet-stream' };
}

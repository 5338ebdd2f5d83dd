import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { reportRuns, users } from '../../db/schema.js';

/** Every column but the file itself, which only a download reads. */
const runColumns = {
  id: reportRuns.id,
  report: reportRuns.report,
  format: reportRuns.format,
  filters: reportRuns.filters,
  schoolId: reportRuns.schoolId,
  groupSchoolId: reportRuns.groupSchoolId,
  requestedBy: reportRuns.requestedBy,
  requesterFirstname: users.firstname,
  requesterLastname: users.lastname,
  emailTo: reportRuns.emailTo,
  status: reportRuns.status,
  progress: reportRuns.progress,
  rows: reportRuns.rows,
  fileName: reportRuns.fileName,
  size: reportRuns.size,
  error: reportRuns.error,
  createdAt: reportRuns.createdAt,
  finishedAt: reportRuns.finishedAt,
  expiresAt: reportRuns.expiresAt,
};

export type RunRow = Awaited<ReturnType<typeof findRun>> & {};

export async function insertRun(db: DbOrTx, values: typeof reportRuns.$inferInsert) {
  const [row] = await db.insert(reportRuns).values(values).returning({ id: reportRuns.id });
  return row!;
}

export async function findRun(db: DbOrTx, id: string) {
  const [row] = await db
    .select(runColumns)
    .from(reportRuns)
    .innerJoin(users, eq(users.id, reportRuns.requestedBy))
    .where(eq(reportRuns.id, id));
  return row;
}

export function listRunsOf(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(runColumns)
    .from(reportRuns)
    .innerJoin(users, eq(users.id, reportRuns.requestedBy))
    .where(eq(reportRuns.requestedBy, userId))
    .orderBy(desc(reportRuns.createdAt))
    .limit(limit);
}

export async function findRunFile(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ body: reportRuns.body, fileName: reportRuns.fileName, contentType: reportRuns.contentType })
    .from(reportRuns)
    .where(and(eq(reportRuns.id, id), eq(reportRuns.status, 'ready')));
  return row;
}

/** Takes a queued run for this worker; undefined when another took it or it is not queued. */
export async function claimRun(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(reportRuns)
    .set({ status: 'running', startedAt: now, progress: 1 })
    .where(and(eq(reportRuns.id, id), eq(reportRuns.status, 'queued')))
    .returning({
      id: reportRuns.id,
      report: reportRuns.report,
      format: reportRuns.format,
      filters: reportRuns.filters,
      requestedBy: reportRuns.requestedBy,
      emailTo: reportRuns.emailTo,
      schoolId: reportRuns.schoolId,
      groupSchoolId: reportRuns.groupSchoolId,
    });
  return row;
}

export async function recordProgress(db: DbOrTx, id: string, progress: number) {
  await db
    .update(reportRuns)
    .set({ progress })
    .where(and(eq(reportRuns.id, id), eq(reportRuns.status, 'running')));
}

export async function completeRun(
  db: DbOrTx,
  id: string,
  file: { body: Buffer; fileName: string; contentType: string; rows: number; finishedAt: Date; expiresAt: Date },
) {
  await db
    .update(reportRuns)
    .set({ ...file, size: file.body.length, status: 'ready', progress: 100 })
    .where(eq(reportRuns.id, id));
}

export async function failRun(db: DbOrTx, id: string, error: string, finishedAt: Date) {
  await db.update(reportRuns).set({ status: 'failed', error, finishedAt }).where(eq(reportRuns.id, id));
}

/** Runs still queued (a job lost to a restart is picked up again by the next pass). */
export function queuedRunIds(db: DbOrTx, olderThan: Date) {
  return db
    .select({ id: reportRuns.id })
    .from(reportRuns)
    .where(and(eq(reportRuns.status, 'queued'), lt(reportRuns.createdAt, olderThan)))
    .orderBy(reportRuns.createdAt)
    .limit(50);
}

/** Deletes the files whose time is up; the runs stay listed as expired. */
export async function expireRuns(db: DbOrTx, now: Date) {
  const rows = await db
    .update(reportRuns)
    .set({ status: 'expired', body: null })
    .where(and(eq(reportRuns.status, 'ready'), lt(reportRuns.expiresAt, now)))
    .returning({ id: reportRuns.id });
  return rows.length;
}

/** A run that died with its process stays "running"; after this long it is failed so the person can retry. */
export async function failStaleRuns(db: DbOrTx, startedBefore: Date, now: Date) {
  await db
    .update(reportRuns)
    .set({ status: 'failed', error: 'The report stopped before it finished. Generate it again.', finishedAt: now })
    .where(and(eq(reportRuns.status, 'running'), lt(reportRuns.startedAt, startedBefore)));
}

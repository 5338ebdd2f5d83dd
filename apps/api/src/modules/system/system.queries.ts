import type { SystemLogsQuery } from '@schoolledger/domain';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { backups, emailOutbox, emailSettings, messageOutbox, schools, systemLogs } from '../../db/schema.js';
import type { SafeLogEntry } from './log-redaction.js';

export type BackupRow = typeof backups.$inferSelect;

export async function insertSystemLogs(db: DbOrTx, entries: readonly SafeLogEntry[]) {
  if (entries.length === 0) return;
  await db.insert(systemLogs).values(entries.map((entry) => ({ ...entry })));
}

/** Keeps the newest `keep` rows of the last `months` months. */
export async function pruneSystemLogs(db: DbOrTx, keep: number, months: number, now: Date) {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${months}::int)`;
  const removed = await rowsOf<{ id: number }>(
    db,
    sql`delete from ${systemLogs} where ${systemLogs.createdAt} < ${cutoff}
      or ${systemLogs.createdAt} < (select created_at from ${systemLogs} order by created_at desc offset ${keep - 1} limit 1)
      returning id`,
  );
  return removed.length;
}

const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

export async function listSystemLogs(db: DbOrTx, query: SystemLogsQuery) {
  const pattern = query.search && `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = and(
    query.level ? eq(systemLogs.level, query.level) : undefined,
    pattern ? sql`(${systemLogs.message} ilike ${pattern} or ${systemLogs.context}::text ilike ${pattern})` : undefined,
    query.from ? sql`${systemLogs.createdAt} >= ${lagosDayStart(query.from)}` : undefined,
    query.to ? sql`${systemLogs.createdAt} < ${lagosDayStart(query.to)} + interval '1 day'` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(systemLogs)
      .where(where)
      .orderBy(desc(systemLogs.createdAt), desc(systemLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(systemLogs).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function databaseSize(db: DbOrTx) {
  const [row] = await rowsOf<{ size: string | number }>(db, sql`select pg_database_size(current_database()) as size`);
  return row ? Number(row.size) : null;
}

/** How many migrations drizzle recorded as applied; null when its table cannot be read. */
export async function appliedMigrationCount(db: DbOrTx) {
  const [row] = await rowsOf<{ applied: string | number }>(
    db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  return row ? Number(row.applied) : null;
}

/**
 * The emails waiting or given up: the outbox of mail that is no notice, and the notices' emails
 * that a server could send (the server's own, `serverSends`, or their group's); without any, they
 * wait for one to be set up rather than being late.
 */
export async function outboxBacklog(db: DbOrTx, { serverSends }: { serverSends: boolean }) {
  const [row] = await rowsOf<{ queued: number; failed: number; oldest: string | Date | null }>(
    db,
    sql`select coalesce(sum(queued), 0)::int as queued, coalesce(sum(failed), 0)::int as failed, min(oldest) as oldest
      from (
        select count(*) filter (where ${emailOutbox.status} in ('queued', 'retrying')) as queued,
          count(*) filter (where ${emailOutbox.status} = 'failed') as failed,
          min(${emailOutbox.createdAt}) filter (where ${emailOutbox.status} in ('queued', 'retrying')) as oldest
        from ${emailOutbox}
        union all
        select count(*) filter (where ${messageOutbox.status} in ('queued', 'held', 'sending', 'interrupted')),
          count(*) filter (where ${messageOutbox.status} = 'failed'),
          min(${messageOutbox.createdAt}) filter (where ${messageOutbox.status} in ('queued', 'held', 'sending', 'interrupted'))
        from ${messageOutbox} where ${messageOutbox.channel} = 'email' and (${serverSends}
          or exists (select 1 from ${schools} s join ${emailSettings} e on e.group_school_id = s.group_school_id
            where s.id = ${messageOutbox.schoolId}))
      ) backlog`,
  );
  return {
    queued: row?.queued ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedAt: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Holds the backups table's start for the rest of the transaction: one check and insert at a time, across processes. */
export async function lockBackupStart(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('schoolledger.backups'))`);
}

/** A row left running by a process that died must not block backups for ever. */
export async function failStaleBackups(tx: DbOrTx, staleBefore: Date, at: Date) {
  await tx
    .update(backups)
    .set({ status: 'failed', error: 'Interrupted: the app stopped while this backup was running', finishedAt: at })
    .where(and(eq(backups.status, 'running'), lt(backups.startedAt, staleBefore)));
}

export async function insertBackupRow(
  tx: DbOrTx,
  values: Pick<typeof backups.$inferInsert, 'trigger' | 'driver' | 'requestedBy' | 'startedAt'>,
) {
  const [row] = await tx
    .insert(backups)
    .values({ ...values, status: 'running' })
    .returning();
  return row!;
}

export async function finishBackupRow(
  db: DbOrTx,
  id: string,
  values: Pick<typeof backups.$inferInsert, 'status' | 'fileName' | 'sizeBytes' | 'sha256' | 'error' | 'finishedAt'>,
) {
  const [row] = await db.update(backups).set(values).where(eq(backups.id, id)).returning();
  return row!;
}

export async function recentBackups(db: DbOrTx, limit: number) {
  return db.select().from(backups).orderBy(desc(backups.startedAt)).limit(limit);
}

export async function lastSuccessfulBackup(db: DbOrTx, trigger?: BackupRow['trigger']) {
  const [row] = await db
    .select()
    .from(backups)
    .where(and(eq(backups.status, 'succeeded'), trigger ? eq(backups.trigger, trigger) : undefined))
    .orderBy(desc(backups.startedAt))
    .limit(1);
  return row;
}

export async function isBackupRunning(db: DbOrTx) {
  const [row] = await db.select({ id: backups.id }).from(backups).where(eq(backups.status, 'running')).limit(1);
  return row !== undefined;
}

/** Succeeded backups whose files are still on disk, started before `before`. */
export async function backupsToPrune(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(backups)
    .where(and(eq(backups.status, 'succeeded'), isNull(backups.prunedAt), lt(backups.startedAt, before)));
}

export async function markBackupsPruned(db: DbOrTx, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db.update(backups).set({ prunedAt: at }).where(inArray(backups.id, ids));
}

/** What a restore reports: rows that matter to the people who asked for it. */
export async function restoredCounts(db: DbOrTx) {
  const [row] = await rowsOf<{ payments: string | number; audit: string | number }>(
    db,
    sql`select (select count(*) from payments) as payments, (select count(*) from audit_logs) as audit`,
  );
  return { payments: Number(row?.payments ?? 0), auditLogs: Number(row?.audit ?? 0) };
}

/** Writes the embedded database's pages out, so a copy of its files needs little recovery. */
export async function checkpoint(db: DbOrTx) {
  await db.execute(sql`checkpoint`);
}

export async function runningBackups(db: DbOrTx) {
  return db.select().from(backups).where(eq(backups.status, 'running'));
}

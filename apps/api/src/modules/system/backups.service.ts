import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type Backup,
  type BackupFrequency,
  type BackupStatus,
  SYSTEM_ERROR_CODES,
  SYSTEM_MESSAGES,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { settingsFor } from '../settings/settings.service.js';
import { maskText } from './log-redaction.js';
import {
  type BackupRow,
  backupsToPrune,
  checkpoint,
  failStaleBackups,
  finishBackupRow,
  insertBackupRow,
  isBackupRunning,
  lastSuccessfulBackup,
  lockBackupStart,
  markBackupsPruned,
  recentBackups,
} from './system.queries.js';

const run = promisify(execFile);

/** SPEC §9 backup frequencies as cron expressions, in the school's time zone. */
export const BACKUP_CRONS: Record<BackupFrequency, string> = {
  hourly: '0 * * * *',
  daily: '0 2 * * *',
  weekly: '0 2 * * 0',
};
export const BACKUP_TIME_ZONE = 'Africa/Lagos';
/** Lagos keeps UTC+1 all year (no daylight saving), so its times are plain arithmetic. */
const LAGOS_OFFSET_MS = 3_600_000;
const HOUR = 3_600_000;
const PERIOD_MS: Record<BackupFrequency, number> = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR };
/** A backup still "running" after this long belongs to a process that died. */
const STALE_AFTER_MS = 6 * HOUR;

export const backupDirOf = (ctx: Pick<AppContext, 'config'>) => path.join(ctx.config.dataDir, 'backups');

/** The latest time at or before `now` that the frequency's cron names. */
export function previousRun(frequency: BackupFrequency, now: Date): Date {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  lagos.setUTCMinutes(0, 0, 0);
  if (frequency !== 'hourly') {
    if (lagos.getUTCHours() < 2) lagos.setUTCDate(lagos.getUTCDate() - 1);
    lagos.setUTCHours(2);
    if (frequency === 'weekly') lagos.setUTCDate(lagos.getUTCDate() - lagos.getUTCDay());
  }
  return new Date(lagos.getTime() - LAGOS_OFFSET_MS);
}

export const nextRun = (frequency: BackupFrequency, now: Date) =>
  new Date(previousRun(frequency, now).getTime() + PERIOD_MS[frequency]);

/** `schoolledger-20261124T085000Z`: sorts by time and names no one. */
const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** pg_dump is an outside program: its absence is a failed backup with a reason, never a crash. */
async function pgDump(url: string, file: string) {
  try {
    await run('pg_dump', ['--version']);
  } catch {
    throw new Error('pg_dump not available: install the PostgreSQL client tools (version 15 or newer)');
  }
  // The password goes through the environment, never the command line that `ps` shows.
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', target.toString()], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    maxBuffer: 10 * 1024 * 1024,
  });
}

async function writeDump(ctx: AppContext, database: Database, file: string) {
  if (database.driver === 'pglite' && database.dumpDataDir) {
    await checkpoint(ctx.db);
    const dump = await database.dumpDataDir();
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    return;
  }
  if (!database.url) throw new Error('The database has no connection string to back up from');
  await pgDump(database.url, file);
}

const messageOf = (error: unknown) => {
  const failure = error as { stderr?: string; message?: string };
  return maskText((failure.stderr?.trim() || failure.message) ?? String(error), 500);
};

/**
 * One backup into DATA_DIR/backups, recorded in `backups`. Only one runs at a time across every
 * process on the database; a second asks gets 409. Written under a `.partial` name and renamed
 * once complete, so a file with the final name is always whole.
 */
export async function runBackup(
  ctx: AppContext,
  database: Database,
  request: { trigger: BackupRow['trigger']; actor?: Actor },
): Promise<BackupRow> {
  const startedAt = ctx.clock();
  const row = await ctx.db.transaction(async (tx) => {
    await lockBackupStart(tx);
    await failStaleBackups(tx, new Date(startedAt.getTime() - STALE_AFTER_MS), startedAt);
    if (await isBackupRunning(tx)) return null;
    const started = await insertBackupRow(tx, {
      trigger: request.trigger,
      driver: database.driver,
      requestedBy: request.actor?.userId ?? null,
      startedAt,
    });
    if (request.actor) {
      await recordAudit(tx, request.actor, {
        action: 'backup.create',
        entity: 'backup',
        entityId: started.id,
        schoolId: null,
        after: { trigger: started.trigger, driver: started.driver },
      });
    }
    return started;
  });
  if (!row) throw conflict(SYSTEM_MESSAGES.backupRunning, SYSTEM_ERROR_CODES.backupRunning);

  const dir = backupDirOf(ctx);
  const fileName = `schoolledger-${stampOf(startedAt)}.${database.driver === 'pglite' ? 'pglite.tar.gz' : 'pgdump'}`;
  const file = path.join(dir, fileName);
  const partial = `${file}.partial`;
  try {
    // A backup holds every password hash and encrypted key: readable by the app's user alone.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeDump(ctx, database, partial);
    await chmod(partial, 0o600);
    await rename(partial, file);
    const [size, sha256] = await Promise.all([stat(file), sha256Of(file)]);
    const done = await finishBackupRow(ctx.db, row.id, {
      status: 'succeeded',
      fileName,
      sizeBytes: size.size,
      sha256,
      error: null,
      finishedAt: ctx.clock(),
    });
    await pruneBackups(ctx);
    return done;
  } catch (error) {
    // Whatever failed may also stop the clean-up (the folder is a file, the disk is gone).
    await rm(partial, { force: true }).catch(() => {});
    return finishBackupRow(ctx.db, row.id, {
      status: 'failed',
      fileName: null,
      sizeBytes: null,
      sha256: null,
      error: messageOf(error),
      finishedAt: ctx.clock(),
    });
  }
}

/**
 * Removes backup files older than the retention, always keeping the newest successful one (a
 * stopped schedule must not leave the school with none). The rows stay, marked pruned.
 */
export async function pruneBackups(ctx: AppContext) {
  const { retentionDays } = (await settingsFor(ctx, { groupSchoolId: null, schoolId: null })).backup;
  const now = ctx.clock();
  const newest = await lastSuccessfulBackup(ctx.db);
  const old = (await backupsToPrune(ctx.db, new Date(now.getTime() - retentionDays * 24 * HOUR))).filter(
    (row) => row.id !== newest?.id,
  );
  for (const row of old) {
    if (row.fileName) await rm(path.join(backupDirOf(ctx), path.basename(row.fileName)), { force: true });
  }
  await markBackupsPruned(
    ctx.db,
    old.map((row) => row.id),
    now,
  );
  return old.length;
}

/**
 * The scheduled backup. The runner calls this every hour; the frequency is read from the
 * settings on each call, so a changed frequency applies from the next hour without a restart.
 * A backup is taken when none succeeded since the frequency's latest cron time, which also makes
 * up a run missed while the app was stopped, and retries a failed one an hour later.
 */
export async function runScheduledBackup(ctx: AppContext, database: Database) {
  const { frequency } = (await settingsFor(ctx, { groupSchoolId: null, schoolId: null })).backup;
  const last = await lastSuccessfulBackup(ctx.db, 'scheduled');
  if (last && last.startedAt >= previousRun(frequency, ctx.clock())) return null;
  if (await isBackupRunning(ctx.db)) return null;
  return runBackup(ctx, database, { trigger: 'scheduled' });
}

export async function diskSpace(dir: string) {
  try {
    const fs = await statfs(dir);
    return { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch {
    return { freeBytes: null, totalBytes: null };
  }
}

export function presentBackup(row: BackupRow): Backup {
  return {
    _id: row.id,
    status: row.status,
    trigger: row.trigger,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    driver: row.driver,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    prunedAt: row.prunedAt?.toISOString() ?? null,
  };
}

export async function backupStatus(ctx: AppContext): Promise<BackupStatus> {
  const { frequency, retentionDays } = (await settingsFor(ctx, { groupSchoolId: null, schoolId: null })).backup;
  const dir = backupDirOf(ctx);
  await mkdir(dir, { recursive: true, mode: 0o700 }).catch(() => {});
  const [rows, lastGood, space] = await Promise.all([
    recentBackups(ctx.db, 20),
    lastSuccessfulBackup(ctx.db),
    diskSpace(dir),
  ]);
  const finished = rows.find((row) => row.status !== 'running');
  return {
    lastBackup: finished ? presentBackup(finished) : null,
    lastSuccessful: lastGood ? presentBackup(lastGood) : null,
    running: rows.some((row) => row.status === 'running'),
    frequency,
    schedule: BACKUP_CRONS[frequency],
    timeZone: BACKUP_TIME_ZONE,
    nextScheduledAt: nextRun(frequency, ctx.clock()).toISOString(),
    retentionDays,
    directory: dir,
    freeBytes: space.freeBytes,
    backups: rows.map(presentBackup),
  };
}

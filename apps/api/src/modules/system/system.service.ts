import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SystemLogsPage, SystemLogsQuery, SystemStatus } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { type Database, type Db, migrationsFolder } from '../../db/client.js';
import { systemLogMonths } from '../privacy/retention.service.js';
import { diskSpace } from './backups.service.js';
import { pruneRateLimitHits, rateLimitCounter } from './rate-limits.queries.js';
import {
  appliedMigrationCount,
  databaseSize,
  listSystemLogs,
  outboxBacklog,
  pruneSystemLogs,
} from './system.queries.js';

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);
/** Below these the disk card turns amber, then red: a backup of a school's year needs room. */
const DISK_WARN_BYTES = 2 * 1024 ** 3;
const DISK_CRITICAL_BYTES = 500 * 1024 ** 2;
/** An email waiting longer than this means delivery is stuck. */
const EMAIL_STUCK_SECONDS = 15 * 60;
/**
 * SPEC issue 13: the log table keeps at most its newest 10,000 rows, and none older than the
 * months the groups' Data retention settings keep system logs.
 */
export const SYSTEM_LOG_ROWS = 10_000;

const shippedMigrations = () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
};

const appVersion = (() => {
  try {
    const file = path.resolve(migrationsFolder, '../../../package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

const attempt = async <T>(work: () => Promise<T>): Promise<T | null> => {
  try {
    return await work();
  } catch {
    return null;
  }
};

/**
 * What the ICT administrator checks first. Each part is read on its own and a failing part is
 * reported as such, never as a failed request: the page matters most when something is down.
 */
export async function systemStatus(ctx: AppContext, database: Database): Promise<SystemStatus> {
  const now = ctx.clock();
  const reachable = (await attempt(() => database.ping())) ?? false;
  const [size, applied, queues, outbox, disk, replica] = await Promise.all([
    reachable ? attempt(() => databaseSize(ctx.db)) : null,
    reachable ? attempt(() => appliedMigrationCount(ctx.db)) : null,
    attempt(() => ctx.jobs.status()),
    reachable ? attempt(() => outboxBacklog(ctx.db, { serverSends: ctx.mailer.serverSends })) : null,
    diskSpace(ctx.config.dataDir),
    database.replicaStatus?.() ?? null,
  ]);
  const shipped = shippedMigrations();

  const databaseHealth = !reachable
    ? { state: 'critical' as const, reason: 'The database does not answer' }
    : applied !== null && applied < shipped
      ? { state: 'warning' as const, reason: `${shipped - applied} migration(s) not applied; restart the app` }
      : replica && !replica.reachable
        ? { state: 'warning' as const, reason: 'The read replica does not answer: reports and dashboards fail' }
        : { state: 'healthy' as const, reason: 'Connected' };

  const queueList = (queues ?? []).map(({ name, queued, active, failed }) => ({ name, queued, active, failed }));
  const failedJobs = queueList.reduce((sum, queue) => sum + queue.failed, 0);
  const jobsHealth =
    queues === null
      ? { state: 'critical' as const, reason: 'The job queue could not be read' }
      : queueList.length === 0
        ? { state: 'warning' as const, reason: 'The job runner has not started in this process' }
        : failedJobs > 0
          ? { state: 'warning' as const, reason: `${failedJobs} failed job(s) kept for inspection` }
          : { state: 'healthy' as const, reason: 'Running' };

  const oldestSeconds = outbox?.oldestQueuedAt
    ? Math.max(0, Math.round((now.getTime() - outbox.oldestQueuedAt.getTime()) / 1000))
    : null;
  const emailHealth =
    outbox === null
      ? { state: 'critical' as const, reason: 'The outbox could not be read' }
      : oldestSeconds !== null && oldestSeconds > EMAIL_STUCK_SECONDS
        ? { state: 'warning' as const, reason: 'Emails have waited more than 15 minutes to go out' }
        : outbox.failed > 0
          ? { state: 'warning' as const, reason: `${outbox.failed} email(s) failed after every retry` }
          : { state: 'healthy' as const, reason: outbox.queued > 0 ? 'Sending' : 'Nothing waiting' };

  const diskHealth =
    disk.freeBytes === null
      ? { state: 'warning' as const, reason: 'Free space could not be read' }
      : disk.freeBytes < DISK_CRITICAL_BYTES
        ? { state: 'critical' as const, reason: 'Less than 500 MB free' }
        : disk.freeBytes < DISK_WARN_BYTES
          ? { state: 'warning' as const, reason: 'Less than 2 GB free' }
          : { state: 'healthy' as const, reason: 'Enough free space' };

  return {
    checkedAt: now.toISOString(),
    database: {
      ...databaseHealth,
      reachable,
      driver: database.driver,
      sizeBytes: size,
      migrationsApplied: applied,
      migrationsShipped: shipped,
      replica,
    },
    jobs: { ...jobsHealth, running: queueList.length > 0, queues: queueList },
    email: {
      ...emailHealth,
      queued: outbox?.queued ?? 0,
      failed: outbox?.failed ?? 0,
      oldestQueuedSeconds: oldestSeconds,
    },
    disk: { ...diskHealth, path: path.resolve(ctx.config.dataDir), ...disk },
    app: {
      state: 'healthy',
      reason: 'Running',
      version: appVersion,
      nodeVersion: process.version,
      startedAt: STARTED_AT.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
    },
  };
}

export async function systemLogs(ctx: AppContext, query: SystemLogsQuery): Promise<SystemLogsPage> {
  const { rows, total } = await listSystemLogs(ctx.db, query);
  return {
    logs: rows.map((row) => ({
      id: row.id,
      level: row.level,
      message: row.message,
      context: (row.context as Record<string, unknown> | null) ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
    },
  };
}

/** The hourly tidy-up: the log within its bounds, and rate-limit windows that have ended. */
export async function pruneLogs(ctx: AppContext) {
  const months = await systemLogMonths({ ctx });
  const removed = await pruneSystemLogs(ctx.db, SYSTEM_LOG_ROWS, months, ctx.clock());
  await pruneRateLimitHits(ctx.db);
  return removed;
}

/**
 * The rate limits' one budget per key, shared by every API process on every machine: the function
 * it gives counts one request against a key and answers the requests in the key's window so far
 * and the milliseconds left of it (the window starts at the key's first request; `pruneLogs`
 * forgets ended ones). Made once per database, as it prepares the statement every request runs.
 */
export function requestCounter(db: Db): (key: string, windowMs: number) => Promise<{ hits: number; ttlMs: number }> {
  return rateLimitCounter(db);
}

import { z } from 'zod';
import { filterDate } from './common.js';
import { BACKUP_FREQUENCIES } from './settings.js';

/** SPEC §5 system health: how the ICT administrator's cards are coloured, each with its reason. */
export const HEALTH_STATES = ['healthy', 'warning', 'critical'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

const health = { state: z.enum(HEALTH_STATES), reason: z.string() };

export const queueStatusSchema = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

export const systemStatusSchema = z.object({
  checkedAt: z.string(),
  database: z.object({
    ...health,
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().nullable(),
    migrationsApplied: z.number().int().nullable(),
    migrationsShipped: z.number().int(),
    /**
     * The read replica of DATABASE_READ_URL, null when none is configured. lagSeconds is how far
     * its replayed data is behind; null when it is not a standby.
     */
    replica: z.object({ reachable: z.boolean(), lagSeconds: z.number().nullable() }).nullable(),
  }),
  jobs: z.object({ ...health, running: z.boolean(), queues: z.array(queueStatusSchema) }),
  email: z.object({
    ...health,
    queued: z.number().int(),
    failed: z.number().int(),
    /** Age in seconds of the oldest email still waiting to go out. */
    oldestQueuedSeconds: z.number().int().nullable(),
  }),
  disk: z.object({ ...health, path: z.string(), freeBytes: z.number().nullable(), totalBytes: z.number().nullable() }),
  app: z.object({
    ...health,
    version: z.string(),
    nodeVersion: z.string(),
    startedAt: z.string(),
    uptimeSeconds: z.number().int(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const SYSTEM_LOG_LEVELS = ['warn', 'error', 'fatal'] as const;
export type SystemLogLevel = (typeof SYSTEM_LOG_LEVELS)[number];

export const systemLogsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  level: z.enum(SYSTEM_LOG_LEVELS).optional(),
  search: z.string().trim().max(200).optional(),
  /** Whole days in Lagos time, inclusive. */
  from: filterDate().optional(),
  to: filterDate().optional(),
});
export type SystemLogsQuery = z.output<typeof systemLogsQuerySchema>;

export const systemLogSchema = z.object({
  id: z.number().int(),
  level: z.enum(SYSTEM_LOG_LEVELS),
  message: z.string(),
  context: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type SystemLog = z.infer<typeof systemLogSchema>;

export const systemLogsPageSchema = z.object({
  logs: z.array(systemLogSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type SystemLogsPage = z.infer<typeof systemLogsPageSchema>;

export const backupSchema = z.object({
  _id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  trigger: z.enum(['scheduled', 'manual']),
  fileName: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  sha256: z.string().nullable(),
  driver: z.enum(['pglite', 'postgres']),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  prunedAt: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupStatusSchema = z.object({
  lastBackup: backupSchema.nullable(),
  lastSuccessful: backupSchema.nullable(),
  running: z.boolean(),
  frequency: z.enum(BACKUP_FREQUENCIES),
  /** The cron expression of the frequency, in Africa/Lagos time. */
  schedule: z.string(),
  timeZone: z.string(),
  nextScheduledAt: z.string(),
  retentionDays: z.number().int(),
  directory: z.string(),
  freeBytes: z.number().nullable(),
  backups: z.array(backupSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const SYSTEM_MESSAGES = {
  backupRunning: 'A backup is already running. Wait for it to finish before starting another.',
  backupSucceeded: 'Backup completed successfully',
  backupFailed: 'Backup failed',
} as const;

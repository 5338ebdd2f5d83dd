import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { users } from './users.js';

/**
 * Warnings and errors of the server for the ICT administrator (SPEC §7 /ict-admin/system-logs).
 * Bounded: the oldest rows are pruned; written without secrets or personal data.
 */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    level: text('level', { enum: ['warn', 'error', 'fatal'] }).notNull(),
    message: text('message').notNull(),
    /** A few safe fields: module, queue, error name and code, request id and route. */
    context: jsonb('context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('system_logs_created_idx').on(t.createdAt)],
);

/** One backup of the database into DATA_DIR/backups, scheduled or asked for. */
export const backups = pgTable(
  'backups',
  {
    id: id(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    trigger: text('trigger', { enum: ['scheduled', 'manual'] }).notNull(),
    /** File name inside DATA_DIR/backups; null until written. */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    driver: text('driver', { enum: ['pglite', 'postgres'] }).notNull(),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When retention removed the file; the row stays as history. */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [index('backups_started_idx').on(t.startedAt)],
);

/**
 * Requests counted by the rate limits, shared by every API process on the database. UNLOGGED (set
 * in its migration): a count lost in a crash costs nothing, and the upsert per request writes no WAL.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  /** The limit's namespace (its route, for a route's own limit) and the caller's key. */
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  /** The end of the key's window; the next request after it starts a new one. */
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

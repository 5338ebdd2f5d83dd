import { EXPORT_FORMATS, REPORT_FREQUENCIES, REPORT_IDS, REPORT_RUN_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { groupSchools, schools } from './schools.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** When and how a report is sent to someone without being asked (weekly collections to the proprietor). */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    report: text('report', { enum: REPORT_IDS }).notNull(),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    emailTo: text('email_to').notNull(),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    /** 0 Sunday to 6 Saturday; weekly schedules only. */
    weekday: integer('weekday').notNull(),
    /** Lagos hour of the day. */
    hour: integer('hour').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The report runs with this person's access, checked again at every run. */
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    groupSchoolId: uuid('group_school_id').references(() => groupSchools.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('report_schedules_due_idx').on(t.nextRunAt), index('report_schedules_creator_idx').on(t.createdBy)],
);

/**
 * One generated report file: asked for on the Reports screen or by a schedule, made by the job
 * runner, kept in the database (any process can serve it) until `expires_at`, then emptied.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: id(),
    report: text('report', { enum: REPORT_IDS }).notNull(),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    /** The school the report is about; null when it spans several. */
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    groupSchoolId: uuid('group_school_id').references(() => groupSchools.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    emailTo: text('email_to'),
    status: text('status', { enum: REPORT_RUN_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rows: integer('rows'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    size: integer('size'),
    body: bytea('body'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('report_runs_requester_idx').on(t.requestedBy, t.createdAt),
    index('report_runs_waiting_idx').on(t.createdAt).where(sql`${t.status} in ('queued', 'running')`),
    index('report_runs_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
  ],
);

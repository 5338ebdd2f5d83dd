import { z } from 'zod';
import { REPORT_CATEGORIES, REPORT_FILE_DAYS, REPORT_FILTERS, REPORT_IDS, REPORT_MAX_RANGE_DAYS } from '../reports.js';
import { EXPORT_FORMATS } from './audit.js';
import { emailSchema, filterDate, idSchema } from './common.js';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * The filters of a report request. Strict: a filter the API does not know is refused (422), and
 * the service refuses one the chosen report does not read, so nothing is silently ignored.
 */
export const reportFiltersSchema = z
  .strictObject(
    {
      schoolId: idSchema.optional(),
      sessionId: idSchema.optional(),
      termId: idSchema.optional(),
      classArmId: idSchema.optional(),
      /** First Lagos calendar day included. */
      from: filterDate().optional(),
      /** Last Lagos calendar day included. */
      to: filterDate().optional(),
      studentId: idSchema.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'This report does not take that filter' : undefined) },
  )
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    path: ['to'],
    message: 'The end date must be on or after the start date',
  })
  .refine((filters) => !filters.from || !filters.to || daysBetween(filters.from, filters.to) <= REPORT_MAX_RANGE_DAYS, {
    path: ['to'],
    message: 'A report covers at most 5 years',
  });
export type ReportFilters = z.output<typeof reportFiltersSchema>;

const reportIdSchema = z.enum(REPORT_IDS, { error: 'Choose a report' });

export const reportPreviewInputSchema = z.strictObject({
  report: reportIdSchema,
  filters: reportFiltersSchema.default({}),
});
export type ReportPreviewInput = z.input<typeof reportPreviewInputSchema>;

export const generateReportInputSchema = z.strictObject({
  report: reportIdSchema,
  format: z.enum(EXPORT_FORMATS, { error: 'Choose a format' }),
  filters: reportFiltersSchema.default({}),
  /** Also email the file to this person of the caller's schools once it is ready. */
  emailTo: emailSchema.optional(),
});
export type GenerateReportInput = z.input<typeof generateReportInputSchema>;

export const reportCatalogSchema = z.object({
  reports: z.array(
    z.object({
      id: reportIdSchema,
      category: z.enum(REPORT_CATEGORIES),
      title: z.string(),
      description: z.string(),
      filters: z.array(z.enum(REPORT_FILTERS)),
      required: z.array(z.enum(REPORT_FILTERS)),
    }),
  ),
});
export type ReportCatalog = z.infer<typeof reportCatalogSchema>;

export const REPORT_COLUMN_KINDS = ['text', 'date', 'day', 'number', 'money'] as const;

/** A cell as the screen shows it: money in naira (a number with at most two decimals), dates as ISO text. */
const previewCellSchema = z.union([z.string(), z.number(), z.null()]);

export const reportPreviewSchema = z.object({
  title: z.string(),
  /** The school (or group) the report is about. */
  organisation: z.string(),
  /** The filters as words, who generated it and when. */
  subtitle: z.array(z.string()),
  sections: z.array(
    z.object({
      title: z.string(),
      columns: z.array(z.object({ key: z.string(), header: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) })),
      /** The first PREVIEW_ROWS rows; the file holds them all. */
      rows: z.array(z.record(z.string(), previewCellSchema)),
      totalRows: z.number().int(),
      /** The totals row of the whole section, or null when it has none. */
      totals: z.record(z.string(), previewCellSchema).nullable(),
    }),
  ),
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;
export const PREVIEW_ROWS = 100;

export const REPORT_RUN_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ReportRunStatus = (typeof REPORT_RUN_STATUSES)[number];

export const reportRunSchema = z.object({
  id: idSchema,
  report: reportIdSchema,
  title: z.string(),
  format: z.enum(EXPORT_FORMATS),
  filters: z.record(z.string(), z.string()),
  status: z.enum(REPORT_RUN_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  rows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  emailTo: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** After this the file is deleted (REPORT_FILE_DAYS after it was made). */
  expiresAt: z.string().nullable(),
});
export type ReportRun = z.infer<typeof reportRunSchema>;
export { REPORT_FILE_DAYS };

export const reportRunsSchema = z.object({ runs: z.array(reportRunSchema) });

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const reportScheduleInputSchema = z.strictObject({
  report: reportIdSchema,
  format: z.enum(EXPORT_FORMATS, { error: 'Choose a format' }),
  filters: reportFiltersSchema.default({}),
  emailTo: emailSchema,
  frequency: z.enum(REPORT_FREQUENCIES, { error: 'Choose how often' }),
  /** Weekly: 0 Sunday to 6 Saturday. Monthly: ignored (the 1st). */
  weekday: z.number().int().min(0).max(6).default(1),
  /** Lagos hour of the day it is sent, 0 to 23. */
  hour: z.number().int().min(0).max(23).default(7),
});
export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;

export const reportScheduleSchema = z.object({
  id: idSchema,
  report: reportIdSchema,
  title: z.string(),
  format: z.enum(EXPORT_FORMATS),
  filters: z.record(z.string(), z.string()),
  emailTo: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.number().int(),
  hour: z.number().int(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportSchedulesSchema = z.object({ schedules: z.array(reportScheduleSchema) });

import { z } from 'zod';
import { FINANCIAL_PERIOD_MAX_DAYS, FINANCIAL_PERIODS } from '../dashboards.js';
import { auditEntrySchema } from './audit.js';
import { idSchema, timestampSchema } from './common.js';
import { methodShareSchema, termFiguresSchema } from './dashboards.js';
import { nairaResponseAmount } from './money.js';
import { backupSchema, HEALTH_STATES } from './system.js';

/*
 * The administrator's, ICT administrator's and auditor's dashboards and the two admin overviews
 * (issue 14 items 1, 2, 7; SPEC §2, §5, §7). Every figure counts rows the caller may see.
 */

/** SPEC §5 System activity types; each audit row is told as one of them. */
export const SYSTEM_ACTIVITY_TYPES = ['payment', 'user', 'system', 'audit', 'academic', 'fee'] as const;
export type SystemActivityType = (typeof SYSTEM_ACTIVITY_TYPES)[number];

/** SPEC §5 System activity, read from the audit trail. */
export const systemActivitySchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  timestamp: timestampSchema,
  type: z.enum(SYSTEM_ACTIVITY_TYPES),
  user: z.string().nullable(),
  severity: z.string(),
  /** The audit module (entity) of the row, so a link can open the trail filtered to it. */
  module: z.string(),
});
export type SystemActivity = z.output<typeof systemActivitySchema>;

export const SYSTEM_ACTIVITIES_MAX = 50;

export const systemActivitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SYSTEM_ACTIVITIES_MAX).default(10),
});

/** A list, as SPEC §7's admin dashboard maps over it. */
export const systemActivitiesSchema = z.array(systemActivitySchema);
export type SystemActivities = z.output<typeof systemActivitiesSchema>;

export const adminDashboardSchema = z.object({
  statistics: z.object({
    totalSchools: z.number().int(),
    totalUsers: z.number().int().meta({ description: 'People not deleted, every role' }),
    totalRevenue: nairaResponseAmount.meta({ description: 'Everything ever credited, net of refunds' }),
    pendingPayments: z.number().int().meta({ description: 'pendingTransfers + paymentsInReview' }),
    pendingTransfers: z.number().int().meta({ description: 'Bank transfer claims waiting for the bursary' }),
    paymentsInReview: z.number().int().meta({ description: 'Online payments held for review' }),
  }),
  recentActivities: z.array(systemActivitySchema),
});
export type AdminDashboard = z.output<typeof adminDashboardSchema>;

const countOf = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const userManagementSchema = z.object({
  totalUsers: z.number().int(),
  byRole: countOf(z.string()),
  byStatus: countOf(z.string()),
  newThisMonth: z.number().int().meta({ description: 'Created since the first of this Lagos month' }),
  lockedOut: z.number().int().meta({ description: 'Locked out by failed sign-ins right now' }),
  neverSignedIn: z.number().int(),
});
export type UserManagement = z.output<typeof userManagementSchema>;

const health = { state: z.enum(HEALTH_STATES), reason: z.string() };

export const overviewAlertSchema = z.object({
  severity: z.enum(['warning', 'critical']),
  title: z.string(),
  message: z.string(),
});

export const systemOverviewSchema = z.object({
  checkedAt: timestampSchema,
  server: z.object({
    ...health,
    version: z.string(),
    nodeVersion: z.string(),
    startedAt: timestampSchema,
    uptimeSeconds: z.number().int(),
  }),
  database: z.object({ ...health, driver: z.enum(['pglite', 'postgres']), sizeBytes: z.number().nullable() }),
  storage: z.object({
    ...health,
    freeBytes: z.number().nullable(),
    totalBytes: z.number().nullable(),
    usedBytes: z.number().nullable(),
    usedPercent: z.number().nullable().meta({ description: 'Of the data disk, one decimal' }),
  }),
  activeUsers: z.object({
    last15Minutes: z.number().int().meta({ description: 'People whose session was issued or renewed in 15 minutes' }),
    today: z.number().int().meta({ description: 'People who signed in since Lagos midnight' }),
  }),
  jobs: z.object({
    ...health,
    queued: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
  }),
  outbox: z.object({
    ...health,
    queued: z.number().int(),
    failed: z.number().int(),
    oldestQueuedSeconds: z.number().int().nullable(),
  }),
  lastBackup: backupSchema.nullable(),
  lastSuccessfulBackup: backupSchema.nullable(),
  alerts: z.array(overviewAlertSchema),
});
export type SystemOverview = z.output<typeof systemOverviewSchema>;

/** A named period, or a number of days up to today as SPEC §7's client sends it (`period=30`). */
export const financialOverviewQuerySchema = z.object({
  period: z
    .union([z.enum(FINANCIAL_PERIODS), z.coerce.number().int().min(1).max(FINANCIAL_PERIOD_MAX_DAYS)], {
      error: `Period must be week, month, quarter, year or a number of days from 1 to ${FINANCIAL_PERIOD_MAX_DAYS}`,
    })
    .default('month'),
});

export const PAYMENT_STATUSES_SHOWN = ['success', 'pending', 'review', 'failed'] as const;

export const financialOverviewSchema = z.object({
  period: z.union([z.enum(FINANCIAL_PERIODS), z.number().int()]).meta({ description: 'As asked: named, or days' }),
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  revenue: nairaResponseAmount.meta({ description: 'Credited in the period, net of refunds' }),
  previousRevenue: nairaResponseAmount,
  change: z.number().nullable().meta({ description: 'Percent against the previous period; null when it had none' }),
  transactions: z.number().int().meta({ description: 'Payments credited in the period' }),
  averageTransaction: nairaResponseAmount,
  byMethod: z.array(methodShareSchema),
  trendUnit: z.enum(['day', 'month']),
  trend: z.array(z.object({ key: z.string(), amount: nairaResponseAmount, payments: z.number().int() })),
  statusBreakdown: z.array(
    z.object({ status: z.enum(PAYMENT_STATUSES_SHOWN), count: z.number().int(), amount: nairaResponseAmount }),
  ),
  term: termFiguresSchema,
});
export type FinancialOverview = z.output<typeof financialOverviewSchema>;

export const lockedOutUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  schoolName: z.string().nullable(),
  lockedUntil: timestampSchema,
});

export const ictDashboardSchema = z.object({
  lockedOut: z.array(lockedOutUserSchema),
  lockedOutCount: z.number().int(),
  technicalActivities: z.array(systemActivitySchema),
});
export type IctDashboard = z.output<typeof ictDashboardSchema>;

export const auditorDashboardSchema = z.object({
  since: z.string().meta({ description: 'The first Lagos day of the 30 the counts cover' }),
  auditEntries: z.object({ last30Days: z.number().int(), total: z.number().int() }),
  criticalIssues: z.object({
    count: z.number().int().meta({ description: 'Entries of severity critical or high in 30 days' }),
    critical: z.number().int(),
    high: z.number().int(),
    entries: z.array(auditEntrySchema),
  }),
  security: z.object({
    failedSignIns24h: z.number().int(),
    failedSignIns30d: z.number().int(),
    lockouts30d: z.number().int(),
    lockedOutNow: z.number().int(),
    passwordResets30d: z.number().int(),
  }),
  paymentReviewsOpen: z.number().int(),
  disputesOpen: z.number().int(),
  reconciliation: z.object({
    paymentsInReview: z.number().int(),
    onlinePendingOverHour: z.number().int(),
    how: z.string().meta({ description: 'What each figure of the panel counts, shown on screen' }),
  }),
  recentAudit: z.array(auditEntrySchema),
});
export type AuditorDashboard = z.output<typeof auditorDashboardSchema>;

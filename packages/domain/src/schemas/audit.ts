import { z } from 'zod';
import { AUDIT_CATEGORIES, AUDIT_SEVERITIES } from '../audit.js';
import { filterDate, idSchema, paginationSchema } from './common.js';
import { nairaResponseAmount } from './money.js';

/** SPEC §8 defaults of the audit screens, shown when the server gives no message. */
export const AUDIT_MESSAGES = {
  trailFailed: 'Failed to fetch user audit trail',
  financialFailed: 'Failed to fetch financial audit data',
  securityFailed: 'Failed to fetch security audit data',
} as const;

/** More rows than this make a file nobody reads and a request that holds the server for minutes. */
export const EXPORT_ROW_LIMIT = 50_000;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const dateRange = {
  /** First calendar day included, in Lagos. */
  from: filterDate().optional(),
  /** Last calendar day included, in Lagos. */
  to: filterDate().optional(),
};

/** The trail's filters; shared by the list, its export and the trail report. */
export const auditFiltersSchema = z.object({
  /** Action, module, the entity's id, a receipt number or reference, or the person's name or email. */
  search: z.string().trim().max(100).optional(),
  category: z.enum(AUDIT_CATEGORIES).optional(),
  severity: z.enum(AUDIT_SEVERITIES).optional(),
  /** The person who acted. */
  userId: idSchema.optional(),
  /** What was acted on (the entry's `module`, e.g. `payment`, `fee`). */
  module: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9_.]*$/, 'Choose a module from the list')
    .optional(),
  schoolId: idSchema.optional(),
  ...dateRange,
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditLogQuerySchema = auditFiltersSchema.extend({ page, limit });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditExportQuerySchema = auditFiltersSchema.extend({ format: z.enum(EXPORT_FORMATS) });
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

export const auditActorSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
});

export const auditEntrySchema = z.object({
  id: idSchema,
  seq: z.number().int(),
  /** The school's id, or `platform`: each chain is verified on its own. */
  chain: z.string(),
  schoolId: idSchema.nullable(),
  schoolName: z.string().nullable(),
  /** Null when the system acted (a webhook, a scheduled job). */
  actor: auditActorSchema.nullable(),
  action: z.string(),
  module: z.string(),
  entityId: z.string().nullable(),
  category: z.enum(AUDIT_CATEGORIES),
  severity: z.enum(AUDIT_SEVERITIES),
  /** One readable sentence: "Bursar Adaeze recorded a cash payment". */
  summary: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  timestamp: z.string(),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * One entry with what it recorded. `before` and `after` are as their writer stored them, except
 * that an amount kept in kobo (`amountKobo: "150000"`) is shown in naira under its plain name
 * (`amount: "₦1,500.00"`).
 */
export const auditEntryDetailSchema = auditEntrySchema.extend({
  before: z.unknown().meta({ description: 'As recorded, amounts in naira; may be null' }),
  after: z.unknown().meta({ description: 'As recorded, amounts in naira; may be null' }),
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetailSchema>;

export const auditLogListSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
  /** Every module that has entries the caller may see, for the module filter. */
  modules: z.array(z.string()),
});
export type AuditLogList = z.infer<typeof auditLogListSchema>;

export const auditUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  schoolId: idSchema.optional(),
  page,
  limit,
});
export type AuditUsersQuery = z.input<typeof auditUsersQuerySchema>;

export const auditUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  schoolId: idSchema.nullable(),
  schoolName: z.string().nullable(),
  status: z.string(),
  activityCount: z.number().int(),
  lastActivity: z.string().nullable(),
});
export type AuditUser = z.infer<typeof auditUserSchema>;

export const auditUserListSchema = z.object({ users: z.array(auditUserSchema), pagination: paginationSchema });
export type AuditUserList = z.infer<typeof auditUserListSchema>;

export const auditActivitiesQuerySchema = z.object({ ...dateRange, page, limit });
export const auditUserActivitiesSchema = z.object({
  user: auditUserSchema,
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditUserActivities = z.infer<typeof auditUserActivitiesSchema>;

export const financialAuditQuerySchema = z.object({
  ...dateRange,
  schoolId: idSchema.optional(),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9_.]*$/, 'Choose an action from the list')
    .optional(),
  page,
  limit,
});
export type FinancialAuditQuery = z.input<typeof financialAuditQuerySchema>;

export const financialEntrySchema = auditEntrySchema.extend({
  /** The amount the entry recorded (its `amountKobo`), when it recorded one. */
  amount: nairaResponseAmount.nullable(),
});
export type FinancialEntry = z.infer<typeof financialEntrySchema>;

export const financialAuditSchema = z.object({
  entries: z.array(financialEntrySchema),
  pagination: paginationSchema,
  /** Over every entry the filters match, not only this page. */
  summary: z.object({
    count: z.number().int(),
    byAction: z.array(
      z.object({
        action: z.string(),
        label: z.string(),
        count: z.number().int(),
        /** Sum of the amounts the entries recorded; entries without one add nothing. */
        amount: nairaResponseAmount,
      }),
    ),
  }),
});
export type FinancialAudit = z.infer<typeof financialAuditSchema>;

export const securityAuditQuerySchema = z.object({ ...dateRange, schoolId: idSchema.optional(), page, limit });
export type SecurityAuditQuery = z.input<typeof securityAuditQuerySchema>;

export const securityEventsSchema = z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema });
export type SecurityEvents = z.infer<typeof securityEventsSchema>;

export const failedLoginSchema = z.object({
  id: idSchema,
  email: z.string(),
  userId: idSchema.nullable(),
  schoolId: idSchema.nullable(),
  schoolName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  reason: z.string().nullable(),
  timestamp: z.string(),
});
export type FailedLogin = z.infer<typeof failedLoginSchema>;

export const failedLoginsSchema = z.object({ attempts: z.array(failedLoginSchema), pagination: paginationSchema });
export type FailedLogins = z.infer<typeof failedLoginsSchema>;

export const AUDIT_REPORT_KINDS = ['trail', 'financial', 'security', 'failed_logins', 'user_activity'] as const;
export type AuditReportKind = (typeof AUDIT_REPORT_KINDS)[number];

export const AUDIT_REPORT_TITLES: Record<AuditReportKind, { title: string; description: string }> = {
  trail: { title: 'Audit trail', description: 'Every entry of the trail in the period, oldest first.' },
  financial: {
    title: 'Financial events',
    description: 'Credits, refunds, transfer confirmations and rejections, cash, reviews and disputes, with amounts.',
  },
  security: { title: 'Security events', description: 'Password changes and resets, sign-ins, lockouts and settings.' },
  failed_logins: {
    title: 'Failed sign-ins',
    description: 'Every refused sign-in with the email tried, the address and the browser.',
  },
  user_activity: { title: 'User activity', description: 'Each person with how many entries they made and when last.' },
};

export const generatedReportSchema = z.object({
  id: idSchema,
  kind: z.enum(AUDIT_REPORT_KINDS),
  format: z.enum(EXPORT_FORMATS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.number().int(),
  schoolName: z.string().nullable(),
  generatedBy: z.string().nullable(),
  generatedAt: z.string(),
});
export type GeneratedReport = z.infer<typeof generatedReportSchema>;

export const auditReportsSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(AUDIT_REPORT_KINDS), title: z.string(), description: z.string() })),
  /** The last ten reports generated in the caller's schools. */
  recent: z.array(generatedReportSchema),
});
export type AuditReports = z.infer<typeof auditReportsSchema>;

export const generateAuditReportInputSchema = z
  .object({
    kind: z.enum(AUDIT_REPORT_KINDS, { error: 'Choose a report' }),
    format: z.enum(EXPORT_FORMATS, { error: 'Choose a format' }),
    ...dateRange,
    schoolId: idSchema.optional(),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    path: ['to'],
    message: 'The end date must be on or after the start date',
  });
export type GenerateAuditReportInput = z.input<typeof generateAuditReportInputSchema>;

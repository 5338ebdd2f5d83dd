import { z } from 'zod';
import { MSG } from '../messages.js';
import { parseNaira } from '../money.js';
import { TILL_CONFIRMER_ROLES } from '../tills.js';
import { idSchema, optionalText } from './common.js';
import { notificationDefaultSchema } from './notifications.js';

/** SPEC §2 Settings: the five sections of General Settings, and how long data is kept, in their order on the page. */
export const SETTINGS_SECTIONS = [
  'general',
  'notifications',
  'security',
  'appearance',
  'backup',
  'retention',
  'cashDesk',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * SPEC §9 UI bounds. The server enforces the same bounds: an environment variable sets the
 * default a group starts from, never a value outside these.
 */
export const SETTINGS_BOUNDS = {
  // SPEC §9 offers 6, but §5 has sign-in and every password form refuse fewer than 8: a lower
  // minimum would let someone choose a password they could then not sign in with.
  passwordMinLength: { min: 8, max: 20 },
  sessionTimeoutMinutes: { min: 5, max: 120 },
  loginMaxAttempts: { min: 3, max: 10 },
  lockoutMinutes: { min: 1, max: 1440 },
  backupRetentionDays: { min: 1, max: 365 },
  notificationMonths: { min: 1, max: 120 },
  systemLogMonths: { min: 1, max: 60 },
} as const;

const bounded = (key: keyof typeof SETTINGS_BOUNDS, label: string) => {
  const { min, max } = SETTINGS_BOUNDS[key];
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);
};

export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const BACKUP_FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/** Per school where a school has its own values, else the group's: what receipts and reports print. */
export const generalSettingsSchema = z.object({
  timezone: z.string().trim().min(1).max(64),
  dateFormat: z.enum(DATE_FORMATS),
  contactEmail: optionalText(200).refine((value) => !value || z.email().safeParse(value).success, MSG.invalidEmail),
  contactPhone: optionalText(40),
  receiptFooter: optionalText(300),
});

/** The group's defaults for people who have not chosen for themselves (notification preferences). */
export const notificationSettingsSchema = z.object({
  defaults: z.array(notificationDefaultSchema),
});

export const securitySettingsSchema = z.object({
  passwordMinLength: bounded('passwordMinLength', 'Minimum password length'),
  sessionTimeoutMinutes: bounded('sessionTimeoutMinutes', 'Session timeout'),
  loginMaxAttempts: bounded('loginMaxAttempts', 'Login attempts'),
  lockoutMinutes: bounded('lockoutMinutes', 'Lockout duration'),
});

export const appearanceSettingsSchema = z.object({
  defaultTheme: z.enum(THEMES),
  /** Show amounts without kobo (₦45,000 rather than ₦45,000.00) where they are whole naira. */
  wholeNaira: z.boolean(),
});

/** Deployment-wide: one database, one backup schedule. */
export const backupSettingsSchema = z.object({
  frequency: z.enum(BACKUP_FREQUENCIES),
  retentionDays: bounded('backupRetentionDays', 'Retention'),
});

/**
 * How long a group keeps what is not a financial record: in-app notices and the server's logs.
 * Financial records are kept FINANCIAL_RECORDS_YEARS (schemas/privacy.ts), which no one changes.
 */
export const retentionSettingsSchema = z.object({
  notificationMonths: bounded('notificationMonths', 'Notifications'),
  systemLogMonths: bounded('systemLogMonths', 'System logs'),
});

/**
 * The cash desk: whether cash needs an open till, the variance a close may show without a
 * reason (naira, exact to the kobo), who confirms a close besides the bursar who counted it, and how
 * many days a confirmed till has to be banked. Saved for the group or for one school.
 */
export const cashDeskSettingsSchema = z.object({
  requireOpenTillForCash: z.boolean({ error: 'Choose yes or no' }),
  tillVarianceToleranceNaira: z
    .string({ error: 'Enter an amount in naira' })
    .trim()
    .refine((value) => {
      const kobo = parseNaira(value);
      return kobo !== null && kobo <= 100_000_000n;
    }, 'Enter an amount in naira with at most two decimal places, at most ₦1,000,000'),
  tillCloseConfirmers: z
    .array(z.enum(TILL_CONFIRMER_ROLES, { error: 'Choose Principal, Proprietor or Bursar' }))
    .min(1, 'Choose at least one role to confirm a till')
    .refine((roles) => new Set(roles).size === roles.length, 'Name each role once'),
  tillBankWithinDays: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(0, 'Days must be between 0 and 30')
    .max(30, 'Days must be between 0 and 30'),
});

/** What a group keeps until it chooses otherwise; the privacy notice quotes them. */
export const RETENTION_DEFAULTS = { notificationMonths: 24, systemLogMonths: 3 } as const;

export const settingsSchemas = {
  general: generalSettingsSchema,
  notifications: notificationSettingsSchema,
  security: securitySettingsSchema,
  appearance: appearanceSettingsSchema,
  backup: backupSettingsSchema,
  retention: retentionSettingsSchema,
  cashDesk: cashDeskSettingsSchema,
} as const satisfies Record<SettingsSection, z.ZodType>;

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;
export type BackupSettings = z.infer<typeof backupSettingsSchema>;
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
export type CashDeskSettings = z.infer<typeof cashDeskSettingsSchema>;
export interface Settings {
  general: GeneralSettings;
  notifications: NotificationSettings;
  security: SecuritySettings;
  appearance: AppearanceSettings;
  backup: BackupSettings;
  retention: RetentionSettings;
  cashDesk: CashDeskSettings;
}

/** The general fields a school may set for itself; the rest of the section is the group's. */
export const SCHOOL_GENERAL_FIELDS = ['contactEmail', 'contactPhone', 'receiptFooter'] as const;

/** Where a section's values come from: nothing saved (the environment), the deployment, the group, the school. */
export const SETTINGS_SOURCES = ['default', 'deployment', 'group', 'school'] as const;
export type SettingsSource = (typeof SETTINGS_SOURCES)[number];

/** Where a section is saved: backup for the whole deployment, general for the group or one school, the rest for the group. */
export const SETTINGS_EDIT_LEVELS = {
  general: ['group', 'school'],
  notifications: ['group'],
  security: ['group'],
  appearance: ['group'],
  backup: ['deployment'],
  retention: ['group'],
  cashDesk: ['group', 'school'],
} as const satisfies Record<SettingsSection, readonly SettingsSource[]>;

/** A school's settings, or a group's (the super-admin chooses one; everyone else has their own). */
export const settingsQuerySchema = z.object({ schoolId: idSchema.optional(), groupSchoolId: idSchema.optional() });

const sectionView = <T extends z.ZodType>(value: T) =>
  z.object({
    value,
    /** The nearest level that saved any of this section's values. */
    source: z.enum(SETTINGS_SOURCES),
    /** Whether the caller may save this section (at the levels SETTINGS_EDIT_LEVELS names). */
    editable: z.boolean(),
  });

export const settingsViewSchema = z.object({
  /** The school the values are for; null when they are the group's (or the deployment's). */
  schoolId: idSchema.nullable(),
  groupSchoolId: idSchema.nullable(),
  sections: z.object({
    general: sectionView(generalSettingsSchema),
    notifications: sectionView(notificationSettingsSchema),
    security: sectionView(securitySettingsSchema),
    appearance: sectionView(appearanceSettingsSchema),
    backup: sectionView(backupSettingsSchema),
    retention: sectionView(retentionSettingsSchema),
    cashDesk: sectionView(cashDeskSettingsSchema),
  }),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

export const settingsSectionParamsSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS, { error: 'Unknown settings section' }),
});

/**
 * Saving a section: the values to change (the rest keep theirs), for the caller's group (or the
 * group named), or for one school (general contact details and receipt footer only). Checked against the section's
 * schema by the server, which names the refused field.
 */
export const settingsUpdateSchema = z.object({
  schoolId: idSchema.optional().nullable(),
  /** The group to save for, when no school is named: the super-admin's choice; others' own group. */
  groupSchoolId: idSchema.optional().nullable(),
  /**
   * 'school' saves for the named school alone: its contact details and receipt footer (general), or
   * its cash desk.
   */
  level: z.enum(['group', 'school']).optional(),
  value: z.record(z.string(), z.unknown()),
});
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** What every signed-in browser needs from the settings of its user's school and group. */
export const mySettingsSchema = z.object({
  sessionTimeoutMinutes: z.number().int(),
  passwordMinLength: z.number().int(),
  defaultTheme: z.enum(THEMES),
  wholeNaira: z.boolean(),
  dateFormat: z.enum(DATE_FORMATS),
});
export type MySettings = z.infer<typeof mySettingsSchema>;

export const passwordMinMessage = (length: number) => `Password must be at least ${length} characters`;

/**
 * A form's check of a new password against the group's minimum, on top of the form's own schema:
 * `schema.superRefine(passwordMinCheck('newPassword', 12))`.
 */
export const passwordMinCheck =
  (field: string, min: number) => (form: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const password = form[field];
    if (typeof password === 'string' && password.length > 0 && password.length < min) {
      ctx.addIssue({ code: 'custom', path: [field], message: passwordMinMessage(min) });
    }
  };

/** What a school's receipts print besides the payment: its contact line and its footer. */
export const receiptSettingsSchema = z.object({
  contact: z.string().nullable(),
  footer: z.string().nullable(),
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;
export const receiptSettingsQuerySchema = z.object({ schoolId: idSchema });

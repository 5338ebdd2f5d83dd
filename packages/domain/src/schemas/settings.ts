import { z } from 'zod';
import { optionalText } from './common.js';
import { notificationPreferenceSchema } from './notifications.js';

/** SPEC §2 Settings: the five sections of General Settings, in their order on the page. */
export const SETTINGS_SECTIONS = ['general', 'notifications', 'security', 'appearance', 'backup'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * SPEC §9 UI bounds. The server enforces the same bounds: an environment variable sets the
 * default a group starts from, never a value outside these.
 */
export const SETTINGS_BOUNDS = {
  passwordMinLength: { min: 6, max: 20 },
  sessionTimeoutMinutes: { min: 5, max: 120 },
  loginMaxAttempts: { min: 3, max: 10 },
  lockoutMinutes: { min: 1, max: 1440 },
  backupRetentionDays: { min: 1, max: 365 },
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
  contactEmail: optionalText(200),
  contactPhone: optionalText(40),
  receiptFooter: optionalText(300),
});

/** The group's defaults for people who have not chosen for themselves (notification preferences). */
export const notificationSettingsSchema = z.object({
  defaults: z.array(notificationPreferenceSchema),
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

export const settingsSchemas = {
  general: generalSettingsSchema,
  notifications: notificationSettingsSchema,
  security: securitySettingsSchema,
  appearance: appearanceSettingsSchema,
  backup: backupSettingsSchema,
} as const satisfies Record<SettingsSection, z.ZodType>;

export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;
export type BackupSettings = z.infer<typeof backupSettingsSchema>;
export interface Settings {
  general: GeneralSettings;
  notifications: NotificationSettings;
  security: SecuritySettings;
  appearance: AppearanceSettings;
  backup: BackupSettings;
}

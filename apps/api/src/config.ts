import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  BACKUP_FREQUENCIES,
  CASH_DESK_DEFAULTS,
  NOTIFICATION_KINDS,
  RETENTION_DEFAULTS,
  SETTINGS_BOUNDS,
  type Settings,
} from '@schoolledger/domain';
import { z } from 'zod';

/** A setting's starting value: an environment variable may move it, never past SPEC §9's bounds. */
function bounded(key: keyof typeof SETTINGS_BOUNDS, fallback: number) {
  const { min, max } = SETTINGS_BOUNDS[key];
  return z.coerce.number().int().min(min).max(max).default(fallback);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_READ_URL: z.string().url().optional(),
  APP_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_ATTEMPTS: bounded('loginMaxAttempts', 5),
  LOGIN_LOCK_MINUTES: bounded('lockoutMinutes', 15),
  PASSWORD_MIN_LENGTH: bounded('passwordMinLength', 8),
  SESSION_TIMEOUT_MINUTES: bounded('sessionTimeoutMinutes', 30),
  BACKUP_FREQUENCY: z.enum(BACKUP_FREQUENCIES).default('daily'),
  BACKUP_RETENTION_DAYS: bounded('backupRetentionDays', 30),
  SMTP_URL: z.string().url().optional(),
  SMTP_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).default('false'),
  MAIL_FROM: z.string().default('SchoolLedger <no-reply@schoolledger.ng>'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  FLUTTERWAVE_BASE_URL: z.string().url().default('https://api.flutterwave.com/v3'),
  FLUTTERWAVE_SECRET_KEY: z.string().min(1).optional(),
  FLUTTERWAVE_SECRET_HASH: z.string().min(1).optional(),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  DEMO_PAYMENT_FAKES: z.enum(['true', 'false']).default('true'),
  DEMO_BANK_URL: z.string().url().optional(),
  TERMII_BASE_URL: z.string().url().default('https://api.ng.termii.com'),
  TERMII_API_KEY: z.string().min(1).optional(),
  TERMII_SECRET_KEY: z.string().min(1).optional(),
  TERMII_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]$/, 'a sender ID is 3 to 11 letters or digits')
    .default('SchoolLedgr'),
  SMS_PROVIDER: z.enum(['termii', 'africastalking']).default('termii'),
  AFRICASTALKING_BASE_URL: z.string().url().default('https://api.africastalking.com'),
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  AFRICASTALKING_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]$/, 'a sender ID is 3 to 11 letters or digits')
    .optional(),
  AFRICASTALKING_CALLBACK_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,200}$/, 'the callback token is 24 or more letters, digits, - or _ (it goes in a URL)')
    .optional(),
  WHATSAPP_GRAPH_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(60),
  DEMO_PHONE_INBOX_URL: z.string().url().optional(),
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(10),
});

export type AppConfig = {
  port: number;
  /** HOST; unset, the start chooses by the demo's passwords (serve.ts listeningHost). */
  host: string | undefined;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** A read replica of DATABASE_URL's server: reports and dashboards read there. */
  databaseReadUrl: string | undefined;
  appUrl: string;
  appSecret: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** What every group runs with until its administrator saves General Settings. */
  settingsDefaults: Settings;
  smtpUrl: string | undefined;
  /**
   * Whether a group's own SMTP host may be on a private network or this machine (a school's mail
   * server on its LAN). The operator decides, never a tenant; link-local and reserved addresses
   * stay refused either way.
   */
  smtpAllowPrivateHosts: boolean;
  mailFrom: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /** Signed webhooks of one provider, whatever address they come from. */
  webhookRateLimitPerMinute: number;
  /**
   * The app's own provider accounts, used by a school that has not saved keys of its own. Base
   * URLs are app-wide: a school's own keys talk to the same host.
   */
  paystack: { baseUrl: string; secretKey: string | undefined };
  flutterwave: { baseUrl: string; secretKey: string | undefined; secretHash: string | undefined };
  /** How often pending online payments are re-verified; 0 turns the job off. */
  reconcileIntervalSeconds: number;
  /** With the demo data and no provider keys, `npm start` runs local Paystack and Flutterwave fakes. */
  demoPaymentFakes: boolean;
  /**
   * Where the demo's local Paystack shows its bank page (`/bank/:account_number`), on which a
   * family "sends" a transfer into its account; set by the start for its processes, never by hand.
   */
  demoBankUrl: string | undefined;
  /** API processes `npm start` runs behind one port; 1 runs the app in the starting process itself. */
  workers: number;
  /**
   * PostgreSQL connections each API process keeps at most (kept open once made): with WORKERS
   * processes, WORKERS × (this + 4 for the job queue) must stay under the server's max_connections.
   */
  databasePoolMax: number;
  /**
   * SMS through Termii: the account's base URL, its API key, the secret that signs its delivery
   * reports and the approved sender ID. With no key, no SMS leaves (messages wait in the outbox).
   */
  termii: {
    baseUrl: string;
    apiKey: string | undefined;
    secretKey: string | undefined;
    senderId: string;
    /** Messages a second this server sends to Termii (summed over its processes' senders, each keeps to it). */
    ratePerSecond: number;
  };
  /** Which provider SMS go through: Termii unless SMS_PROVIDER says `africastalking`. */
  smsProvider: 'termii' | 'africastalking';
  /**
   * SMS through Africa's Talking: the API's base URL, the account's username and API key, the
   * sender ID (none: the account's default) and the secret token in the path of the callback URLs
   * set in its dashboard, since Africa's Talking does not sign its callbacks.
   */
  africasTalking: {
    baseUrl: string;
    username: string | undefined;
    apiKey: string | undefined;
    senderId: string | undefined;
    callbackToken: string | undefined;
  };
  /**
   * WhatsApp through Meta's Cloud API: the Graph URL with its version, a system user's token, the
   * business phone number's id, the app secret that signs the webhooks and the token Meta echoes
   * when the webhook is set up. With no token, no WhatsApp message leaves.
   */
  whatsapp: {
    graphUrl: string;
    token: string | undefined;
    phoneNumberId: string | undefined;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    ratePerSecond: number;
  };
  /** Where the demo's local phone shows the messages sent to a number; set by the start, never by hand. */
  demoPhoneInboxUrl: string | undefined;
};

/** The only place that reads the environment; bad values stop the start with a list of keys. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL; the embedded database has no replicas',
    );
  }
  // The embedded database lives inside one process and cannot be opened by a second one.
  if (!e.DATABASE_URL && e.WORKERS !== undefined && e.WORKERS > 1) {
    throw new Error(
      `Invalid configuration:\n  WORKERS: ${e.WORKERS} API processes need PostgreSQL (DATABASE_URL); the embedded database runs in one process, so leave WORKERS unset or 1`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    // An empty HOST (`HOST= npm start`) is left to the start's choice, as an unset one.
    host: e.HOST || undefined,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    settingsDefaults: {
      general: {
        timezone: 'Africa/Lagos',
        dateFormat: 'DD/MM/YYYY',
        contactEmail: null,
        contactPhone: null,
        receiptFooter: null,
      },
      notifications: { defaults: NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: true, email: true })) },
      security: {
        passwordMinLength: e.PASSWORD_MIN_LENGTH,
        sessionTimeoutMinutes: e.SESSION_TIMEOUT_MINUTES,
        loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
        lockoutMinutes: e.LOGIN_LOCK_MINUTES,
      },
      appearance: { defaultTheme: 'system', wholeNaira: false },
      backup: { frequency: e.BACKUP_FREQUENCY, retentionDays: e.BACKUP_RETENTION_DAYS },
      retention: { ...RETENTION_DEFAULTS },
      cashDesk: { ...CASH_DESK_DEFAULTS, tillCloseConfirmers: [...CASH_DESK_DEFAULTS.tillCloseConfirmers] },
    },
    smtpUrl: e.SMTP_URL,
    smtpAllowPrivateHosts: e.SMTP_ALLOW_PRIVATE_HOSTS === 'true',
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    webhookRateLimitPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    paystack: { baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''), secretKey: e.PAYSTACK_SECRET_KEY },
    flutterwave: {
      baseUrl: e.FLUTTERWAVE_BASE_URL.replace(/\/+$/, ''),
      secretKey: e.FLUTTERWAVE_SECRET_KEY,
      secretHash: e.FLUTTERWAVE_SECRET_HASH,
    },
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    demoPaymentFakes: e.DEMO_PAYMENT_FAKES === 'true',
    demoBankUrl: e.DEMO_BANK_URL?.replace(/\/+$/, ''),
    workers: e.WORKERS ?? (e.DATABASE_URL ? availableParallelism() : 1),
    databasePoolMax: e.DATABASE_POOL_MAX,
    termii: {
      baseUrl: e.TERMII_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.TERMII_API_KEY,
      secretKey: e.TERMII_SECRET_KEY,
      senderId: e.TERMII_SENDER_ID,
      ratePerSecond: e.TERMII_RATE_PER_SECOND,
    },
    smsProvider: e.SMS_PROVIDER,
    africasTalking: {
      baseUrl: e.AFRICASTALKING_BASE_URL.replace(/\/+$/, ''),
      username: e.AFRICASTALKING_USERNAME,
      apiKey: e.AFRICASTALKING_API_KEY,
      senderId: e.AFRICASTALKING_SENDER_ID,
      callbackToken: e.AFRICASTALKING_CALLBACK_TOKEN,
    },
    whatsapp: {
      graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      ratePerSecond: e.WHATSAPP_RATE_PER_SECOND,
    },
    demoPhoneInboxUrl: e.DEMO_PHONE_INBOX_URL?.replace(/\/+$/, ''),
  };
}

import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_URL: z.string().url().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('SchoolLedger <no-reply@schoolledger.ng>'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  appSecret: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginMaxAttempts: number;
  loginLockMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /** Until schools save their own keys (payment configuration), one Paystack account for the app. */
  paystack: { baseUrl: string; secretKey: string | undefined };
};

/** The only place that reads the environment; bad values stop the start with a list of keys. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO === 'true',
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    paystack: { baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''), secretKey: e.PAYSTACK_SECRET_KEY },
  };
}

import { DEFAULT_SMTP, type EmailConfig, type emailConfigInputSchema } from '@schoolledger/domain';
import type { z } from 'zod';

export type ConfigFormValues = z.input<typeof emailConfigInputSchema>;
export type ConfigFormOutput = z.output<typeof emailConfigInputSchema>;

/** The password starts empty: the API never returns it, and an empty field keeps the saved one. */
export function toFormValues(config: EmailConfig, group: string): ConfigFormValues {
  return {
    ...(group ? { group_school_id: group } : {}),
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: { user: config.auth.user, pass: '' },
    from: { name: config.from.name, email: config.from.email },
  };
}

/** Switching SSL moves a default port along with it; a port the admin typed stays. */
export function portForSecure(port: unknown, secure: boolean): unknown {
  const defaults: unknown[] = [
    DEFAULT_SMTP.port,
    DEFAULT_SMTP.securePort,
    String(DEFAULT_SMTP.port),
    String(DEFAULT_SMTP.securePort),
  ];
  if (!defaults.includes(port)) return port;
  return secure ? DEFAULT_SMTP.securePort : DEFAULT_SMTP.port;
}

export const CONFIG_FIELDS = ['host', 'port', 'secure', 'auth.user', 'auth.pass', 'from.name', 'from.email'] as const;

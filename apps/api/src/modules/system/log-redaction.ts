import type { SystemLogLevel } from '@schoolledger/domain';

/** What one pino entry keeps in `system_logs`: nothing a reader of the log screen may not see. */
export interface SafeLogEntry {
  level: SystemLogLevel;
  message: string;
  context: Record<string, string | number>;
  createdAt: Date;
}

const MAX_MESSAGE = 500;
const MAX_FIELD = 200;

/**
 * Order matters: named secrets first (a key's value may hold an email or digits), then shapes.
 * Each pattern replaces the whole run it matches, so a secret is never left half-visible.
 */
const MASKS: [RegExp, string][] = [
  [/bearer\s+\S+/gi, 'Bearer [secret]'],
  [
    /(password|passwd|secret|token|api[_-]?key|authorization|cookie|hash)(["']?\s*[=:]\s*["']?)[^\s"',;&]+/gi,
    '$1$2[secret]',
  ],
  [/(sk|pk|rk)_(live|test)_[A-Za-z0-9_]+/gi, '[key]'],
  [/FLW(SEC|PUB)K(_TEST)?-[A-Za-z0-9_-]+/gi, '[key]'],
  [/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g, '[token]'],
  // A local part is at most 64 characters; unbounded, a long run without an @ would be scanned again
  // from each of its characters (quadratic). A longer run before an @ is caught by the next mask.
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*/g, '[email]'],
  // Random tokens, hashes, base64 keys: any long run without spaces or separators.
  [/[A-Za-z0-9_+=-]{24,}/g, '[secret]'],
  // Phone numbers, account and card numbers, references: seven digits or more, spaced or not.
  [/\d(?:[\s-]?\d){6,}/g, '[number]'],
];

/** Removes emails, tokens, keys and long digit runs from a text meant for the log screen. */
export function maskText(text: string, max = MAX_FIELD): string {
  let masked = text;
  for (const [pattern, replacement] of MASKS) masked = masked.replace(pattern, replacement);
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}

const LEVELS: Record<number, SystemLogLevel> = { 40: 'warn', 50: 'error', 60: 'fatal' };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The path of a request without its query string, which may carry a token or an email. */
const routeOf = (value: unknown) => text(value)?.split('?')[0];

/**
 * Turns a pino entry (as parsed from its JSON line) into what `system_logs` keeps: the message,
 * the module and queue, the error's name, code and message, the route and the request id, each
 * masked. Everything else (bodies, headers, ids of people, amounts) is dropped. Null for entries
 * below warn.
 */
export function safeLogEntry(entry: Record<string, unknown>): SafeLogEntry | null {
  const level = LEVELS[typeof entry.level === 'number' ? entry.level : 0];
  if (!level) return null;
  const err = typeof entry.err === 'object' && entry.err !== null ? (entry.err as Record<string, unknown>) : {};
  const req = typeof entry.req === 'object' && entry.req !== null ? (entry.req as Record<string, unknown>) : {};
  const fields: Record<string, string | undefined> = {
    module: text(entry.module),
    queue: text(entry.queue),
    provider: text(entry.provider),
    errorName: text(err.type) ?? text(err.name),
    errorCode: text(err.code),
    errorMessage: text(err.message),
    method: text(req.method),
    route: routeOf(entry.route) ?? routeOf(req.url),
    requestId: text(entry.reqId),
  };
  const context: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') context[key] = maskText(value);
  }
  if (typeof entry.statusCode === 'number') context.statusCode = entry.statusCode;
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date();
  return {
    level,
    message: maskText(text(entry.msg) ?? text(err.message) ?? 'no message', MAX_MESSAGE),
    context,
    createdAt: Number.isNaN(time.getTime()) ? new Date() : time,
  };
}

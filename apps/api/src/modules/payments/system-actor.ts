import type { Actor } from '../audit/audit.queries.js';

/** The system acts for the provider's webhook, the callback and the job. */
export const SYSTEM: Actor = { userId: null, ip: null, userAgent: 'payments' };

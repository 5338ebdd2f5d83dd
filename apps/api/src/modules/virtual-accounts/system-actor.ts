import type { Actor } from '../audit/audit.queries.js';

/** Who acts when money arrives by itself (a webhook, the requery pass): no person. */
export const VIRTUAL_ACCOUNTS_SYSTEM: Actor = { userId: null, ip: null, userAgent: 'virtual accounts' };

import { classifyAudit } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs } from '../../db/schema.js';

/** Who acted, and from where; taken from the request by the auth plugin. */
export interface Actor {
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | string;
  entity: string;
  entityId: string | null;
  schoolId: string | null;
  /** A change to a whole group rather than one school of it (schoolId null): the group's own chain. */
  groupSchoolId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The row of one entry, as both writers below store it: written as JSON, what `record_audit`
 * (migration 0027), the one writer of an audit row, takes; the ledger's `take_at_once` calls it too.
 */
export const auditRecord = (actor: Actor, entry: AuditEntry) => ({
  ...classifyAudit(entry.action, entry.entity),
  actorId: actor.userId,
  ip: actor.ip,
  userAgent: actor.userAgent,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId,
  schoolId: entry.schoolId,
  groupSchoolId: entry.schoolId ? null : (entry.groupSchoolId ?? null),
  before: entry.before ?? null,
  after: entry.after ?? null,
});

/**
 * Call inside the transaction that makes the change, so the row exists exactly when the change
 * does. The database links the row into its school's hash chain (migration 0008).
 */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.execute(sql`select record_audit(${JSON.stringify(auditRecord(actor, entry))}::jsonb)`);
}

/** An entry of history written after the fact, with the moment it happened. */
export interface PastAuditEntry {
  actor: Actor;
  entry: AuditEntry;
  at: Date;
}

const AUDIT_CHUNK = 1000;

/**
 * The rows `recordAudit` would have written for history loaded in bulk (the demo's past year),
 * dated when each thing happened, a thousand per statement. The chain links them in the order
 * given, so they are put oldest first.
 */
export async function recordPastAudits(db: DbOrTx, entries: readonly PastAuditEntry[]) {
  const rows = [...entries]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ actor, entry, at }) => ({ ...auditRecord(actor, entry), createdAt: at }));
  for (let start = 0; start < rows.length; start += AUDIT_CHUNK) {
    await db.insert(auditLogs).values(rows.slice(start, start + AUDIT_CHUNK));
  }
}

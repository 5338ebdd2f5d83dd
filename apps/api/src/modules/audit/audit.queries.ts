import { classifyAudit } from '@schoolledger/domain';
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
 * Call inside the transaction that makes the change, so the row exists exactly when the change
 * does. The database links the row into its school's hash chain (migration 0008).
 */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLogs).values({
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
}

import type { Role } from '@schoolledger/domain';
import { and, arrayContains, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs, schools, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/** The audit action of a bulk send; the per-school rate limit counts these rows. */
export const BULK_SEND_ACTION = 'bulk_send';
export const NOTIFICATION_AUDIT_ENTITY = 'notification';

/** People the caller may address: in their schools (the super-admin: anyone), never deleted. */
function addressable(scope: Scope): SQL {
  return and(inSchoolScope(scope, users.schoolId), isNull(users.deletedAt))!;
}

export async function findAddressableUser(db: DbOrTx, scope: Scope, userId: string) {
  const [row] = await db
    .select({ id: users.id, schoolId: users.schoolId, status: users.status })
    .from(users)
    .where(and(addressable(scope), eq(users.id, userId)));
  return row;
}

export interface AudienceFilter {
  schoolId?: string;
  role?: Role;
  userIds?: readonly string[];
}

/**
 * The people a bulk notice reaches: addressable, matching every criterion given. Active ones
 * only, since notify() skips the rest; at most `limit` rows, so an oversized audience is told
 * apart without loading it whole.
 */
export async function audienceOf(db: DbOrTx, scope: Scope, filter: AudienceFilter, limit: number) {
  return db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(and(addressable(scope), eq(users.status, 'active'), ...criteria(filter)))
    .limit(limit);
}

/** Which of the chosen people the caller may address under the same criteria. */
export async function addressableAmong(db: DbOrTx, scope: Scope, filter: AudienceFilter) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(addressable(scope), ...criteria(filter)));
  return new Set(rows.map((row) => row.id));
}

function criteria(filter: AudienceFilter): (SQL | undefined)[] {
  return [
    filter.schoolId ? eq(users.schoolId, filter.schoolId) : undefined,
    filter.role ? arrayContains(users.roles, [filter.role]) : undefined,
    filter.userIds ? inArray(users.id, [...filter.userIds]) : undefined,
  ];
}

/**
 * Serialises bulk sends per school across processes until the transaction ends, so two senders
 * cannot both pass the rate limit on its last free slot. Locks are taken in one order: no deadlock.
 */
export async function lockSchoolsForBulk(tx: DbOrTx, schoolIds: readonly string[]) {
  for (const schoolId of [...schoolIds].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`notification-bulk:${schoolId}`}, 0))`);
  }
}

/**
 * Bulk sends that reached each school since `since`, from the audit trail: a send to one school
 * is filed under it; a send across schools under none, with the schools it reached in `after`.
 */
export async function bulkSendsSince(db: DbOrTx, schoolIds: readonly string[], since: Date) {
  if (schoolIds.length === 0) return new Map<string, number>();
  const ids = [...schoolIds];
  const ofThisKind = and(
    eq(auditLogs.entity, NOTIFICATION_AUDIT_ENTITY),
    eq(auditLogs.action, BULK_SEND_ACTION),
    gt(auditLogs.createdAt, since),
  );
  const rows = (await db.execute(sql`
    select school, count(*)::int as sends from (
      select ${auditLogs.schoolId}::text as school from ${auditLogs}
      where ${inArray(auditLogs.schoolId, ids)} and ${ofThisKind}
      union all
      select jsonb_array_elements_text(${auditLogs.after} -> 'schoolIds') as school from ${auditLogs}
      where ${auditLogs.schoolId} is null and ${ofThisKind}
    ) reached
    where school in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by school`)) as unknown as { rows: { school: string; sends: number }[] };
  return new Map(rows.rows.map((row) => [row.school, Number(row.sends)]));
}

export async function schoolNames(db: DbOrTx, schoolIds: readonly string[]) {
  if (schoolIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(inArray(schools.id, [...schoolIds]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

import type { NotificationKind } from '@schoolledger/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { groupSchools, notificationPreferences, notifications, schools, users } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** The channel every process LISTENs on; the payload is one notice, as `presentNotification` shapes it, with its recipient. */
export const NOTIFICATION_CHANNEL = 'notifications';

/**
 * The people a notice of `kind` may reach: active, not deleted, with their own choice of channels
 * for that kind (null where they never chose: their group's default applies) and what their
 * emails are signed with.
 */
export async function recipientsOf(db: DbOrTx, userIds: readonly string[], kind: NotificationKind) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      schoolId: users.schoolId,
      schoolName: schools.name,
      schoolEmail: schools.email,
      groupSchoolId: schools.groupSchoolId,
      logoUrl: groupSchools.logoUrl,
      inApp: notificationPreferences.inApp,
      byEmail: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(groupSchools, eq(groupSchools.id, schools.groupSchoolId))
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)),
    )
    .where(
      and(
        // One array parameter, however many people: a reminder run passes thousands.
        sql`${users.id} = any(${`{${[...new Set(userIds)].join(',')}}`}::uuid[])`,
        isNull(users.deletedAt),
        eq(users.status, 'active'),
      ),
    );
}

export type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

/**
 * Many notices in one statement, passed as one JSON document: a multi-row VALUES list costs a bind
 * parameter per field, is several times slower for a reminder run's thousands, and would pass
 * PostgreSQL's limit of 65,535 parameters.
 */
export async function insertNotifications(
  db: DbOrTx,
  values: readonly Pick<
    NotificationRow,
    'id' | 'userId' | 'schoolId' | 'kind' | 'type' | 'title' | 'message' | 'actionUrl' | 'metadata' | 'createdBy'
  >[],
): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  const rows = await rowsOf<{
    id: string;
    seq: string | number;
    user_id: string;
    school_id: string | null;
    kind: NotificationRow['kind'];
    type: NotificationRow['type'];
    title: string;
    message: string;
    action_url: string | null;
    metadata: Record<string, unknown>;
    created_by: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`insert into ${notifications} (id, user_id, school_id, kind, type, title, message, action_url, metadata, created_by)
      select id, "userId", "schoolId", kind, type, title, message, "actionUrl", metadata, "createdBy"
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as n(id uuid, "userId" uuid, "schoolId" uuid, kind text,
        type text, title text, message text, "actionUrl" text, metadata jsonb, "createdBy" uuid)
      returning id, seq, user_id, school_id, kind, type, title, message, action_url, metadata, created_by, created_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    seq: Number(row.seq),
    userId: row.user_id,
    schoolId: row.school_id,
    kind: row.kind,
    type: row.type,
    title: row.title,
    message: row.message,
    actionUrl: row.action_url,
    metadata: row.metadata,
    readAt: null,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
  }));
}

/**
 * Tells every process (LISTEN/NOTIFY) about new notices; PostgreSQL delivers the messages when
 * the transaction commits, and never if it rolls back, so a browser never sees a notice that
 * does not exist.
 */
export async function publishNotifications(tx: DbOrTx, payloads: readonly unknown[]) {
  if (payloads.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, value::text) from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb)`,
  );
}

/**
 * What tells every process that something of `kind` happened at a school, for the open pages of
 * its staff to refresh: published with the notices (`publishNotifications`), so it arrives at the
 * same commit, and never on a rollback. It names nothing but the school and the kind.
 */
export const schoolChangePayloads = (changes: readonly { schoolId: string; kind: NotificationKind }[]) =>
  changes.map((change) => ({ schoolId: change.schoolId, change: { kind: change.kind } }));

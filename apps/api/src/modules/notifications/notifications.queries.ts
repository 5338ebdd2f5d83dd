import type { NotificationKind } from '@schoolledger/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { groupSchools, notificationPreferences, type notifications, schools, users } from '../../db/schema.js';
import type { OutboxEmail } from '../email/email.queries.js';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The channel every process LISTENs on (migration 0027's `deliver_notices` names it too); the
 * payload is one notice, as `presentNotification` shapes it, with its recipient.
 */
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

/** A notice row as the app writes it; the database gives its seq and time. */
export type NotificationWrite = Pick<
  NotificationRow,
  'id' | 'userId' | 'schoolId' | 'kind' | 'type' | 'title' | 'message' | 'actionUrl' | 'metadata' | 'createdBy'
>;

/** Notices, their pushes and their emails, as `writeNotices` (and the ledger's `take_at_once`) write them. */
export interface NoticeWrites {
  /** Each notice with its push as it goes on the wire, to which the database adds the seq and the time. */
  notices: (NotificationWrite & { push: { userId: string; notification: unknown } })[];
  /** Pushes that only tell a school's staff to refresh (`schoolChangePayloads`). */
  changes: unknown[];
  emails: OutboxEmail[];
}

/**
 * Writes the notices, their pushes to every process (LISTEN/NOTIFY, which PostgreSQL delivers when
 * the transaction commits and never if it rolls back, so a browser never sees a notice that does
 * not exist) and the emails, in one statement (migration 0027's `deliver_notices`).
 */
export async function writeNotices(db: DbOrTx, writes: NoticeWrites) {
  if (!writes.notices.length && !writes.changes.length && !writes.emails.length) return;
  await db.execute(sql`select deliver_notices(${JSON.stringify(writes.notices)}::jsonb,
    ${JSON.stringify(writes.changes)}::jsonb, ${JSON.stringify(writes.emails)}::jsonb)`);
}

/**
 * What tells every process that something of `kind` happened at a school, for the open pages of
 * its staff to refresh: published with the notices (`publishNotifications`), so it arrives at the
 * same commit, and never on a rollback. It names nothing but the school and the kind.
 */
export const schoolChangePayloads = (changes: readonly { schoolId: string; kind: NotificationKind }[]) =>
  changes.map((change) => ({ schoolId: change.schoolId, change: { kind: change.kind } }));

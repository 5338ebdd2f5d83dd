import type { NotificationKind } from '@schoolledger/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { groupSchools, notificationPreferences, notifications, schools, users } from '../../db/schema.js';
import { inBatches } from '../../lib/batches.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** The channel every process LISTENs on; the payload is one notice, as `presentNotification` shapes it, with its recipient. */
export const NOTIFICATION_CHANNEL = 'notifications';

/**
 * The people a notice of `kind` may reach: active, not deleted, with their channels for that kind
 * (a missing preference row means both on) and what their emails are signed with.
 */
export async function recipientsOf(db: DbOrTx, userIds: readonly string[], kind: NotificationKind) {
  const people: Awaited<ReturnType<typeof recipientsChunk>> = [];
  for (const ids of inBatches([...new Set(userIds)])) people.push(...(await recipientsChunk(db, ids, kind)));
  return people;
}

async function recipientsChunk(db: DbOrTx, userIds: string[], kind: NotificationKind) {
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
      inApp: sql<boolean>`coalesce(${notificationPreferences.inApp}, true)`,
      byEmail: sql<boolean>`coalesce(${notificationPreferences.email}, true)`,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(groupSchools, eq(groupSchools.id, schools.groupSchoolId))
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)),
    )
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt), eq(users.status, 'active')));
}

export type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

export async function insertNotifications(tx: DbOrTx, values: (typeof notifications.$inferInsert)[]) {
  const rows: NotificationRow[] = [];
  for (const batch of inBatches(values)) rows.push(...(await tx.insert(notifications).values(batch).returning()));
  return rows;
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

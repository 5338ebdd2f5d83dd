import { type NotificationKind, PAYMENT_NOTIFICATION_KINDS } from '@schoolledger/domain';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notificationPreferences, notifications } from '../../db/schema.js';

export interface InboxFilter {
  unreadOnly: boolean;
  paymentsOnly: boolean;
}

const isPayment = inArray(notifications.kind, [...PAYMENT_NOTIFICATION_KINDS]);

function inboxOf(userId: string, filter: InboxFilter): SQL {
  return and(
    eq(notifications.userId, userId),
    filter.unreadOnly ? isNull(notifications.readAt) : undefined,
    filter.paymentsOnly ? isPayment : undefined,
  )!;
}

/** One page of a person's own notices, newest first. */
export async function listInbox(
  db: DbOrTx,
  userId: string,
  filter: InboxFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(notifications)
    .where(inboxOf(userId, filter))
    .orderBy(desc(notifications.seq))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many notices match the filter, and the panel's tab counts, in one pass over the person's notices. */
export async function inboxCounts(db: DbOrTx, userId: string, filter: InboxFilter) {
  const filtered = and(
    filter.unreadOnly ? isNull(notifications.readAt) : undefined,
    filter.paymentsOnly ? isPayment : undefined,
  );
  const [row] = await db
    .select({
      matching: filtered ? sql<number>`count(*) filter (where ${filtered})`.mapWith(Number) : count(),
      all: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      payments: sql<number>`count(*) filter (where ${isPayment})`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row ?? { matching: 0, all: 0, unread: 0, payments: 0 };
}

export async function countUnread(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the person's own notices read (keeping when it was first read); undefined when it is not theirs. */
export async function markRead(db: DbOrTx, userId: string, id: string, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: DbOrTx, userId: string, at: Date) {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteOwnNotification(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** What a reconnecting stream missed: the person's notices after `seq`, oldest first. */
export async function noticesAfter(db: DbOrTx, userId: string, seq: number, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, seq)))
    .orderBy(asc(notifications.seq))
    .limit(limit);
}

export async function preferencesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
      sms: notificationPreferences.sms,
      whatsapp: notificationPreferences.whatsapp,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  preferences: readonly {
    kind: NotificationKind;
    inApp: boolean;
    email: boolean;
    sms?: boolean | undefined;
    whatsapp?: boolean | undefined;
  }[],
  at: Date,
) {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(
      preferences.map(({ kind, inApp, email, sms, whatsapp }) => ({
        userId,
        kind,
        inApp,
        email,
        sms: sms ?? null,
        whatsapp: whatsapp ?? null,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        // A phone channel left out of the save keeps what was chosen before.
        sms: sql`coalesce(excluded.sms, notification_preferences.sms)`,
        whatsapp: sql`coalesce(excluded.whatsapp, notification_preferences.whatsapp)`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

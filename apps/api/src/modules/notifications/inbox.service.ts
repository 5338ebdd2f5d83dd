import {
  MANDATORY_NOTIFICATION_KINDS,
  MESSAGE_NOTICE_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  type notificationListQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound, unauthenticated, validationFailed } from '../../lib/errors.js';
import { type AuthContext, sessionAuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { settingsFor } from '../settings/settings.service.js';
import {
  countUnread,
  deleteOwnNotification,
  inboxCounts,
  listInbox,
  markAllRead,
  markRead,
  noticesAfter,
  preferencesOf,
  upsertPreferences,
} from './inbox.queries.js';
import type { WatchedSchools } from './notification-hub.js';
import { verifyStreamTicket } from './stream-tickets.js';

type ListQuery = z.output<typeof notificationListQuerySchema>;

/** A reconnecting browser is sent at most this many missed notices; the list has the rest. */
export const REPLAY_LIMIT = 200;

export async function listOwnNotifications(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const filter = { unreadOnly: query.unread_only, paymentsOnly: query.payments_only };
  const [rows, counts] = await Promise.all([
    listInbox(ctx.db, auth.userId, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    inboxCounts(ctx.db, auth.userId, filter),
  ]);
  return {
    rows,
    pagination: {
      page: query.page,
      limit: query.limit,
      total: counts.matching,
      totalPages: Math.ceil(counts.matching / query.limit),
    },
    counts: { all: counts.all, unread: counts.unread, payments: counts.payments },
  };
}

export const unreadCount = (ctx: AppContext, auth: AuthContext) => countUnread(ctx.db, auth.userId);

/** Another person's notice is, to the caller, not there. */
export async function markOwnRead(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await markRead(ctx.db, auth.userId, id, ctx.clock());
  if (!row) throw notFound();
  return row;
}

export const markAllOwnRead = (ctx: AppContext, auth: AuthContext) => markAllRead(ctx.db, auth.userId, ctx.clock());

export async function deleteOwn(ctx: AppContext, auth: AuthContext, id: string) {
  if (!(await deleteOwnNotification(ctx.db, auth.userId, id))) throw notFound();
}

/** Every kind, in the domain's order, with the person's choice or their group's default. */
export async function ownPreferences(ctx: AppContext, auth: AuthContext): Promise<NotificationPreference[]> {
  const saved = new Map((await preferencesOf(ctx.db, auth.userId)).map((row) => [row.kind, row]));
  const groupSchoolId = auth.scope.kind === 'all' || auth.scope.kind === 'none' ? null : auth.scope.groupSchoolId;
  const { defaults } = (await settingsFor(ctx, { groupSchoolId, schoolId: null })).notifications;
  return NOTIFICATION_KINDS.map((kind) => {
    const row = saved.get(kind);
    const fallback = defaults.find((preference) => preference.kind === kind);
    const choice = { kind, inApp: row?.inApp ?? fallback?.inApp ?? true, email: row?.email ?? fallback?.email ?? true };
    // Phones carry only some kinds; never choosing is yes (where they agreed to the channel).
    return isPhoneKind(kind) ? { ...choice, sms: row?.sms ?? true, whatsapp: row?.whatsapp ?? true } : choice;
  });
}

const isPhoneKind = (kind: NotificationKind) => (MESSAGE_NOTICE_KINDS as readonly NotificationKind[]).includes(kind);

/** Saves the kinds given (others keep their choice); account-safety kinds cannot be switched off. */
export async function saveOwnPreferences(
  ctx: AppContext,
  auth: AuthContext,
  preferences: readonly NotificationPreference[],
  actor: Actor,
) {
  const refused = preferences.flatMap((preference, index) =>
    MANDATORY_NOTIFICATION_KINDS.includes(preference.kind) && (!preference.inApp || !preference.email)
      ? [
          {
            field: `preferences.${index}`,
            message: `${NOTIFICATION_KIND_LABELS[preference.kind]} notices concern the safety of your account and cannot be switched off`,
          },
        ]
      : [],
  );
  if (refused.length > 0) throw validationFailed(refused);
  // SMS and WhatsApp switches of a kind no phone carries are refused rather than dropped unseen.
  const notByPhone = preferences.flatMap((preference, index) =>
    !isPhoneKind(preference.kind) && (preference.sms !== undefined || preference.whatsapp !== undefined)
      ? [
          {
            field: `preferences.${index}`,
            message: `${NOTIFICATION_KIND_LABELS[preference.kind]} notices are not sent by SMS or WhatsApp`,
          },
        ]
      : [],
  );
  if (notByPhone.length > 0) throw validationFailed(notByPhone);
  const seen = new Set<string>();
  const duplicates = preferences.flatMap((preference, index) => {
    const repeated = seen.has(preference.kind);
    seen.add(preference.kind);
    return repeated ? [{ field: `preferences.${index}.kind`, message: 'Each kind may be given once' }] : [];
  });
  if (duplicates.length > 0) throw validationFailed(duplicates);

  const before = await ownPreferences(ctx, auth);
  await ctx.db.transaction(async (tx) => {
    await upsertPreferences(tx, auth.userId, preferences, ctx.clock());
    const changed = preferences.filter((preference) => {
      const old = before.find((each) => each.kind === preference.kind);
      return (
        old?.inApp !== preference.inApp ||
        old?.email !== preference.email ||
        (preference.sms !== undefined && old?.sms !== preference.sms) ||
        (preference.whatsapp !== undefined && old?.whatsapp !== preference.whatsapp)
      );
    });
    if (changed.length === 0) return;
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'notification_preferences',
      entityId: auth.userId,
      schoolId: auth.schoolId,
      before: before.filter((preference) => changed.some((each) => each.kind === preference.kind)),
      after: changed,
    });
  });
  return ownPreferences(ctx, auth);
}

/**
 * Staff hear of every change at the schools they see, so their open dashboards and lists follow
 * the school's money; students and parents hear only their own notices.
 */
function schoolsWatchedBy(auth: AuthContext): WatchedSchools {
  if (auth.roles.every((role) => role === 'Student' || role === 'Parent')) return new Set();
  switch (auth.scope.kind) {
    case 'all':
      return 'all';
    case 'group':
    case 'schools':
      return new Set(auth.scope.schoolIds);
    case 'school':
      return new Set([auth.scope.schoolId]);
    case 'none':
      return new Set();
  }
}

/**
 * Whose stream a ticket opens, and the schools whose changes it hears of: the person must still be
 * active and still signed in (their session not revoked), as a request with their access token
 * would have to be.
 */
export async function streamOwner(ctx: AppContext, ticket: string) {
  const claims = await verifyStreamTicket(ctx, ticket);
  if (!claims) throw unauthenticated();
  const auth = await sessionAuthContext(ctx, claims);
  return { userId: claims.userId, schools: schoolsWatchedBy(auth) };
}

export const missedNotices = (ctx: AppContext, userId: string, afterSeq: number) =>
  noticesAfter(ctx.db, userId, afterSeq, REPLAY_LIMIT);

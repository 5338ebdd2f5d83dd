import type { EmailTemplateId, MessageChannel, NotificationKind } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  groupSchools,
  messageConsents,
  notificationPreferences,
  type notifications,
  schools,
  users,
} from '../../db/schema.js';
import { groupTemplatesJson } from '../email/email.queries.js';
import { type StoredMessaging, storedMessagingJson } from '../messaging/messaging-settings.queries.js';
import type { QueuedMessage } from '../messaging/outbox.queries.js';
import { groupSettingsJson, type StoredSection } from '../settings/settings.queries.js';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The channel every process LISTENs on (migration 0027's `deliver_notices` names it too); the
 * payload is one notice, as `presentNotification` shapes it, with its recipient.
 */
export const NOTIFICATION_CHANNEL = 'notifications';

/**
 * A person a notice of `kind` may reach: active, not deleted, with their own choice of channels
 * for that kind (null where they never chose: their group's default applies) and what their
 * emails are signed with.
 */
export interface Recipient {
  kind: NotificationKind;
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  schoolId: string | null;
  schoolName: string | null;
  schoolEmail: string | null;
  groupSchoolId: string | null;
  logoUrl: string | null;
  inApp: boolean | null;
  byEmail: boolean | null;
  /** Their choice of SMS and WhatsApp for the kind; null where they never chose (yes). */
  bySms: boolean | null;
  byWhatsApp: boolean | null;
  /** The number they confirmed (234…); null while they have not. */
  phone: string | null;
  /** The channels they agreed to at that number (`phoneMessagesFor` leaves out those they turned off for the kind). */
  phoneChannels: MessageChannel[];
}

/** What a group's people's notices read of it: its settings rows and its own wordings of the emails. */
export interface AudienceGroup {
  groupSchoolId: string | null;
  settings: StoredSection[];
  templates: { templateId: EmailTemplateId; subject: string; html: string; text: string }[];
}

/**
 * Everything delivering notices reads, in one statement however many people and kinds: each
 * person asked for with their choice for the kind, and, for each of their groups, its settings
 * rows (`storedSettingsFor`), its own wordings of `templateIds` and whether it has SMTP settings.
 */
export async function audienceOf(
  db: DbOrTx,
  {
    addressees,
    templateIds,
  }: {
    addressees: readonly { recipientId: string; kind: NotificationKind }[];
    templateIds: readonly EmailTemplateId[];
  },
): Promise<{
  people: Recipient[];
  groups: AudienceGroup[];
  messaging: { schoolId: string; settings: StoredMessaging }[];
}> {
  if (addressees.length === 0) return { people: [], groups: [], messaging: [] };
  // Two array parameters, however many people: a reminder run passes thousands.
  const ids = `{${addressees.map((addressee) => addressee.recipientId).join(',')}}`;
  const kinds = `{${addressees.map((addressee) => addressee.kind).join(',')}}`;
  const [row] = await rowsOf<{
    people: Recipient[];
    groups: AudienceGroup[];
    messaging: { schoolId: string; settings: StoredMessaging }[];
  }>(
    db,
    sql`with asked as (select distinct user_id, kind from unnest(${ids}::uuid[], ${kinds}::text[]) as a (user_id, kind)),
    people as (
      select a.kind, u.id, u.email, u.firstname, u.lastname, u.school_id as "schoolId", s.name as "schoolName",
        s.email as "schoolEmail", s.group_school_id as "groupSchoolId", g.logo_url as "logoUrl",
        p.in_app as "inApp", p.email as "byEmail", p.sms as "bySms", p.whatsapp as "byWhatsApp",
        case when u.phone_verified_at is not null then phone_international(u.phone) end as phone,
        case when u.phone_verified_at is null then '{}'::text[] else array(select c.channel from ${messageConsents} c
          where c.user_id = u.id and c.withdrawn_at is null and c.phone = phone_international(u.phone)) end
          as "phoneChannels"
      from asked a
      join ${users} u on u.id = a.user_id
      left join ${schools} s on s.id = u.school_id
      left join ${groupSchools} g on g.id = s.group_school_id
      left join ${notificationPreferences} p on p.user_id = u.id and p.kind = a.kind
      where u.deleted_at is null and u.status = 'active'
    ),
    groups as (select distinct "groupSchoolId" as id from people)
    select (select coalesce(json_agg(people), '[]'::json) from people) as people,
      (select coalesce(json_agg(json_build_object('groupSchoolId', groups.id,
          'settings', ${groupSettingsJson(sql`groups.id`)},
          'templates', ${groupTemplatesJson(sql`groups.id`, templateIds)})), '[]'::json)
        from groups) as groups,
      ${storedMessagingJson(sql`(select "schoolId" from people)`)} as messaging`,
  );
  return row!;
}

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
  /** Their emails, SMS and WhatsApp messages: rows of the one outbox. */
  messages: QueuedMessage[];
}

/**
 * Writes the notices, their pushes to every process (LISTEN/NOTIFY, which PostgreSQL delivers when
 * the transaction commits and never if it rolls back, so a browser never sees a notice that does
 * not exist) and the emails, in one statement (migration 0027's `deliver_notices`).
 */
export async function writeNotices(db: DbOrTx, writes: NoticeWrites) {
  if (!writes.notices.length && !writes.changes.length && !writes.messages.length) return;
  await db.execute(sql`select deliver_notices(${JSON.stringify(writes.notices)}::jsonb,
    ${JSON.stringify(writes.changes)}::jsonb, ${JSON.stringify(outboxOf(writes))}::jsonb)`);
}

/** The notices' outbox as `deliver_notices` takes it. */
export const outboxOf = (writes: Pick<NoticeWrites, 'messages'>): unknown[] => writes.messages;

/**
 * What tells every process that something of `kind` happened at a school, for the open pages of
 * its staff to refresh: published with the notices (`publishNotifications`), so it arrives at the
 * same commit, and never on a rollback. It names nothing but the school and the kind.
 */
export const schoolChangePayloads = (changes: readonly { schoolId: string; kind: NotificationKind }[]) =>
  changes.map((change) => ({ schoolId: change.schoolId, change: { kind: change.kind } }));

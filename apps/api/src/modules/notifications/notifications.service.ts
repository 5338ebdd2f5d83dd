import { randomUUID } from 'node:crypto';
import {
  clip,
  type EmailTemplateId,
  formatKobo,
  type Kobo,
  MANDATORY_NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationKind,
  type NotificationType,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { sha256 } from '../../lib/hash.js';
import { type EmailRenderer, emailRenderer, type TemplateVariables } from '../email/email-templates.service.js';
import { schoolMessagingOf } from '../messaging/messaging-settings.queries.js';
import type { QueuedMessage } from '../messaging/outbox.queries.js';
import { composePhoneMessages, type PhoneWords } from '../messaging/phone-messages.service.js';
import { settingsFromStored } from '../settings/settings.service.js';
import { notificationOnTheWire } from './notifications.presenters.js';
import {
  audienceOf,
  type NoticeWrites,
  type Recipient,
  schoolChangePayloads,
  writeNotices,
} from './notifications.queries.js';

export interface NoticeMetadata {
  amount?: Kobo;
  dueDate?: string;
  feeId?: string;
  paymentId?: string;
  studentId?: string;
  reminderType?: string;
  reason?: string;
}

export interface Notice {
  kind: NotificationKind;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
  metadata?: NoticeMetadata;
  /** The school the notice is about; defaults to each recipient's own. */
  schoolId?: string | null;
  createdBy?: string | null;
  /** The email that goes with it to those who want email for this kind; absent: in-app only. */
  email?: { templateId: EmailTemplateId; variables: TemplateVariables };
  /** What it says by SMS and WhatsApp to those who agreed and whose school sends this kind there; absent: not on phones. */
  phone?: PhoneWords;
}

export interface Delivered {
  /** Notices written, one per recipient who wants them in the app. */
  notifications: { id: string; userId: string }[];
  /** Emails queued in the outbox. */
  emails: number;
}

/** One notice to one person; `notifyEach` delivers many, each its own. */
export interface AddressedNotice {
  recipientId: string;
  notice: Notice;
}

/**
 * Tells people what happened, in the caller's transaction: a notice for each who wants it in the
 * app (pushed to their open browsers when the transaction commits) and an email in the outbox for
 * each who wants it by email, rendered with their name and their group's wording of the template.
 * Account-safety kinds reach everyone whatever their preferences.
 */
export async function notify(
  tx: DbOrTx,
  ctx: AppContext,
  recipientIds: readonly string[],
  notice: Notice,
): Promise<Delivered> {
  return notifyAddressed(
    tx,
    ctx,
    [...new Set(recipientIds)].map((recipientId) => ({ recipientId, notice })),
  );
}

/** `notify` for notices worded for each person: each entry's notice goes to its recipient. */
export async function notifyAddressed(
  tx: DbOrTx,
  ctx: AppContext,
  entries: readonly AddressedNotice[],
): Promise<Delivered> {
  const { notificationIds, emails } = await notifyEach(tx, ctx, entries);
  const notifications = entries.flatMap((entry, index) => {
    const id = notificationIds[index];
    return id ? [{ id, userId: entry.recipientId }] : [];
  });
  return { notifications, emails };
}

/**
 * What delivering notices reads before it writes: each person with what they chose for the
 * kind (their own choice, else their group's), their group's wording of each email, and their
 * schools' messaging settings.
 */
export interface Audience {
  people: Map<string, Recipient>;
  renderer: EmailRenderer;
  /** The messaging settings of the people's schools that saved theirs; the others use the defaults. */
  messaging: Map<string, ReturnType<typeof schoolMessagingOf>>;
}

/** Who a notice of `kind` goes to, and the email template it may carry. */
export interface Addressee {
  recipientId: string;
  kind: NotificationKind;
  templateId?: EmailTemplateId | undefined;
}

const personKey = (kind: NotificationKind, recipientId: string) => `${kind}:${recipientId}`;

/**
 * Reads what `deliverNotices` needs, in one statement (`audienceOf`). A caller that holds a row
 * others queue for (a credit holds its school's receipt counter) reads this before taking the
 * row, so only the writes remain while it holds it.
 */
export async function readAudience(tx: DbOrTx, ctx: AppContext, addressees: readonly Addressee[]): Promise<Audience> {
  const templateIds = [...new Set(addressees.flatMap(({ templateId }) => (templateId ? [templateId] : [])))];
  const read = await audienceOf(tx, { addressees, templateIds });
  const groupDefaults = new Map(
    read.groups.map((group) => [
      group.groupSchoolId,
      settingsFromStored(ctx.config, group.settings).settings.notifications.defaults,
    ]),
  );
  const people = new Map<string, Recipient>();
  for (const person of read.people) {
    // Someone who never chose for this kind gets what their group chose for everyone.
    const fallback = groupDefaults.get(person.groupSchoolId)?.find((preference) => preference.kind === person.kind);
    people.set(personKey(person.kind, person.id), {
      ...person,
      inApp: person.inApp ?? fallback?.inApp ?? true,
      byEmail: person.byEmail ?? fallback?.email ?? true,
    });
  }
  const renderer = emailRenderer(
    tx,
    read.groups.flatMap(({ groupSchoolId, templates }) =>
      templateIds.map((templateId) => ({
        groupSchoolId,
        templateId,
        own: templates.find((template) => template.templateId === templateId),
      })),
    ),
  );
  const messaging = new Map(read.messaging.map((school) => [school.schoolId, schoolMessagingOf(school.settings)]));
  return { people, renderer, messaging };
}

/**
 * Delivers many notices, each to its own person (a reminder run): the same rules as `notify`, with
 * a constant number of statements however many there are. `notificationIds[i]` is the notice
 * written for `entries[i]`, or null when that person does not want it in the app.
 */
export async function notifyEach(
  tx: DbOrTx,
  ctx: AppContext,
  entries: readonly AddressedNotice[],
): Promise<{ notificationIds: (string | null)[]; emails: number }> {
  const audience = await readAudience(
    tx,
    ctx,
    entries.map(({ recipientId, notice }) => ({
      recipientId,
      kind: notice.kind,
      templateId: notice.email?.templateId,
    })),
  );
  return deliverNotices(tx, ctx, audience, entries);
}

/** What `deliverNotices` writes, composed before anything is written. */
export interface ComposedNotices extends NoticeWrites {
  /** How many of the messages are emails. */
  emails: number;
  /** `notificationIds[i]`: the notice written for entry `i`, or null when that person does not want it in the app. */
  notificationIds: (string | null)[];
}

/**
 * The writing half of `notifyEach`, for an audience read beforehand: the notices, their push to
 * open browsers and the emails, composed (`composeNotices`) and written in one statement.
 */
export async function deliverNotices(
  tx: DbOrTx,
  ctx: AppContext,
  audience: Audience,
  entries: readonly AddressedNotice[],
): Promise<{ notificationIds: (string | null)[]; emails: number }> {
  const composed = await composeNotices(ctx, audience, entries);
  await writeNotices(tx, composed);
  return { notificationIds: composed.notificationIds, emails: composed.emails };
}

/**
 * The rows `deliverNotices` writes, without writing them: a caller that writes them in a statement
 * of its own (the ledger's `take_at_once`, which puts the receipt number in) takes them from here.
 */
export async function composeNotices(
  ctx: AppContext,
  audience: Audience,
  entries: readonly AddressedNotice[],
): Promise<ComposedNotices> {
  const reached = (entry: AddressedNotice, channel: 'inApp' | 'byEmail') => {
    const person = audience.people.get(personKey(entry.notice.kind, entry.recipientId));
    return person && (MANDATORY_NOTIFICATION_KINDS.includes(entry.notice.kind) || person[channel]) ? person : undefined;
  };

  const notificationIds: (string | null)[] = entries.map(() => null);
  const now = ctx.clock();
  const notices = entries.flatMap((entry, index) => {
    const person = reached(entry, 'inApp');
    if (!person) return [];
    const { notice } = entry;
    const { amount, ...metadata } = notice.metadata ?? {};
    // Chosen here, so each entry knows its notice whatever order the rows are written in.
    const id = randomUUID();
    notificationIds[index] = id;
    const row = {
      id,
      userId: person.id,
      schoolId: notice.schoolId === undefined ? person.schoolId : notice.schoolId,
      kind: notice.kind,
      type: notice.type,
      title: clip(notice.title, NOTIFICATION_TITLE_MAX),
      message: clip(notice.message, NOTIFICATION_MESSAGE_MAX),
      actionUrl: notice.actionUrl ?? null,
      metadata: { ...metadata, ...(amount === undefined ? {} : { amountKobo: amount.toString() }) },
      createdBy: notice.createdBy ?? null,
    };
    // The seq and the time are the database's, set by `deliver_notices` as the row is written.
    const onTheWire = notificationOnTheWire({ ...row, seq: 0, readAt: null, createdAt: now });
    return [{ ...row, push: { userId: row.userId, notification: onTheWire } }];
  });
  // The school's other staff (a principal, an auditor) hear of it too, as a refresh of their open
  // pages without a notice, whoever it was addressed to and whether or not they want it.
  const changes = new Map<string, { schoolId: string; kind: NotificationKind }>();
  for (const { notice } of entries) {
    if (notice.schoolId)
      changes.set(`${notice.schoolId}:${notice.kind}`, { schoolId: notice.schoolId, kind: notice.kind });
  }

  // Each email is a message of the notices' one outbox, beside its SMS and WhatsApp messages.
  const emails: QueuedMessage[] = [];
  for (const entry of entries) {
    const { notice } = entry;
    const person = notice.email && reached(entry, 'byEmail');
    if (!notice.email || !person) continue;
    const amount = notice.metadata?.amount;
    const rendered = await audience.renderer.render(person.groupSchoolId, notice.email.templateId, {
      ...standardVariables(ctx, person),
      title: notice.title,
      message: notice.message,
      actionUrl: notice.actionUrl ? `${ctx.config.appUrl}${notice.actionUrl}` : '',
      ...(amount === undefined ? {} : { amount: formatKobo(amount), formattedAmount: formatKobo(amount) }),
      ...notice.email.variables,
    });
    emails.push({
      channel: 'email',
      schoolId: notice.schoolId === undefined ? person.schoolId : notice.schoolId,
      userId: person.id,
      kind: notice.kind,
      noticeKey: emailNoticeKey(notice),
      toAddress: person.email,
      body: rendered.text,
      subject: rendered.subject,
      html: rendered.html ?? null,
      emailTemplateId: notice.email.templateId,
      template: null,
      fallbackBody: null,
      linkToken: null,
      paymentId: null,
      status: 'queued',
      pages: null,
      estimatedCostKobo: '0',
      nextAttemptAt: now.toISOString(),
    });
  }
  const messages = [...emails, ...phoneMessagesFor(ctx, audience, entries, now)];
  return {
    notices,
    changes: schoolChangePayloads([...changes.values()]),
    messages,
    emails: emails.length,
    notificationIds,
  };
}

/**
 * Names a notice's email in the outbox: the same notice (its kind, words and what it is about) to
 * the same person is one email, however often it is composed.
 */
function emailNoticeKey(notice: Notice): string {
  const about = JSON.stringify(
    [notice.title, notice.message, notice.actionUrl ?? null, notice.metadata ?? {}],
    (_, value) => (typeof value === 'bigint' ? value.toString() : value),
  );
  // 128 bits of the hash tell one person's notices apart, and keep the outbox's unique index small.
  return `${notice.kind}:${sha256(about).slice(0, 32)}`;
}

/**
 * The SMS and WhatsApp messages of notices, for the audience read for them: they go to whoever
 * agreed to them, on the channels they did not turn off for the kind, whatever the person chose
 * for the app and email.
 */
export function phoneMessagesFor(ctx: AppContext, audience: Audience, entries: readonly AddressedNotice[], now: Date) {
  return composePhoneMessages({
    config: ctx.config,
    now,
    entries: entries.flatMap(({ recipientId, notice }) => {
      const person = notice.phone && audience.people.get(personKey(notice.kind, recipientId));
      if (!notice.phone || !person?.phone) return [];
      return [
        {
          recipient: {
            ...person,
            channels: person.phoneChannels.filter((channel) =>
              channel === 'sms' ? person.bySms !== false : person.byWhatsApp !== false,
            ),
          },
          kind: notice.kind,
          schoolId: notice.schoolId === undefined ? person.schoolId : notice.schoolId,
          words: notice.phone,
        },
      ];
    }),
    // A notice about a child at another school of the group uses that school's settings where they
    // were read with the audience, else the person's school's.
    settingsOf: (schoolId, personSchoolId) =>
      audience.messaging.get(schoolId ?? '') ?? audience.messaging.get(personSchoolId ?? '') ?? schoolMessagingOf(null),
  });
}

/** SPEC §5 variables every email can use: who it is for, the school, and the links. */
function standardVariables(ctx: AppContext, person: Recipient): TemplateVariables {
  const now = ctx.clock();
  return {
    firstName: person.firstname,
    lastName: person.lastname,
    schoolName: person.schoolName ?? 'SchoolLedger',
    supportEmail: person.schoolEmail ?? '',
    logoUrl: person.logoUrl ? `${ctx.config.appUrl}${person.logoUrl}` : '',
    paymentUrl: `${ctx.config.appUrl}/student/fees`,
    year: now.getFullYear(),
    timestamp: now.toISOString(),
  };
}

import {
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
import { composeEmail, type TemplateVariables } from '../email/email-templates.service.js';
import { notificationOnTheWire } from './notifications.presenters.js';
import { insertNotifications, publishNotifications, type Recipient, recipientsOf } from './notifications.queries.js';

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
  email?: { templateId: EmailTemplateId; variables: TemplateVariables; priority?: 'high' | 'normal' };
}

export interface Delivered {
  /** Notices written, one per recipient who wants them in the app. */
  notifications: { id: string; userId: string }[];
  /** Emails queued in the outbox. */
  emails: number;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

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
  const recipients = await recipientsOf(tx, recipientIds, notice.kind);
  const mandatory = MANDATORY_NOTIFICATION_KINDS.includes(notice.kind);
  const { amount, ...metadata } = notice.metadata ?? {};
  const rows = await insertNotifications(
    tx,
    recipients
      .filter((person) => mandatory || person.inApp)
      .map((person) => ({
        userId: person.id,
        schoolId: notice.schoolId === undefined ? person.schoolId : notice.schoolId,
        kind: notice.kind,
        type: notice.type,
        title: clip(notice.title, NOTIFICATION_TITLE_MAX),
        message: clip(notice.message, NOTIFICATION_MESSAGE_MAX),
        actionUrl: notice.actionUrl ?? null,
        metadata: { ...metadata, ...(amount === undefined ? {} : { amountKobo: amount.toString() }) },
        createdBy: notice.createdBy ?? null,
      })),
  );
  await publishNotifications(
    tx,
    rows.map((row) => ({ userId: row.userId, notification: notificationOnTheWire(row) })),
  );

  let emails = 0;
  const { email } = notice;
  if (email) {
    for (const person of recipients.filter((each) => mandatory || each.byEmail)) {
      await ctx.mailer.enqueue(tx, {
        to: person.email,
        schoolId: notice.schoolId === undefined ? person.schoolId : notice.schoolId,
        groupSchoolId: person.groupSchoolId,
        templateId: email.templateId,
        priority: email.priority ?? 'normal',
        ...(await composeEmail(tx, person.groupSchoolId, email.templateId, {
          ...standardVariables(ctx, person),
          title: notice.title,
          message: notice.message,
          actionUrl: notice.actionUrl ? `${ctx.config.appUrl}${notice.actionUrl}` : '',
          ...(amount === undefined ? {} : { amount: formatKobo(amount), formattedAmount: formatKobo(amount) }),
          ...email.variables,
        })),
      });
      emails++;
    }
  }
  return { notifications: rows.map((row) => ({ id: row.id, userId: row.userId })), emails };
}

/** SPEC §5 variables every email can use: who it is for, the school, and the links. */
export function standardVariables(ctx: AppContext, person: Recipient): TemplateVariables {
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

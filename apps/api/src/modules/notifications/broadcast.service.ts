import {
  BULK_NOTIFICATION_MAX_RECIPIENTS,
  type bulkNotificationInputSchema,
  ERROR_CODES,
  entityMessages,
  type systemNotificationInputSchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { previewPhoneMessages } from '../messaging/messaging.service.js';
import {
  addressableAmong,
  audienceOf,
  BULK_SEND_ACTION,
  bulkSendsSince,
  findAddressableUser,
  lockSchoolsForBulk,
  NOTIFICATION_AUDIT_ENTITY,
  schoolNames,
} from './broadcast.queries.js';
import { recipientNotFound } from './notifications.errors.js';
import { type NoticeMetadata, notify, phoneMessagesFor, readAudience } from './notifications.service.js';

type SystemInput = z.output<typeof systemNotificationInputSchema>;
type BulkInput = z.output<typeof bulkNotificationInputSchema>;

/** A school's people get at most this many bulk notices an hour, whoever sends them. */
export const BULK_SENDS_PER_SCHOOL_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

const METADATA_KEYS = ['dueDate', 'feeId', 'paymentId', 'studentId', 'reminderType', 'reason'] as const;

/** The metadata fields a notice shows (SPEC §5); anything else a sender adds is dropped. */
function noticeMetadata(given: Record<string, string> | undefined): NoticeMetadata {
  return Object.fromEntries(METADATA_KEYS.flatMap((key) => (given?.[key] === undefined ? [] : [[key, given[key]]])));
}

function systemNotice(
  auth: AuthContext,
  input: SystemInput | BulkInput,
  metadata: NoticeMetadata = {},
  sent: Date = new Date(),
) {
  return {
    kind: 'system' as const,
    type: input.type,
    title: input.title,
    message: input.message,
    actionUrl: input.actionUrl ?? null,
    metadata,
    createdBy: auth.userId,
    email: { templateId: 'system_notification' as const, variables: {} },
    // By SMS and WhatsApp where the school sends announcements there (off until it chooses to).
    phone: {
      type: 'announcement' as const,
      key: `${auth.userId}:${sent.toISOString()}`,
      title: input.title,
      message: input.message,
    },
  };
}

/** One notice to one person within the caller's schools (SPEC §7 POST /notification/system). */
export async function sendSystemNotification(ctx: AppContext, auth: AuthContext, input: SystemInput, actor: Actor) {
  const user = await findAddressableUser(ctx.db, auth.scope, input.userId);
  if (!user) throw recipientNotFound();
  return ctx.db.transaction(async (tx) => {
    const delivered = await notify(
      tx,
      ctx,
      [user.id],
      systemNotice(auth, input, noticeMetadata(input.metadata), ctx.clock()),
    );
    const recipients = user.status === 'active' ? 1 : 0;
    await recordAudit(tx, actor, {
      action: 'system_send',
      entity: NOTIFICATION_AUDIT_ENTITY,
      entityId: delivered.notifications[0]?.id ?? null,
      schoolId: user.schoolId,
      after: { recipientId: user.id, recipients, notices: delivered.notifications.length, emails: delivered.emails },
    });
    return { recipients };
  });
}

/** The people a bulk notification reaches, checked as sending it checks them. */
async function bulkAudience(ctx: AppContext, auth: AuthContext, input: BulkInput) {
  const { scope } = auth;
  if (input.schoolId) {
    await assertSchoolExistsInScope(ctx.db, scope, input.schoolId, entityMessages('School').notFound);
  }
  const filter = { schoolId: input.schoolId, role: input.role, userIds: input.userIds };
  if (input.userIds) {
    const reachable = await addressableAmong(ctx.db, scope, filter);
    const missing = input.userIds.flatMap((id, index) =>
      reachable.has(id)
        ? []
        : [{ field: `userIds.${index}`, message: `No one with id ${id} can be notified by you with these choices` }],
    );
    if (missing.length > 0) throw validationFailed(missing);
  }
  const audience = await audienceOf(ctx.db, scope, filter, BULK_NOTIFICATION_MAX_RECIPIENTS + 1);
  if (audience.length > BULK_NOTIFICATION_MAX_RECIPIENTS) {
    throw new AppError(
      422,
      ERROR_CODES.validationFailed,
      `A bulk notification can reach at most ${BULK_NOTIFICATION_MAX_RECIPIENTS.toLocaleString('en-NG')} people; choose a school or a role to narrow it`,
    );
  }
  if (audience.length === 0) {
    throw new AppError(422, ERROR_CODES.validationFailed, 'No active person matches these choices');
  }
  return audience;
}

/**
 * What a bulk notification would cost on phones before it is sent: the people its SMS and
 * WhatsApp messages would reach, how many, at what estimated cost, against the budgets left.
 */
export async function previewBulkNotification(ctx: AppContext, auth: AuthContext, input: BulkInput) {
  const audience = await bulkAudience(ctx, auth, input);
  const now = ctx.clock();
  const notice = systemNotice(auth, input, {}, now);
  const entries = audience.map((person) => ({ recipientId: person.id, notice }));
  const read = await readAudience(
    ctx.db,
    ctx,
    entries.map(({ recipientId }) => ({ recipientId, kind: notice.kind })),
  );
  return previewPhoneMessages(ctx, phoneMessagesFor(ctx, read, entries, now));
}

/**
 * One notice to everyone active in a school, with a role, or among chosen people (criteria given
 * together must all hold), within the caller's schools; capped in size and, per school, in rate.
 */
export async function sendBulkNotification(ctx: AppContext, auth: AuthContext, input: BulkInput, actor: Actor) {
  const audience = await bulkAudience(ctx, auth, input);
  const schoolIds = [...new Set(audience.flatMap((person) => (person.schoolId ? [person.schoolId] : [])))];

  return ctx.db.transaction(async (tx) => {
    await lockSchoolsForBulk(tx, schoolIds);
    const sends = await bulkSendsSince(tx, schoolIds, new Date(ctx.clock().getTime() - HOUR_MS));
    const full = schoolIds.find((id) => (sends.get(id) ?? 0) >= BULK_SENDS_PER_SCHOOL_PER_HOUR);
    if (full) {
      const name = (await schoolNames(tx, [full])).get(full) ?? 'This school';
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        `${name} has already had ${BULK_SENDS_PER_SCHOOL_PER_HOUR} bulk notifications in the last hour, the most allowed. Please try again later.`,
      );
    }
    const delivered = await notify(
      tx,
      ctx,
      audience.map((person) => person.id),
      systemNotice(auth, input, {}, ctx.clock()),
    );
    await recordAudit(tx, actor, {
      action: BULK_SEND_ACTION,
      entity: NOTIFICATION_AUDIT_ENTITY,
      entityId: null,
      schoolId: schoolIds.length === 1 ? schoolIds[0]! : null,
      after: {
        audience: { schoolId: input.schoolId ?? null, role: input.role ?? null, chosen: input.userIds?.length ?? 0 },
        schoolIds,
        recipients: audience.length,
        notices: delivered.notifications.length,
        emails: delivered.emails,
      },
    });
    return { recipients: audience.length };
  });
}

import {
  type BulkMessagePreview,
  can,
  displayPhone,
  type MessageChannel,
  type MessagingSettings,
  type MessagingSettingsResponse,
  maskedEmail,
  maskedPhone,
  monthOfLagos,
  type OutboxPage,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import {
  messagingSettingsOf,
  type SchoolMessaging,
  type StoredMessaging,
  saveMessagingSettings,
} from './messaging-settings.queries.js';
import { listMessages, type OutboxMessageRow, type QueuedMessage, spendOf } from './outbox.queries.js';

async function settingsResponse(
  ctx: AppContext,
  schoolId: string,
  settings: SchoolMessaging,
): Promise<MessagingSettingsResponse> {
  const spend = await spendOf(ctx.db, schoolId, monthOfLagos(ctx.clock()));
  const spent = (channel: 'sms' | 'whatsapp') =>
    (spend.find((row) => row.channel === channel)?.spentKobo ?? 0n).toString();
  return {
    channels: settings.channels,
    monthlyBudgetKobo: {
      sms: settings.monthlyBudgetKobo.sms?.toString() ?? null,
      whatsapp: settings.monthlyBudgetKobo.whatsapp?.toString() ?? null,
    },
    quietHours: settings.quietHours,
    smsSenderId: settings.smsSenderId,
    spentThisMonthKobo: { sms: spent('sms'), whatsapp: spent('whatsapp') },
  };
}

export async function getMessagingSettings(ctx: AppContext, auth: AuthContext, schoolId: string) {
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  return settingsResponse(ctx, schoolId, await messagingSettingsOf(ctx.db, schoolId));
}

export async function updateMessagingSettings({
  ctx,
  auth,
  actor,
  schoolId,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  schoolId: string;
  input: MessagingSettings;
}) {
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  const stored: StoredMessaging = {
    channels: input.channels,
    monthlyBudgetKobo: {
      sms: input.monthlyBudgetNaira.sms?.toString() ?? null,
      whatsapp: input.monthlyBudgetNaira.whatsapp?.toString() ?? null,
    },
    quietHours: input.quietHours,
    smsSenderId: input.smsSenderId,
  };
  const before = await messagingSettingsOf(ctx.db, schoolId);
  await ctx.db.transaction(async (tx) => {
    await saveMessagingSettings(tx, { schoolId, settings: stored, updatedBy: auth.userId });
    await recordAudit(tx, actor, {
      action: 'messaging_settings.update',
      entity: 'messaging_settings',
      entityId: schoolId,
      schoolId,
      before: {
        monthlyBudgetKobo: {
          sms: before.monthlyBudgetKobo.sms?.toString() ?? null,
          whatsapp: before.monthlyBudgetKobo.whatsapp?.toString() ?? null,
        },
        quietHours: before.quietHours,
        smsSenderId: before.smsSenderId,
        channels: before.channels,
      },
      after: stored,
    });
  });
  return getMessagingSettings(ctx, auth, schoolId);
}

const PAGE = 50;

/** The messages of the caller's schools, newest first; full numbers only for those who trace deliveries. */
export async function listOutboxMessages(
  ctx: AppContext,
  auth: AuthContext,
  query: {
    schoolId?: string | undefined;
    status?: OutboxMessageRow['status'] | undefined;
    channel?: OutboxMessageRow['channel'] | undefined;
    before?: string | undefined;
    limit?: number | undefined;
  },
): Promise<OutboxPage> {
  const limit = Math.min(query.limit ?? PAGE, 200);
  const rows = await listMessages(ctx.db, {
    scope: auth.scope,
    schoolId: query.schoolId,
    status: query.status,
    channel: query.channel,
    before: query.before ? new Date(query.before) : undefined,
    limit: limit + 1,
  });
  const fullPhones = can(auth.roles, 'messaging.phones');
  const items = rows.slice(0, limit).map(({ message, recipientFirst, recipientLast }) => ({
    id: message.id,
    channel: message.channel,
    kind: message.kind as OutboxPage['items'][number]['kind'],
    to:
      message.channel === 'email'
        ? fullPhones
          ? message.toAddress
          : maskedEmail(message.toAddress)
        : fullPhones
          ? displayPhone(message.toAddress)
          : maskedPhone(message.toAddress),
    subject: message.subject,
    body: message.body,
    status: message.status,
    statusReason: message.statusReason,
    heldUntil: message.status === 'held' ? (message.nextAttemptAt?.toISOString() ?? null) : null,
    costKobo: message.costKobo?.toString() ?? null,
    pages: message.pages,
    attempts: message.attempts,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
    deliveredAt: message.deliveredAt?.toISOString() ?? null,
    readAt: message.readAt?.toISOString() ?? null,
    failedAt: message.failedAt?.toISOString() ?? null,
    recipient:
      message.userId && recipientFirst ? { id: message.userId, name: `${recipientFirst} ${recipientLast}` } : null,
    schoolId: message.schoolId,
  }));
  const last = items.at(-1);
  return { items, nextBefore: rows.length > limit && last ? last.createdAt : null };
}

/**
 * What phone messages composed for a bulk send would do, before anything is sent: how many people
 * (each a family's one message), how many messages on each channel, their pages and estimated
 * cost, what is left of each school's budget this month, and whether quiet hours hold them.
 */
export async function previewPhoneMessages(
  ctx: AppContext,
  messages: readonly Pick<
    QueuedMessage,
    'userId' | 'schoolId' | 'channel' | 'pages' | 'estimatedCostKobo' | 'status' | 'nextAttemptAt'
  >[],
): Promise<BulkMessagePreview> {
  // What goes by email costs nothing per message and is not part of the preview.
  const phones = messages.filter(
    (message): message is (typeof messages)[number] & { channel: MessageChannel } => message.channel !== 'email',
  );
  const month = monthOfLagos(ctx.clock());
  const count = { sms: 0, whatsapp: 0 };
  const cost = { sms: 0n, whatsapp: 0n };
  const costBySchool = new Map<string, { sms: bigint; whatsapp: bigint }>();
  for (const message of phones) {
    count[message.channel]++;
    cost[message.channel] += BigInt(message.estimatedCostKobo);
    if (!message.schoolId) continue;
    const school = costBySchool.get(message.schoolId) ?? { sms: 0n, whatsapp: 0n };
    school[message.channel] += BigInt(message.estimatedCostKobo);
    costBySchool.set(message.schoolId, school);
  }
  const left: { sms: bigint | null; whatsapp: bigint | null } = { sms: null, whatsapp: null };
  let overBudget = false;
  for (const [schoolId, planned] of costBySchool) {
    const [settings, spend] = await Promise.all([
      messagingSettingsOf(ctx.db, schoolId),
      spendOf(ctx.db, schoolId, month),
    ]);
    for (const channel of ['sms', 'whatsapp'] as const) {
      const budget = settings.monthlyBudgetKobo[channel];
      if (budget === null) continue;
      const spent = spend.find((row) => row.channel === channel)?.spentKobo ?? 0n;
      const remaining = budget > spent ? budget - spent : 0n;
      left[channel] = (left[channel] ?? 0n) + remaining;
      if (planned[channel] > remaining) overBudget = true;
    }
  }
  const held = phones.find((message) => message.status === 'held');
  return {
    families: new Set(phones.map((message) => message.userId)).size,
    messages: count,
    pages: phones.reduce((sum, message) => sum + (message.channel === 'sms' ? (message.pages ?? 0) : 0), 0),
    estimatedCostKobo: { sms: cost.sms.toString(), whatsapp: cost.whatsapp.toString() },
    budgetLeftKobo: { sms: left.sms?.toString() ?? null, whatsapp: left.whatsapp?.toString() ?? null },
    heldForQuietHoursUntil: held ? held.nextAttemptAt : null,
    overBudget,
  };
}

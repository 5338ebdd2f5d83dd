import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  consentWording,
  displayPhone,
  estimateMessageCost,
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MyPhone,
  normaliseNigerianPhone,
  PHONE_CODE_MINUTES,
  phoneCodeSms,
  smsEncoding,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { sha256 } from '../../lib/hash.js';
import type { Actor } from '../audit/audit.queries.js';
import { recordAudit } from '../audit/audit.queries.js';
import {
  confirmPhone,
  consentsOf,
  countWrongCode,
  dropVerification,
  findVerification,
  phoneOwner,
  recordConsent,
  saveVerification,
  withdrawAtPhone,
  withdrawConsent,
} from './consents.queries.js';
import { accountSends } from './group-adapters.js';
import {
  channelUnavailable,
  consentWordingChanged,
  phoneCodeExpired,
  phoneCodeWrong,
  phoneNotVerified,
} from './messaging.errors.js';
import { messagingAccountOfSchool } from './messaging-accounts.queries.js';
import { queueMessages } from './outbox.queries.js';

/** Wrong codes a sent code survives; then a new one must be asked for. */
const CODE_TRIES = 5;

const codeHashOf = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** The channels a person's messages can go on: the server's, and those of their school group's own account. */
async function channelsOf(ctx: AppContext, schoolId: string | null): Promise<MessageChannel[]> {
  const own = ctx.messages.maySend && schoolId ? await messagingAccountOfSchool(ctx.db, schoolId) : null;
  return MESSAGE_CHANNELS.filter((channel) => ctx.messages.channels.includes(channel) || accountSends(own, channel));
}

/** What the Profile page shows of a person's phone and their agreements. */
export async function myPhone(ctx: AppContext, userId: string): Promise<MyPhone> {
  const owner = await phoneOwner(ctx.db, userId);
  if (!owner) throw new Error(`user ${userId} vanished while signed in`);
  const [consents, pending, channels] = await Promise.all([
    consentsOf(ctx.db, userId),
    findVerification(ctx.db, userId),
    channelsOf(ctx, owner.schoolId),
  ]);
  const now = ctx.clock();
  const international = owner.phoneVerifiedAt && owner.phone ? normaliseNigerianPhone(owner.phone) : null;
  const schoolName = owner.schoolName ?? 'your school';
  const live = pending && pending.expiresAt > now && pending.attempts < CODE_TRIES ? pending : undefined;
  return {
    phone: owner.phone,
    verified: international !== null,
    channelsAvailable: channels,
    wording: international
      ? {
          sms: consentWording({ channel: 'sms', schoolName, phone: international }),
          whatsapp: consentWording({ channel: 'whatsapp', schoolName, phone: international }),
        }
      : null,
    consents: consents.map(({ consent, recorderFirst, recorderLast }) => ({
      channel: consent.channel,
      phone: displayPhone(consent.phone),
      optedInAt: consent.optedInAt.toISOString(),
      method: consent.method,
      recordedBy: consent.recordedBy ? { id: consent.recordedBy, name: `${recorderFirst} ${recorderLast}` } : null,
      wording: consent.wording,
      withdrawnAt: consent.withdrawnAt?.toISOString() ?? null,
    })),
    pendingPhone: live ? displayPhone(live.phone) : null,
    codeExpiresAt: live ? live.expiresAt.toISOString() : null,
    // The number a code is on its way to first: the newcomer reads the code there.
    demoInboxUrl:
      ctx.config.demoPhoneInboxUrl && (live?.phone ?? international)
        ? `${ctx.config.demoPhoneInboxUrl}/phone/${live?.phone ?? international}`
        : null,
  };
}

/**
 * Sends a 6-digit code to the number the person says is theirs; typing it back confirms it. The
 * code goes by SMS whatever they agreed to: they asked for it. Asking again replaces the code.
 */
export async function startPhoneVerification(
  ctx: AppContext,
  { userId, phone, actor }: { userId: string; phone: string; actor: Actor },
): Promise<MyPhone> {
  const owner = await phoneOwner(ctx.db, userId);
  if (!owner) throw new Error(`user ${userId} vanished while signed in`);
  if (!(await channelsOf(ctx, owner.schoolId)).includes('sms')) throw channelUnavailable('sms');
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = ctx.clock();
  const body = phoneCodeSms({ code });
  await ctx.db.transaction(async (tx) => {
    await saveVerification(tx, {
      userId,
      phone,
      codeHash: codeHashOf(userId, code),
      expiresAt: new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000),
    });
    const pages = smsEncoding(body).pages;
    await queueMessages(tx, [
      {
        channel: 'sms',
        schoolId: null,
        userId,
        kind: 'phone_code',
        // A new code is a new message; the hash names it without keeping the code.
        noticeKey: `phone_code:${codeHashOf(userId, code).slice(0, 16)}`,
        toAddress: phone,
        body,
        template: null,
        fallbackBody: null,
        linkToken: null,
        paymentId: null,
        status: 'queued',
        pages,
        estimatedCostKobo: estimateMessageCost({ channel: 'sms', pages }).toString(),
        nextAttemptAt: now.toISOString(),
      },
    ]);
    await recordAudit(tx, actor, {
      action: 'phone.code_sent',
      entity: 'user',
      entityId: userId,
      schoolId: null,
      after: { phone: displayPhone(phone) },
    });
  });
  ctx.messages.wake();
  return myPhone(ctx, userId);
}

/** The code typed back: the number becomes the person's confirmed phone. */
export async function confirmPhoneCode(
  ctx: AppContext,
  { userId, code, actor }: { userId: string; code: string; actor: Actor },
): Promise<MyPhone> {
  const pending = await findVerification(ctx.db, userId);
  const now = ctx.clock();
  if (!pending || pending.expiresAt <= now || pending.attempts >= CODE_TRIES) throw phoneCodeExpired();
  const given = Buffer.from(codeHashOf(userId, code));
  const expected = Buffer.from(pending.codeHash);
  if (!timingSafeEqual(given, expected)) {
    await countWrongCode(ctx.db, userId);
    throw phoneCodeWrong();
  }
  await ctx.db.transaction(async (tx) => {
    await confirmPhone(tx, { userId, phone: displayPhone(pending.phone), at: now });
    await dropVerification(tx, userId);
    await recordAudit(tx, actor, {
      action: 'phone.verified',
      entity: 'user',
      entityId: userId,
      schoolId: null,
      after: { phone: displayPhone(pending.phone) },
    });
  });
  return myPhone(ctx, userId);
}

/** The person agrees to messages on a channel, with the words they were shown, word for word. */
export async function giveConsent(
  ctx: AppContext,
  { userId, channel, wording, actor }: { userId: string; channel: MessageChannel; wording: string; actor: Actor },
): Promise<MyPhone> {
  const current = await myPhone(ctx, userId);
  if (!current.channelsAvailable.includes(channel)) throw channelUnavailable(channel);
  if (!current.verified || !current.wording || !current.phone) throw phoneNotVerified();
  if (current.wording[channel] !== wording) throw consentWordingChanged();
  const phone = normaliseNigerianPhone(current.phone)!;
  await ctx.db.transaction(async (tx) => {
    const recorded = await recordConsent(tx, { userId, channel, phone, wording, method: 'web', recordedBy: null });
    if (recorded)
      await recordAudit(tx, actor, {
        action: 'consent.given',
        entity: 'message_consent',
        entityId: recorded.id,
        schoolId: null,
        after: { channel, phone: displayPhone(phone), method: 'web' },
      });
  });
  return myPhone(ctx, userId);
}

export async function withdrawMyConsent(
  ctx: AppContext,
  { userId, channel, actor }: { userId: string; channel: MessageChannel; actor: Actor },
): Promise<MyPhone> {
  await ctx.db.transaction(async (tx) => {
    const ended = await withdrawConsent(tx, { userId, channel, how: 'web', at: ctx.clock() });
    for (const row of ended)
      await recordAudit(tx, actor, {
        action: 'consent.withdrawn',
        entity: 'message_consent',
        entityId: row.id,
        schoolId: null,
        after: { channel, how: 'web' },
      });
  });
  return myPhone(ctx, userId);
}

/** STOP replied from a phone ends every agreement on that channel at that number. */
export async function stopFromPhone(
  ctx: AppContext,
  { phone, channel }: { phone: string; channel: MessageChannel },
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await withdrawAtPhone(tx, { phone, channel, at: ctx.clock() });
    for (const row of ended)
      await recordAudit(
        tx,
        { userId: null, ip: null, userAgent: null },
        {
          action: 'consent.withdrawn',
          entity: 'message_consent',
          entityId: row.id,
          schoolId: null,
          after: { channel, how: 'reply' },
        },
      );
    return ended.length;
  });
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseNigerianPhone } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { decryptSecret } from '../../lib/secrets.js';
import { stopFromPhone } from './consents.service.js';
import { webhookSecrets } from './messaging-accounts.queries.js';
import type { ProviderReport, ReportedStatus } from './outbox.queries.js';
import { applyProviderReport } from './reports.service.js';

/** Words a parent replies with to stop messages, as Nigerian networks and WhatsApp users write them. */
const STOP_WORDS = new Set(['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const isStop = (text: unknown) => typeof text === 'string' && STOP_WORDS.has(text.trim().toUpperCase());

function signatureMatches(expected: string, given: string | undefined) {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The secrets a provider's webhook may be signed with: the server's, and each school group's own
 * saved one (messaging_accounts; groups with accounts of their own are few, so all are tried).
 * A group secret the server can no longer read (its key changed) signs nothing.
 */
async function signingSecrets(ctx: AppContext, provider: 'termii' | 'whatsapp'): Promise<string[]> {
  const server = provider === 'termii' ? ctx.config.termii.secretKey : ctx.config.whatsapp.appSecret;
  const groups = (await webhookSecrets(ctx.db, provider)).flatMap((blob) => {
    try {
      return [decryptSecret(blob, ctx.encryptionKey)];
    } catch {
      return [];
    }
  });
  return server ? [server, ...groups] : groups;
}

/** Whether any of the secrets signed the body; every one is checked, each in constant time. */
function signedByAny(secrets: readonly string[], expectedOf: (secret: string) => string, given: string | undefined) {
  let matched = false;
  for (const secret of secrets) matched = signatureMatches(expectedOf(secret), given) || matched;
  return matched;
}

/**
 * Termii's reports are signed with the account's secret key: hex HMAC-SHA512 of the raw body.
 * The server's account, or a school group's own.
 */
export const termiiSigned = async (ctx: AppContext, raw: Buffer, signature: string | undefined) =>
  signedByAny(
    await signingSecrets(ctx, 'termii'),
    (secret) => createHmac('sha512', secret).update(raw).digest('hex'),
    signature,
  );

/** Meta signs with the app secret (the server's, or a school group's own): `sha256=` and the hex HMAC-SHA256 of the raw body. */
export const whatsAppSigned = async (ctx: AppContext, raw: Buffer, signature: string | undefined) =>
  signedByAny(
    await signingSecrets(ctx, 'whatsapp'),
    (secret) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
    signature,
  );

/**
 * Africa's Talking does not sign its callbacks: what tells its reports from a stranger's POST is
 * the secret token in the callback URL's path (AFRICASTALKING_CALLBACK_TOKEN), compared in
 * constant time (digests of equal length, so neither the token's length nor its prefix leaks).
 */
export function africasTalkingTokenMatches(ctx: AppContext, token: string) {
  const expected = ctx.config.africasTalking.callbackToken;
  if (!expected) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(token));
}

/** Termii's words for a message's state, as its reports write them. */
function termiiStatus(status: string): ReportedStatus {
  const said = status.trim().toLowerCase();
  if (said === 'delivered') return 'delivered';
  if (said === 'message sent' || said === 'sent' || said === 'submitted' || said === 'buffered') return 'sent';
  return 'failed';
}

/** Naira as Termii reports a cost (a number or a string), in kobo; null when it says none. */
function nairaToKobo(cost: unknown): bigint | null {
  const naira = typeof cost === 'number' ? cost : typeof cost === 'string' ? Number(cost) : Number.NaN;
  return Number.isFinite(naira) && naira >= 0 ? BigInt(Math.round(naira * 100)) : null;
}

const report = (ctx: AppContext, input: ProviderReport) =>
  applyProviderReport({ db: ctx.db, clock: ctx.clock, fallBack: ctx.messages.fallBack }, input);

// biome-ignore lint/suspicious/noExplicitAny: provider JSON, read field by field with checks
type Json = Record<string, any>;

/** A signed Termii event: a delivery report, or a reply (STOP ends the person's SMS agreement). */
export async function handleTermiiEvent(ctx: AppContext, event: Json) {
  if (event.type === 'inbound') {
    const phone = typeof event.sender === 'string' ? normaliseNigerianPhone(event.sender) : null;
    if (phone && isStop(event.message)) await stopFromPhone(ctx, { phone, channel: 'sms' });
    return;
  }
  const id = event.message_id ?? event.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof event.status !== 'string') return;
  const status = termiiStatus(event.status);
  await report(ctx, {
    provider: 'termii',
    providerMessageId: String(id),
    status,
    at: ctx.clock(),
    reason: status === 'failed' ? event.status : null,
    errorCode: status === 'failed' ? event.status : null,
    costKobo: nairaToKobo(event.cost),
    // Its number and words name a message whose sender stopped before it wrote down Termii's id.
    receiver: typeof event.receiver === 'string' ? normaliseNigerianPhone(event.receiver) : null,
    body: typeof event.message === 'string' ? event.message : null,
  });
}

const WHATSAPP_STATUSES = new Set<ReportedStatus>(['sent', 'delivered', 'read', 'failed']);

/** A signed WhatsApp webhook: statuses of sent messages, and messages people wrote (STOP). */
export async function handleWhatsAppEvent(ctx: AppContext, event: Json) {
  const changes: Json[] = Array.isArray(event.entry)
    ? event.entry.flatMap((entry: Json) => (Array.isArray(entry?.changes) ? entry.changes : []))
    : [];
  for (const change of changes) {
    const value: Json = change?.value ?? {};
    for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
      if (typeof status?.id !== 'string' || !WHATSAPP_STATUSES.has(status.status)) continue;
      const seconds = Number(status.timestamp);
      const error = Array.isArray(status.errors) ? status.errors[0] : undefined;
      await report(ctx, {
        provider: 'whatsapp',
        providerMessageId: status.id,
        status: status.status,
        at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : ctx.clock(),
        reason: error ? String(error.title ?? error.message ?? 'Failed') : null,
        errorCode: error?.code === undefined ? null : String(error.code),
        // Our id, sent as biz_opaque_callback_data: names a message whose sender stopped before it wrote down the wamid.
        ourId: typeof status.biz_opaque_callback_data === 'string' ? status.biz_opaque_callback_data : null,
      });
    }
    for (const message of Array.isArray(value.messages) ? value.messages : []) {
      const phone = typeof message?.from === 'string' ? normaliseNigerianPhone(message.from) : null;
      if (phone && isStop(message?.text?.body)) await stopFromPhone(ctx, { phone, channel: 'whatsapp' });
    }
  }
}

/** Africa's Talking's delivery statuses: Success, Rejected and Failed are final. */
function africasTalkingStatus(status: string): ReportedStatus | null {
  const said = status.trim().toLowerCase();
  if (said === 'success') return 'delivered';
  if (said === 'sent' || said === 'submitted' || said === 'buffered') return 'sent';
  if (said === 'rejected' || said === 'failed') return 'failed';
  return null;
}

/**
 * An Africa's Talking delivery report (form fields `id`, `status`, `phoneNumber`, `networkCode`,
 * `failureReason` for Rejected and Failed, `retryCount`). It carries no price of the message, so
 * the estimate stands.
 */
export async function handleAfricasTalkingReport(ctx: AppContext, fields: Json) {
  const id = fields.id;
  const status = typeof fields.status === 'string' ? africasTalkingStatus(fields.status) : null;
  if (typeof id !== 'string' || !id || !status) return;
  const failureReason =
    typeof fields.failureReason === 'string' && fields.failureReason.trim() ? fields.failureReason.trim() : null;
  const said = String(fields.status).trim();
  await report(ctx, {
    provider: 'africastalking',
    providerMessageId: id,
    status,
    at: ctx.clock(),
    reason: status === 'failed' ? (failureReason ? `${said}: ${failureReason}` : said) : null,
    errorCode: status === 'failed' ? (failureReason ?? said) : null,
    costKobo: null,
  });
}

/** A message a phone sent to the account (form fields `from`, `to`, `text`, `date`, `id`, `linkId`): STOP ends its SMS agreement. */
export async function handleAfricasTalkingInbound(ctx: AppContext, fields: Json) {
  const phone = typeof fields.from === 'string' ? normaliseNigerianPhone(fields.from) : null;
  if (phone && isStop(fields.text)) await stopFromPhone(ctx, { phone, channel: 'sms' });
}

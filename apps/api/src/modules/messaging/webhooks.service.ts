import { createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseNigerianPhone } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { stopFromPhone } from './consents.service.js';
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

/** Termii's reports are signed with the account's secret key: hex HMAC-SHA512 of the raw body. */
export const termiiSigned = (ctx: AppContext, raw: Buffer, signature: string | undefined) =>
  Boolean(ctx.config.termii.secretKey) &&
  signatureMatches(createHmac('sha512', ctx.config.termii.secretKey!).update(raw).digest('hex'), signature);

/** Meta signs with the app secret: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export const whatsAppSigned = (ctx: AppContext, raw: Buffer, signature: string | undefined) =>
  Boolean(ctx.config.whatsapp.appSecret) &&
  signatureMatches(
    `sha256=${createHmac('sha256', ctx.config.whatsapp.appSecret!).update(raw).digest('hex')}`,
    signature,
  );

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
      });
    }
    for (const message of Array.isArray(value.messages) ? value.messages : []) {
      const phone = typeof message?.from === 'string' ? normaliseNigerianPhone(message.from) : null;
      if (phone && isStop(message?.text?.body)) await stopFromPhone(ctx, { phone, channel: 'whatsapp' });
    }
  }
}

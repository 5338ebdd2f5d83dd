import type { AppConfig } from '../../config.js';
import { type ChannelAdapter, postToProvider, retryableStatus, SendRefused } from './channel.js';

/**
 * Per-recipient codes that may pass later: 405 InsufficientBalance (the account is topped up),
 * 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway. The rest (402
 * InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 406 UserInBlacklist, 407
 * CouldNotRoute, 409 DoNotDisturbRejection…) will not as the message stands.
 */
const retryableRecipientCode = (code: number) => code === 405 || code >= 500;

/** 100 Processed, 101 Success (sent), 102 Queued: the message is Africa's Talking's now. */
const ACCEPTED_CODES = new Set([100, 101, 102]);

/**
 * SMS through Africa's Talking's `POST /version1/messaging`: a form with the account's username,
 * the number in `+234…` form, the text and the sender ID, the API key in the `apiKey` header. It
 * answers per recipient (`SMSMessageData.Recipients[]`): `Success` with its `ATXid_…` message id,
 * or a refusal of that number such as 403 InvalidPhoneNumber or 406 UserInBlacklist. The outcome
 * arrives later in its delivery report (webhooks.routes.ts), which carries no cost.
 */
export function africasTalkingAdapter(config: AppConfig['africasTalking']) {
  return {
    channel: 'sms',
    provider: 'africastalking',
    configured: Boolean(config.username && config.apiKey),
    // Africa's Talking publishes no per-account rate; 10 a second stays well inside what it takes.
    ratePerSecond: 10,
    async send(message) {
      const form = new URLSearchParams({
        username: config.username ?? '',
        to: message.to.startsWith('+') ? message.to : `+${message.to}`,
        message: message.body,
        // 1: the account is charged for the message (0 is for premium, subscriber-billed services).
        bulkSMSMode: '1',
        // Queued at Africa's Talking rather than refused when it is busy.
        enqueue: '1',
      });
      // A school's own sender ID must be registered with Africa's Talking too; none: the account's default.
      const from = message.senderId || config.senderId;
      if (from) form.set('from', from);
      const { status, json, text } = await postToProvider(
        `${config.baseUrl}/version1/messaging`,
        { body: form.toString(), contentType: 'application/x-www-form-urlencoded' },
        // Its refusals of the request itself (a wrong key) come as plain text.
        { apiKey: config.apiKey ?? '' },
      );
      if (status < 200 || status >= 300) {
        const said = text.trim().slice(0, 200) || `HTTP ${status}`;
        throw new SendRefused(
          `Africa's Talking refused the message: ${said}`,
          `africastalking_${status}`,
          retryableStatus(status),
        );
      }
      const data = (json.SMSMessageData ?? {}) as { Message?: unknown; Recipients?: unknown };
      const recipient = (Array.isArray(data.Recipients) ? data.Recipients[0] : undefined) as
        | { status?: unknown; statusCode?: unknown; messageId?: unknown }
        | undefined;
      const code = Number(recipient?.statusCode);
      const id = recipient?.messageId;
      if (
        (recipient?.status === 'Success' || ACCEPTED_CODES.has(code)) &&
        typeof id === 'string' &&
        id &&
        id !== 'None'
      ) {
        return { providerMessageId: id };
      }
      const said =
        typeof recipient?.status === 'string'
          ? recipient.status
          : typeof data.Message === 'string'
            ? data.Message
            : 'no recipient in the answer';
      throw new SendRefused(
        `Africa's Talking refused the message: ${said}`,
        `africastalking_${Number.isFinite(code) ? code : status}`,
        Number.isFinite(code) && retryableRecipientCode(code),
      );
    },
  } satisfies ChannelAdapter;
}

import type { AppConfig } from '../../config.js';
import { type ChannelAdapter, retryableStatus, SendRefused } from './channel.js';

const SEND_TIMEOUT_MS = 15_000;

/**
 * Per-recipient codes that may pass later: 405 InsufficientBalance (the account is topped up),
 * 500 InternalServerError, 501 GatewayError, 502 RejectedByGateway. The rest (402
 * InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 406 UserInBlacklist, 407
 * CouldNotRoute, 409 DoNotDisturbRejection…) will not as the message stands.
 */
const retryableRecipientCode = (code: number) => code === 405 || code >= 500;

/** 100 Processed, 101 Success (sent), 102 Queued: the message is Africa's Talking's now. */
const ACCEPTED_CODES = new Set([100, 101, 102]);

/** POSTs a form as Africa's Talking takes it; a network failure or a timeout is a retryable refusal. */
async function postForm(url: string, form: URLSearchParams, headers: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
      body: form.toString(),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new SendRefused(
      timedOut ? 'The provider did not answer in time' : 'The provider could not be reached',
      timedOut ? 'timeout' : 'unreachable',
      true,
    );
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    // Its refusals of the request itself (a wrong key: "The supplied authentication is invalid") are plain text.
  }
  return { status: response.status, json, text };
}

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
      const { status, json, text } = await postForm(`${config.baseUrl}/version1/messaging`, form, {
        apiKey: config.apiKey ?? '',
      });
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

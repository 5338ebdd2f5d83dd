import type { AppConfig } from '../../config.js';
import { type ChannelAdapter, postJson, retryableStatus, SendRefused } from './channel.js';

/**
 * SMS through Termii's `POST /api/sms/send`, on the `dnd` route: receipts and reminders are
 * transactional, and the `generic` route reaches neither numbers on Do-Not-Disturb nor MTN numbers
 * between 20:00 and 08:00 (../shared/research/bank-and-messaging.md C2). Termii answers with its
 * message id; the outcome and the cost arrive later in its signed delivery report.
 */
export function termiiAdapter(config: AppConfig['termii']) {
  return {
    channel: 'sms',
    provider: 'termii',
    configured: Boolean(config.apiKey),
    // Termii does not publish a per-account rate; the default 10 a second stays well inside what it takes.
    ratePerSecond: config.ratePerSecond,
    async send(message) {
      const { status, json } = await postJson(`${config.baseUrl}/api/sms/send`, {
        api_key: config.apiKey,
        to: message.to,
        from: message.senderId || config.senderId,
        sms: message.body,
        type: 'plain',
        channel: 'dnd',
      });
      const id = json.message_id_str ?? json.message_id;
      if (status >= 200 && status < 300 && (typeof id === 'string' || typeof id === 'number')) {
        return { providerMessageId: String(id) };
      }
      const said = typeof json.message === 'string' ? json.message : `HTTP ${status}`;
      throw new SendRefused(`Termii refused the message: ${said}`, `termii_${status}`, retryableStatus(status));
    },
  } satisfies ChannelAdapter;
}

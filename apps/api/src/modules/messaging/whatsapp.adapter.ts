import type { AppConfig } from '../../config.js';
import { type ChannelAdapter, postJson, retryableStatus, SendRefused } from './channel.js';
import { WHATSAPP_LANGUAGE } from './whatsapp-templates.js';

/**
 * Meta's error codes that mean WhatsApp will not carry this message to this person, where an SMS
 * may: 131026 not on WhatsApp (or an old app), 131047 outside the 24-hour window, 131049 Meta
 * chose not to deliver, 131050 the person stopped the business's messages.
 */
export const WHATSAPP_FALLBACK_CODES = new Set(['131026', '131047', '131049', '131050']);
/** Throughput and spam limits: the same message may go a little later. */
const WHATSAPP_RETRY_CODES = new Set(['130429', '131048', '131056', '131000']);

/**
 * WhatsApp through the Cloud API: `POST /{phone-number-id}/messages` with an approved template
 * (a business may only open a conversation with one), the receipt's PDF as the header document.
 * Meta answers with the message's `wamid`; sent, delivered, read or failed arrive in its signed
 * webhooks.
 */
export function whatsAppAdapter(config: AppConfig['whatsapp']) {
  return {
    channel: 'whatsapp',
    provider: 'whatsapp',
    configured: Boolean(config.token && config.phoneNumberId),
    // The Cloud API's default throughput is 80 messages a second per business number; 60 by default.
    ratePerSecond: config.ratePerSecond,
    async send(message) {
      const template = message.template;
      if (!template) throw new SendRefused('A WhatsApp message needs a template', 'no_template', false);
      const header =
        template.document && message.documentUrl
          ? [
              {
                type: 'header',
                parameters: [
                  { type: 'document', document: { link: message.documentUrl, filename: template.document.filename } },
                ],
              },
            ]
          : [];
      const { status, json } = await postJson(
        `${config.graphUrl}/${config.phoneNumberId}/messages`,
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          biz_opaque_callback_data: message.id,
          template: {
            name: template.name,
            language: { code: WHATSAPP_LANGUAGE },
            components: [
              ...header,
              { type: 'body', parameters: template.params.map((text) => ({ type: 'text', text })) },
            ],
          },
        },
        { authorization: `Bearer ${config.token}` },
      );
      const messages = json.messages as { id?: unknown }[] | undefined;
      const id = messages?.[0]?.id;
      if (status >= 200 && status < 300 && typeof id === 'string') return { providerMessageId: id };
      const error = (json.error ?? {}) as { code?: unknown; message?: unknown };
      const code = String(error.code ?? status);
      const said = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
      throw new SendRefused(
        `WhatsApp refused the message: ${said}`,
        code,
        retryableStatus(status) || WHATSAPP_RETRY_CODES.has(code),
        WHATSAPP_FALLBACK_CODES.has(code),
      );
    },
  } satisfies ChannelAdapter;
}

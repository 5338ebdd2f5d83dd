import type { MessageChannel } from '@schoolledger/domain';

/** The phone channels as people call them, on the profile and on the Messages screen alike. */
export const CHANNEL_LABELS: Record<MessageChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

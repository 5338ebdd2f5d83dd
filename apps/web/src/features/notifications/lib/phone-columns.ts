import type { MessageChannel, MyPhone } from '@schoolledger/domain';
import type { PhoneColumn } from '@/components/notifications/notification-kinds-table';

const CHANNEL_NAMES: Record<MessageChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/**
 * Whether a person's SMS and WhatsApp switches can be used: only with a confirmed phone and their
 * agreement to the channel (given on their Profile), else the reason in words.
 */
export function phoneColumnsOf(phone: MyPhone | undefined, failed: boolean): Record<MessageChannel, PhoneColumn> {
  const column = (channel: MessageChannel): PhoneColumn => {
    if (!phone) {
      return {
        usable: false,
        reason: failed ? 'We could not check your phone, so SMS and WhatsApp cannot be changed now.' : null,
      };
    }
    if (!phone.verified) {
      return { usable: false, reason: 'SMS and WhatsApp need a confirmed phone: confirm your number in your Profile.' };
    }
    const agreed = phone.consents.some((consent) => consent.channel === channel && consent.withdrawnAt === null);
    return agreed
      ? { usable: true, reason: null }
      : {
          usable: false,
          reason: `You have not agreed to ${CHANNEL_NAMES[channel]} messages: agree to them in your Profile.`,
        };
  };
  return { sms: column('sms'), whatsapp: column('whatsapp') };
}

import type { MessageChannel } from '@schoolledger/domain';
import type { AppConfig } from '../../config.js';
import { decryptSecret } from '../../lib/secrets.js';
import { type ChannelAdapter, SendRefused } from './channel.js';
import type { MessagingAccountRow } from './messaging-accounts.queries.js';
import { termiiAdapter } from './termii.adapter.js';
import { whatsAppAdapter } from './whatsapp.adapter.js';

/** Whether a group's saved account can send on a channel: the keys a send needs are all there. */
export function accountSends(account: MessagingAccountRow | null, channel: MessageChannel): boolean {
  if (!account) return false;
  return channel === 'sms'
    ? account.termiiApiKeyEnc !== null
    : account.whatsappTokenEnc !== null && account.whatsappPhoneNumberId !== null;
}

interface Cached {
  stamp: string;
  adapter: ChannelAdapter;
}

/**
 * The adapters of the school groups that saved their own Termii or WhatsApp keys, built once per
 * group and channel and rebuilt when the group's row changes (its updated_at), so a save on
 * another instance is picked up too, as the mailer does with a group's SMTP settings. Each is an
 * adapter instance of its own, so it is paced on its own (the rate is per provider account).
 */
export function createGroupAdapters(options: { config: AppConfig; encryptionKey: Uint8Array }) {
  const { config, encryptionKey } = options;
  const cache = new Map<string, Cached>();

  const read = (blob: string | null, what: string) => {
    if (!blob) return undefined;
    try {
      return decryptSecret(blob, encryptionKey);
    } catch {
      // The server's key changed since the group saved it: the group must save it again.
      throw new SendRefused(
        `The saved ${what} cannot be read; save the messaging account again`,
        'account_unreadable',
        true,
      );
    }
  };

  function build(account: MessagingAccountRow, channel: MessageChannel): ChannelAdapter {
    if (channel === 'sms') {
      return termiiAdapter({
        ...config.termii,
        apiKey: read(account.termiiApiKeyEnc, 'Termii API key'),
        secretKey: read(account.termiiSecretKeyEnc, 'Termii secret key'),
        // The server's sender ID is registered on the server's account, not necessarily on the group's.
        senderId: account.termiiSenderId || config.termii.senderId,
      });
    }
    return whatsAppAdapter({
      ...config.whatsapp,
      token: read(account.whatsappTokenEnc, 'WhatsApp token'),
      phoneNumberId: account.whatsappPhoneNumberId ?? undefined,
      appSecret: read(account.whatsappAppSecretEnc, 'WhatsApp app secret'),
    });
  }

  return {
    /** The group's adapter for the channel, or null when the group has no keys of its own for it. */
    adapterFor(account: MessagingAccountRow | null, channel: MessageChannel): ChannelAdapter | null {
      if (!account || !accountSends(account, channel)) return null;
      const key = `${account.groupSchoolId}:${channel}`;
      // updated_at, and the saved values themselves: two saves in one millisecond still differ
      // (each encryption has a fresh IV).
      const stamp = [
        account.updatedAt.toISOString(),
        ...(channel === 'sms'
          ? [account.termiiApiKeyEnc, account.termiiSecretKeyEnc, account.termiiSenderId]
          : [account.whatsappTokenEnc, account.whatsappPhoneNumberId, account.whatsappAppSecretEnc]),
      ].join(' ');
      const cached = cache.get(key);
      if (cached?.stamp === stamp) return cached.adapter;
      const adapter = build(account, channel);
      cache.set(key, { stamp, adapter });
      return adapter;
    },
  };
}

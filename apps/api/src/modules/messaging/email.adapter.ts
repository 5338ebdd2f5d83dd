import { type ChannelAdapter, SendRefused } from './channel.js';

/** What the email channel needs of the mailer (modules/email/mailer.ts): a send now, and whether the server has SMTP. */
export interface NoticeMailer {
  serverSends: boolean;
  sendNow(
    schoolId: string | null,
    message: { to: string; subject: string; text: string; html: string | null },
  ): Promise<{ sent: true; messageId: string } | { sent: false; reason: string; code: string; permanent: boolean }>;
}

/**
 * A notice's email as one more channel of the outbox: sent through the school's group's own SMTP
 * server, else the server's (SMTP_URL). Messages of a group with neither wait, like SMS without
 * keys. An SMTP server's 5xx answer is final; anything else may pass later.
 */
export function emailAdapter(mailer: NoticeMailer): ChannelAdapter {
  return {
    channel: 'email',
    provider: 'smtp',
    configured: mailer.serverSends,
    // SMTP servers take a few messages a second per connection; the group's own may be a small one.
    ratePerSecond: 10,
    async send(message) {
      const outcome = await mailer.sendNow(message.schoolId, {
        to: message.to,
        subject: message.subject ?? '',
        text: message.body,
        html: message.html,
      });
      if (!outcome.sent) throw new SendRefused(outcome.reason, outcome.code, !outcome.permanent);
      return { providerMessageId: outcome.messageId };
    },
  };
}

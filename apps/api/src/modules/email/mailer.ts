import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  schoolId?: string | null;
  sensitive?: boolean;
}

/**
 * Every email is written to the outbox first. With SMTP configured it is then sent; without,
 * it stays 'stored' so an administrator can read it (password-reset links in the demo).
 */
export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliver(id: string, email: OutgoingEmail) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await options.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
        .where(eq(emailOutbox.id, id));
    } catch (error) {
      options.log.warn({ err: error, emailId: id }, 'email delivery failed');
      await options.db
        .update(emailOutbox)
        .set({ status: 'failed', attempts: 1, lastError: String((error as Error).message).slice(0, 500) })
        .where(eq(emailOutbox.id, id));
    }
  }

  return {
    /** Queues in the caller's transaction; delivery happens after, and never fails the caller. */
    async queue(db: DbOrTx, email: OutgoingEmail): Promise<() => Promise<void>> {
      const [row] = await db
        .insert(emailOutbox)
        .values({ ...email, schoolId: email.schoolId ?? null, status: transport ? 'queued' : 'stored' })
        .returning({ id: emailOutbox.id });
      return () => deliver(row!.id, email);
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

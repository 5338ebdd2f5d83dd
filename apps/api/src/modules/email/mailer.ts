import type { EmailTemplateId } from '@schoolledger/domain';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  claimDueEmails,
  insertOutboxEmail,
  insertOutboxEmails,
  type OutboxRow,
  recordDeliveryAttempt,
} from './email.queries.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  schoolId?: string | null;
  groupSchoolId?: string | null;
  templateId?: EmailTemplateId | null;
  priority?: 'high' | 'normal';
  sensitive?: boolean;
}

const MINUTE_MS = 60_000;
/** The wait after each failed attempt: 1 min, 5 min, 30 min, 2 h; the attempt after the last wait is the final one. */
export const RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 120 * MINUTE_MS] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * A send claims its email until then, so no other pass (or instance) sends it meanwhile; longer
 * than nodemailer's own timeouts, so only a send cut short by a crash outlives its claim.
 */
const CLAIM_MS = 15 * MINUTE_MS;
const BATCH = 20;

export interface DeliveryPass {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Every email is written to the outbox first. With SMTP configured it is then sent, and a failed
 * send is tried again after each of RETRY_DELAYS_MS before it is marked failed; without SMTP it
 * stays 'stored' so an administrator can read it (password-reset links in the demo).
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { db, clock, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  /** One attempt at a claimed email; records the outcome and when to try again. */
  async function attempt(row: Pick<OutboxRow, 'id' | 'attempts' | 'to' | 'subject' | 'text' | 'html'>) {
    if (!transport) return 'stored' as const;
    const attempts = row.attempts + 1;
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
      });
      await recordDeliveryAttempt(db, row.id, { status: 'sent', sentAt: clock(), attempts, nextAttemptAt: null });
      return 'sent' as const;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const status = delay === undefined ? ('failed' as const) : ('retrying' as const);
      log.warn({ err: error, emailId: row.id, attempts, status }, 'email delivery failed');
      await recordDeliveryAttempt(db, row.id, {
        status,
        attempts,
        lastError: String((error as Error).message).slice(0, 500),
        nextAttemptAt: delay === undefined ? null : new Date(clock().getTime() + delay),
      });
      return status;
    }
  }

  const claimDue = (now: Date): Promise<OutboxRow[]> =>
    claimDueEmails(db, now, new Date(now.getTime() + CLAIM_MS), BATCH);

  return {
    /** Queues in the caller's transaction; delivery happens after, and never fails the caller. */
    async queue(tx: DbOrTx, email: OutgoingEmail): Promise<() => Promise<void>> {
      const row = await insertOutboxEmail(tx, {
        ...email,
        schoolId: email.schoolId ?? null,
        status: transport ? 'queued' : 'stored',
        // Claimed for the send that follows the commit; if that never happens, a pass sends it.
        nextAttemptAt: transport ? new Date(clock().getTime() + CLAIM_MS) : null,
      });
      return async () => {
        await attempt(row);
      };
    },

    /**
     * Queues in the caller's transaction for the delivery job to send (due at once); for emails
     * that ride on an event (notifications), whose callers have nothing to do after the commit.
     */
    async enqueue(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
      await insertOutboxEmail(tx, {
        ...email,
        schoolId: email.schoolId ?? null,
        status: transport ? 'queued' : 'stored',
        nextAttemptAt: transport ? clock() : null,
      });
    },

    /** `enqueue` for a batch, in one statement. */
    async enqueueMany(tx: DbOrTx, emails: readonly OutgoingEmail[]): Promise<void> {
      const now = clock();
      await insertOutboxEmails(
        tx,
        emails.map((email) => ({
          schoolId: email.schoolId ?? null,
          groupSchoolId: email.groupSchoolId ?? null,
          templateId: email.templateId ?? null,
          priority: email.priority ?? 'normal',
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html ?? null,
          sensitive: email.sensitive ?? false,
          status: transport ? ('queued' as const) : ('stored' as const),
          nextAttemptAt: transport ? now : null,
        })),
      );
    },

    /**
     * Sends every email whose (re)try is due. Safe to run from several places at once: each
     * email is claimed before it is sent. The job runner's `email.deliver` runs it (src/jobs/runner.ts).
     */
    async deliverDue(): Promise<DeliveryPass> {
      const pass: DeliveryPass = { sent: 0, retrying: 0, failed: 0 };
      if (!transport) return pass;
      for (;;) {
        const claimed = await claimDue(clock());
        for (const row of claimed) {
          const outcome = await attempt(row);
          if (outcome !== 'stored') pass[outcome]++;
        }
        if (claimed.length < BATCH) return pass;
      }
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

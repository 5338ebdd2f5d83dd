import { isIP } from 'node:net';
import type { EmailTemplateId } from '@schoolledger/domain';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { decryptSecret } from '../../lib/secrets.js';
import {
  claimDueEmails,
  type EmailSettingsRow,
  findEmailSettings,
  findReportAttachment,
  groupSchoolOf,
  insertOutboxEmail,
  type OutboxEmail,
  type OutboxRow,
  queueEmails,
  recordDeliveryAttempt,
} from './email.queries.js';
import { checkedSmtpAddress, SmtpProblem, smtpFailure } from './smtp-host.js';

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
  /** The person who wrote it by hand; absent for the app's own notices. */
  sentBy?: string | null;
  /** A generated report attached to it. */
  reportRunId?: string | null;
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
/** A group's server that does not answer must not hold a pass (or a test send) for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

interface Route {
  transport: Transporter;
  from: Mail.Options['from'];
}

/** A transport built from a group's settings, with the stamp of the settings and the address it was built for. */
interface CachedRoute extends Route {
  stamp: string;
}

/** Thrown when a group's stored password cannot be decrypted (the master secret changed). */
class UnreadableSettings extends SmtpProblem {}

/** What sending a notice's email now came to (`sendNow`). */
export type NowSent =
  | { sent: true; messageId: string }
  | { sent: false; reason: string; code: string; permanent: boolean };

export interface DeliveryPass {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Every email is written to the outbox first. It is sent through its school group's own SMTP
 * server when the group saved one, else through the server's (SMTP_URL), and a failed send is
 * tried again after each of RETRY_DELAYS_MS before it is marked failed; with neither it stays
 * 'stored' so an administrator can read it (password-reset links in the demo).
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  /** Whether a group's SMTP host may be on a private network or this machine (SMTP_ALLOW_PRIVATE_HOSTS). */
  allowPrivateSmtpHosts: boolean;
  from: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Decrypts the groups' SMTP passwords (lib/secrets.ts). */
  encryptionKey: Uint8Array;
}) {
  const { db, clock, log } = options;
  const serverTransport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const groupRoutes = new Map<string, CachedRoute>();

  function forget(groupSchoolId: string) {
    groupRoutes.get(groupSchoolId)?.transport.close();
    groupRoutes.delete(groupSchoolId);
  }

  /**
   * The group's transport, rebuilt when its settings changed since it was made (the row's
   * updated_at), so a save on another instance is picked up too, or when its host now resolves
   * elsewhere. The host is resolved and checked on every send, and the transport connects to the
   * address checked (the name is kept for TLS), so DNS cannot hand a refused address to the socket.
   */
  async function groupRoute(settings: EmailSettingsRow): Promise<Route> {
    const address = await checkedSmtpAddress(settings.host, options.allowPrivateSmtpHosts);
    const stamp = `${settings.updatedAt.toISOString()} ${address}`;
    const cached = groupRoutes.get(settings.groupSchoolId);
    if (cached?.stamp === stamp) return cached;
    let pass: string;
    try {
      pass = decryptSecret(settings.authPassEnc, options.encryptionKey);
    } catch {
      throw new UnreadableSettings('The saved SMTP password cannot be read; save the email configuration again');
    }
    forget(settings.groupSchoolId);
    const route: CachedRoute = {
      stamp,
      transport: nodemailer.createTransport({
        host: address,
        ...(isIP(settings.host) ? {} : { servername: settings.host }),
        port: settings.port,
        secure: settings.secure,
        auth: { user: settings.authUser, pass },
        ...SMTP_TIMEOUTS,
      }),
      from: { name: settings.fromName, address: settings.fromEmail },
    };
    groupRoutes.set(settings.groupSchoolId, route);
    return route;
  }

  async function routeFor(groupSchoolId: string | null | undefined): Promise<Route | null> {
    const settings = groupSchoolId ? await findEmailSettings(db, groupSchoolId) : undefined;
    if (settings) return groupRoute(settings);
    return serverTransport ? { transport: serverTransport, from: options.from } : null;
  }

  /** A group's email goes out now when the server has a transport, or the group settings of its own. */
  const sendsNow = (groupHasSettings: boolean) => serverTransport !== null || groupHasSettings;

  async function deliverable(tx: DbOrTx, groupSchoolId: string | null | undefined) {
    // The server's transport needs no read.
    const hasSettings =
      serverTransport === null && groupSchoolId ? (await findEmailSettings(tx, groupSchoolId)) !== undefined : false;
    return sendsNow(hasSettings);
  }

  /** Whether each group's email can go out now (else it is stored for an administrator): one settings lookup per group. */
  async function deliverability(
    tx: DbOrTx,
    groupSchoolIds: readonly (string | null)[],
  ): Promise<Map<string | null, boolean>> {
    const groups = new Map<string | null, boolean>();
    for (const group of groupSchoolIds) {
      if (!groups.has(group)) groups.set(group, await deliverable(tx, group));
    }
    return groups;
  }

  /** One attempt at a claimed email; records the outcome and when to try again. */
  async function attempt(
    row: Pick<OutboxRow, 'id' | 'attempts' | 'to' | 'subject' | 'text' | 'html' | 'groupSchoolId' | 'reportRunId'>,
  ) {
    const attempts = row.attempts + 1;
    try {
      const route = await routeFor(row.groupSchoolId);
      if (!route) {
        // The group's settings were removed while it waited: keep it for an administrator to read.
        await recordDeliveryAttempt(db, row.id, { status: 'stored', nextAttemptAt: null });
        return 'stored' as const;
      }
      const attachment = row.reportRunId ? await findReportAttachment(db, row.reportRunId) : undefined;
      await route.transport.sendMail({
        from: route.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: attachment ? [attachment] : undefined,
      });
      await recordDeliveryAttempt(db, row.id, { status: 'sent', sentAt: clock(), attempts, nextAttemptAt: null });
      return 'sent' as const;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const status = delay === undefined ? ('failed' as const) : ('retrying' as const);
      log.warn({ err: errorForLog(error), emailId: row.id, attempts, status }, 'email delivery failed');
      await recordDeliveryAttempt(db, row.id, {
        status,
        attempts,
        lastError: smtpFailure(error),
        nextAttemptAt: delay === undefined ? null : new Date(clock().getTime() + delay),
      });
      return status;
    }
  }

  const claimDue = (now: Date): Promise<OutboxRow[]> =>
    claimDueEmails(db, now, new Date(now.getTime() + CLAIM_MS), BATCH);

  /**
   * The outbox rows of emails that ride on an event (notifications), whose callers have nothing
   * to do after the commit: due at once for the delivery job where the group can send, kept
   * where it cannot yet.
   */
  async function outboxRows(reader: DbOrTx, emails: readonly OutgoingEmail[]): Promise<OutboxEmail[]> {
    const groups = await deliverability(
      reader,
      emails.map((email) => email.groupSchoolId ?? null),
    );
    const now = clock();
    return emails.map((email) => {
      const sendable = groups.get(email.groupSchoolId ?? null) === true;
      return {
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? null,
        schoolId: email.schoolId ?? null,
        groupSchoolId: email.groupSchoolId ?? null,
        templateId: email.templateId ?? null,
        priority: email.priority ?? 'normal',
        sensitive: email.sensitive ?? false,
        sentBy: email.sentBy ?? null,
        reportRunId: email.reportRunId ?? null,
        status: sendable ? 'queued' : 'stored',
        nextAttemptAt: sendable ? now : null,
      };
    });
  }

  return {
    /**
     * Queues in the caller's transaction; delivery happens after, and never fails the caller. An
     * email that names only its school goes through that school's group's server.
     */
    async queue(tx: DbOrTx, email: OutgoingEmail): Promise<() => Promise<void>> {
      const groupSchoolId =
        email.groupSchoolId ?? (email.schoolId ? await groupSchoolOf(tx, email.schoolId) : undefined);
      const transport = await deliverable(tx, groupSchoolId);
      const row = await insertOutboxEmail(tx, {
        ...email,
        groupSchoolId: groupSchoolId ?? null,
        schoolId: email.schoolId ?? null,
        status: transport ? 'queued' : 'stored',
        // Claimed for the send that follows the commit; if that never happens, a pass sends it.
        nextAttemptAt: transport ? new Date(clock().getTime() + CLAIM_MS) : null,
      });
      return async () => {
        await attempt(row);
      };
    },

    /** Queues `outboxRows` in the caller's transaction. */
    async enqueue(tx: DbOrTx, emails: readonly OutgoingEmail[]): Promise<{ id: string }[]> {
      return queueEmails(tx, await outboxRows(tx, emails));
    },

    /** Whether the server has an SMTP server of its own (SMTP_URL) for the groups without one. */
    serverSends: serverTransport !== null,

    /**
     * Sends a notice's email now (the notices' outbox's email channel, which keeps its state and
     * retries): through the school's group's own server, else the server's. Never throws: says
     * whether it went, or why not and whether trying again may help (an SMTP 5xx answer will not).
     */
    async sendNow(
      schoolId: string | null,
      message: { to: string; subject: string; text: string; html: string | null },
    ): Promise<NowSent> {
      try {
        const route = await routeFor(schoolId ? await groupSchoolOf(db, schoolId) : undefined);
        if (!route) {
          return {
            sent: false,
            reason: 'No email server is set up to send it',
            code: 'not_configured',
            permanent: false,
          };
        }
        const info = await route.transport.sendMail({
          from: route.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
        return { sent: true, messageId: String(info.messageId) };
      } catch (error) {
        const { responseCode } = error as { responseCode?: number };
        log.warn({ err: errorForLog(error) }, 'a notice email was refused');
        return {
          sent: false,
          reason: smtpFailure(error),
          code: responseCode ? `smtp_${responseCode}` : 'smtp',
          permanent: responseCode !== undefined && responseCode >= 500 && responseCode < 600,
        };
      }
    },

    /**
     * Sends one message at once through the group's own settings, outside the outbox (the test
     * send of the Email Configuration screen); throws the refusal or the SMTP error (smtpFailure
     * words it).
     */
    async sendWithGroupSettings(
      settings: EmailSettingsRow,
      message: { to: string; subject: string; text: string; html: string },
    ) {
      const route = await groupRoute(settings);
      await route.transport.sendMail({ from: route.from, ...message });
      return route.from;
    },

    /** Drops the group's cached transport; the service calls it when the group saves new settings. */
    forgetGroup: forget,

    /**
     * Sends every email whose (re)try is due. Safe to run from several places at once: each
     * email is claimed before it is sent. The job runner's `email.deliver` runs it (src/jobs/runner.ts).
     */
    async deliverDue(): Promise<DeliveryPass> {
      const pass: DeliveryPass = { sent: 0, retrying: 0, failed: 0 };
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

/** The SMTP error without what nodemailer attaches around it (the command sent, which may carry credentials). */
function errorForLog(error: unknown) {
  const { message, code, responseCode } = error as { message?: string; code?: string; responseCode?: number };
  return { message, code, responseCode, unreadableSettings: error instanceof UnreadableSettings };
}

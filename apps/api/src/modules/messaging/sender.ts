import {
  estimateMessageCost,
  type MessageChannel,
  monthOfLagos,
  RECEIPT_KINDS,
  smsEncoding,
} from '@schoolledger/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type ChannelAdapter, SendRefused } from './channel.js';
import { createGroupAdapters } from './group-adapters.js';
import { receiptLinkOf } from './links.js';
import {
  anyOwnSendingAccount,
  type MessagingAccountRow,
  messagingAccountOfSchool,
} from './messaging-accounts.queries.js';
import { messagingSettingsOf, type SchoolMessaging } from './messaging-settings.queries.js';
import {
  adjustSpend,
  type ClaimedMessage,
  claimDueMessages,
  type OutboxMessageRow,
  queueFallbackSms,
  recordAttempt,
  reserveSpend,
} from './outbox.queries.js';
import { applyHeldReports, recoverInterrupted } from './reports.service.js';
import type { TemplateMessage } from './whatsapp-templates.js';

const MINUTE_MS = 60_000;
/** The wait after each failed attempt; the attempt after the last wait is the final one. */
export const MESSAGE_RETRY_DELAYS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS] as const;
/** A send claims its message until then; longer than a send's own timeout. */
const CLAIM_MS = 2 * MINUTE_MS;
/**
 * How long a message interrupted mid-send waits for a provider's report to say it went, before it
 * is sent once more: beyond the providers' usual report delays, so one taken is not sent twice.
 */
const RECHECK_MS = 10 * MINUTE_MS;
const BATCH = 50;
/** Sends in flight at once per pass: enough to keep a slow provider's round trips from setting the pace. */
const IN_FLIGHT = 8;

export interface SendPass {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

/**
 * Paces sends to a provider's rate: each call waits for the next free slot of `perSecond`.
 * Shared by every pass of this process; several processes each keep to it (the providers' limits
 * are generous beside a school group's volume).
 */
function pacer(perSecond: number, clock: () => number = Date.now) {
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = clock();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/** Kinds sent in bulk by a schedule or an announcement: they go after what a person is waiting on. */
const BULK_KINDS = ['payment_reminder', 'late_fee', 'system'];

/**
 * The outbox's sender: claims what is due (emails, SMS, WhatsApp), checks at the last moment that
 * the person still agrees to a phone channel and that the school's budget allows it, sends through
 * the channel's adapter, and records what the provider answered. The providers' reports
 * (webhooks.routes.ts) move a sent SMS or WhatsApp message on.
 */
export function createMessageSender(options: {
  db: Db;
  config: AppConfig;
  adapters: readonly ChannelAdapter[];
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The claim and the wait for a report after an interruption (the bench shortens them). */
  claimMs?: number;
  recheckMs?: number;
  /**
   * Decrypts the school groups' own Termii and WhatsApp keys (messaging_accounts): a message of a
   * group that saved keys for its channel goes through the group's account. Without it, every
   * message goes through `adapters`.
   */
  encryptionKey?: Uint8Array;
}) {
  const { db, clock, log } = options;
  const claimMs = options.claimMs ?? CLAIM_MS;
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  const adapters = new Map(options.adapters.map((adapter) => [adapter.channel, adapter]));
  // Per adapter instance: the server's account and each group's own are paced apart.
  const pacers = new WeakMap<ChannelAdapter, () => Promise<void>>();
  const paceOf = (adapter: ChannelAdapter) => {
    let pace = pacers.get(adapter);
    if (!pace) {
      pace = pacer(adapter.ratePerSecond);
      pacers.set(adapter, pace);
    }
    return pace;
  };
  const configured = options.adapters.filter((adapter) => adapter.configured).map((adapter) => adapter.channel);
  const groupAdapters = options.encryptionKey
    ? createGroupAdapters({ config: options.config, encryptionKey: options.encryptionKey })
    : null;

  /** The group's own adapter for the message's channel when its group saved keys for it, else the server's. */
  async function adapterOf(
    row: ClaimedMessage,
    accountOf: (schoolId: string) => Promise<MessagingAccountRow | null>,
  ): Promise<ChannelAdapter> {
    const email = adapters.get('email');
    // The email channel finds the group's own SMTP server itself, message by message.
    if (row.channel === 'email' && email) return email;
    const phone = row.channel === 'email' ? null : row.channel;
    const account = groupAdapters && phone && row.accountSchoolId ? await accountOf(row.accountSchoolId) : null;
    const adapter = (phone && groupAdapters?.adapterFor(account, phone)) || adapters.get(row.channel);
    if (!adapter?.configured) {
      // The group removed its keys after the message was claimed, and the server has none.
      throw new SendRefused('No account can send this message now', 'not_configured', true);
    }
    return adapter;
  }

  async function giveUp(
    row: ClaimedMessage,
    pass: SendPass,
    reason: string,
    status: 'failed' | 'skipped',
    code?: string,
  ) {
    await recordAttempt(db, row.id, {
      status,
      statusReason: reason,
      errorCode: code ?? null,
      nextAttemptAt: null,
      failedAt: status === 'failed' ? clock() : null,
    });
    pass[status]++;
  }

  /** A WhatsApp message WhatsApp will not carry goes by SMS where the person agreed to SMS: the same notice, once. */
  async function fallBack(row: Pick<OutboxMessageRow, 'id' | 'channel' | 'fallbackBody'>) {
    if (row.channel !== 'whatsapp' || !row.fallbackBody) return;
    const pages = smsEncoding(row.fallbackBody).pages;
    await queueFallbackSms(db, {
      id: row.id,
      pages,
      estimatedCostKobo: estimateMessageCost({ channel: 'sms', pages }),
      now: clock(),
    });
    wake();
  }

  async function attempt(
    row: ClaimedMessage,
    pass: SendPass,
    settingsOf: (schoolId: string) => Promise<SchoolMessaging>,
    accountOf: (schoolId: string) => Promise<MessagingAccountRow | null>,
  ) {
    // An email went to whoever asked for email for the kind; it costs the school nothing per message.
    const phone = row.channel === 'email' ? null : row.channel;
    // A code the person asked for goes to the number they typed; everything else needs their agreement still.
    if (phone && row.kind !== 'phone_code' && !row.consented) {
      await giveUp(row, pass, 'The person withdrew their agreement before it was sent', 'skipped');
      return;
    }
    const month = monthOfLagos(clock());
    const urgent = RECEIPT_KINDS.includes(row.kind as never) || row.kind === 'phone_code';
    const pages = phone === 'sms' ? smsEncoding(row.body).pages : null;
    const cost = phone ? estimateMessageCost({ channel: phone, pages: pages ?? 1 }) : 0n;
    const settings = phone && row.schoolId ? await settingsOf(row.schoolId) : null;
    if (phone && row.schoolId) {
      // Receipts and codes always go, and count towards the month; the rest stop at the budget.
      const budget = urgent ? null : (settings?.monthlyBudgetKobo[phone] ?? null);
      const reserved = await reserveSpend(db, {
        schoolId: row.schoolId,
        channel: phone,
        month,
        costKobo: cost,
        budgetKobo: budget,
      });
      if (!reserved) {
        await giveUp(
          row,
          pass,
          `The school's monthly ${phone === 'sms' ? 'SMS' : 'WhatsApp'} budget is spent`,
          'skipped',
        );
        return;
      }
    }
    const refund = () =>
      phone && row.schoolId
        ? adjustSpend(db, { schoolId: row.schoolId, channel: phone, month, deltaKobo: -cost, messages: -1 })
        : Promise.resolve();
    try {
      const adapter = await adapterOf(row, accountOf);
      await paceOf(adapter)();
      const accepted = await adapter.send({
        id: row.id,
        to: row.toAddress,
        body: row.body,
        template: row.template as TemplateMessage | null,
        documentUrl: row.linkToken && row.paymentId ? receiptLinkOf(options.config, row.linkToken) : null,
        senderId: settings?.smsSenderId || null,
        subject: row.subject,
        html: row.html,
        schoolId: row.accountSchoolId,
      });
      await recordAttempt(db, row.id, {
        status: 'sent',
        provider: adapter.provider,
        providerMessageId: accepted.providerMessageId,
        pages,
        costKobo: phone ? cost : null,
        sentAt: clock(),
        statusReason: null,
        nextAttemptAt: null,
      });
      pass.sent++;
      await applyHeldReports(
        { db, clock, fallBack },
        { provider: adapter.provider, providerMessageId: accepted.providerMessageId },
      );
    } catch (error) {
      await refund();
      const refused =
        error instanceof SendRefused ? error : new SendRefused('The message could not be sent', 'unexpected', true);
      if (!(error instanceof SendRefused))
        log.error({ err: error, messageId: row.id }, 'a message of the outbox failed unexpectedly');
      const delay = MESSAGE_RETRY_DELAYS_MS[row.attempts - 1];
      if (refused.retryable && delay !== undefined) {
        await recordAttempt(db, row.id, {
          status: 'queued',
          statusReason: refused.message,
          errorCode: refused.code,
          nextAttemptAt: new Date(clock().getTime() + delay),
        });
        pass.retrying++;
        return;
      }
      log.warn({ messageId: row.id, channel: row.channel, code: refused.code }, 'a message of the outbox was refused');
      await giveUp(row, pass, refused.message, 'failed', refused.code);
      if (refused.fallback) await fallBack(row);
    }
  }

  /** Sends every message whose (re)try is due; safe from several processes at once (claims). */
  async function deliverDue(): Promise<SendPass> {
    const pass: SendPass = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    if (configured.length === 0 && !(groupAdapters && (await anyOwnSendingAccount(db)))) return pass;
    const interrupted = await recoverInterrupted({ db, clock, fallBack }, new Date(clock().getTime() + recheckMs));
    if (interrupted > 0) {
      log.warn(
        { messages: interrupted },
        'phone messages were interrupted mid-send; waiting for the providers to report them',
      );
    }
    // Read once a pass per school: a reminder run's thousands of messages come from few schools.
    const settingsBySchool = new Map<string, Promise<SchoolMessaging>>();
    const settingsOf = (schoolId: string) => {
      let settings = settingsBySchool.get(schoolId);
      if (!settings) {
        settings = messagingSettingsOf(db, schoolId);
        settingsBySchool.set(schoolId, settings);
      }
      return settings;
    };
    const accountBySchool = new Map<string, Promise<MessagingAccountRow | null>>();
    const accountOf = (schoolId: string) => {
      let account = accountBySchool.get(schoolId);
      if (!account) {
        account = messagingAccountOfSchool(db, schoolId);
        accountBySchool.set(schoolId, account);
      }
      return account;
    };
    for (;;) {
      const now = clock();
      const claimed = await claimDueMessages(db, {
        now,
        channels: configured,
        claimedUntil: new Date(now.getTime() + claimMs),
        batch: BATCH,
        urgentKinds: [...RECEIPT_KINDS, 'phone_code'],
        bulkKinds: BULK_KINDS,
        ownAccounts: groupAdapters !== null,
      });
      for (let start = 0; start < claimed.length; start += IN_FLIGHT) {
        await Promise.all(
          claimed.slice(start, start + IN_FLIGHT).map((row) => attempt(row, pass, settingsOf, accountOf)),
        );
      }
      if (claimed.length < BATCH) return pass;
    }
  }

  let running: Promise<void> | null = null;
  let again = false;
  /**
   * A pass now in this process, for a message someone is waiting on (a code they asked for, a
   * fallback); one pass at a time, and one more if woken during it. The job runner's pass catches the rest.
   */
  function wake() {
    if (configured.length === 0 && !groupAdapters) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await deliverDue();
      } while (again);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'a pass of the phone messages failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    /** The phone channels the server can send on now with keys of its own. */
    channels: configured.filter((channel): channel is MessageChannel => channel !== 'email'),
    /** Whether anything can ever be sent: the server has keys, or a group may save its own. */
    maySend: configured.length > 0 || groupAdapters !== null,
    fallBack,
    deliverDue,
    wake,
    /** Resolves when the woken pass is over (tests, shutdown). */
    async idle() {
      while (running) await running;
    },
  };
}

export type MessageSender = ReturnType<typeof createMessageSender>;

import type { FastifyBaseLogger } from 'fastify';
import { type ConstructorOptions, PgBoss, type SendOptions } from 'pg-boss';
import type { AppContext, JobPayloads, JobSender } from '../app-context.js';
import type { Database } from '../db/client.js';
import { applyRules } from '../modules/adjustment-rules/adjustment-rules.job.js';
import { checkAllBooks } from '../modules/books/integrity.service.js';
import { runReminders } from '../modules/fees/reminders.service.js';
import { applyLateFees } from '../modules/late-fees/late-fees.job.js';
import { applyWaitingCredit } from '../modules/payments/family-credit/family-credit.service.js';
import { runReconcile } from '../modules/payments/online/reconcile.job.js';
import { processRecordedWebhooks } from '../modules/payments/online/webhooks.service.js';
import { payFamilyFeesInOrder } from '../modules/payments/transfers/pay-fees-in-order.service.js';
import { pruneOldNotices } from '../modules/privacy/retention.service.js';
import { tidyReportRuns } from '../modules/reports/report-housekeeping.js';
import { generateReportRun } from '../modules/reports/report-runs.service.js';
import { runDueSchedules } from '../modules/reports/report-schedules.service.js';
import { runSettlementFetch } from '../modules/settlements/settlements.service.js';
import { runScheduledBackup } from '../modules/system/backups.service.js';
import { pruneLogs } from '../modules/system/system.service.js';
import { runTillAlerts } from '../modules/tills/till-alerts.service.js';
import { creditListedTransfers } from '../modules/virtual-accounts/credits.service.js';
import { runVirtualAccountRequery } from '../modules/virtual-accounts/requery.job.js';

/** Every queue the runner works, and what a job of it carries. */
export interface Queues extends JobPayloads {
  'email.deliver': Record<string, never>;
  'messages.deliver': Record<string, never>;
  'payments.reconcile': Record<string, never>;
  'webhooks.recorded': Record<string, never>;
  'reminders.run': Record<string, never>;
  'backups.run': Record<string, never>;
  'system-logs.prune': Record<string, never>;
  'notifications.prune': Record<string, never>;
  'reports.schedule': Record<string, never>;
  'adjustments.late-fees': Record<string, never>;
  'books.integrity': Record<string, never>;
  'virtual-accounts.requery': Record<string, never>;
  'settlements.fetch': Record<string, never>;
  'tills.alerts': Record<string, never>;
}
export type QueueName = keyof Queues;
type Triggered = Exclude<
  QueueName,
  | 'reminders.user'
  | 'reports.generate'
  | 'backups.run'
  | 'system-logs.prune'
  | 'notifications.prune'
  | 'reports.schedule'
  | 'adjustments.rules'
  | 'adjustments.late-fees'
  | 'books.integrity'
  | 'virtual-accounts.requery'
  | 'settlements.fetch'
  | 'tills.alerts'
>;

export const QUEUE_NAMES: readonly QueueName[] = [
  'email.deliver',
  'messages.deliver',
  'payments.reconcile',
  'webhooks.recorded',
  'reminders.run',
  'reminders.user',
  'backups.run',
  'system-logs.prune',
  'notifications.prune',
  'reports.generate',
  'reports.schedule',
  'adjustments.rules',
  'adjustments.late-fees',
  'books.integrity',
  'virtual-accounts.requery',
  'settlements.fetch',
  'tills.alerts',
];

/** SPEC §9: the reminder check runs hourly; on the hour in the school's time zone. */
const REMINDERS_CRON = '0 * * * *';
/**
 * The backup check runs every hour and reads the backup frequency from the settings each time,
 * so a changed frequency applies within the hour without a restart (backups.service.ts decides
 * whether a backup is due against the frequency's own cron: hourly, daily 02:00, Sunday 02:00).
 */
const BACKUP_CHECK_CRON = '0 * * * *';
const LOG_PRUNE_CRON = '30 * * * *';
/** In-app notices past their group's retention go once a day, at night. */
const NOTICE_PRUNE_CRON = '15 3 * * *';
/** Schedules are due on the hour; a pass every 15 minutes also sends those a restart delayed. */
const REPORT_SCHEDULE_CRON = '*/15 * * * *';
/** Rules also run soon after a rule or a fee is approved; the hourly pass catches new students and links. */
const ADJUSTMENT_RULES_CRON = '5 * * * *';
/** Late fees are charged once a day, early in the Lagos morning, for the day that has begun. */
const LATE_FEES_CRON = '0 1 * * *';
/** The books are checked against the records once a day, at night, when the desks are quiet. */
const BOOKS_INTEGRITY_CRON = '30 2 * * *';
/**
 * Families' virtual accounts are asked after once a day, in the morning, for the day before:
 * Paystack sends again what it did not deliver, and it is credited then.
 */
const VIRTUAL_ACCOUNTS_REQUERY_CRON = '0 6 * * *';
/** Paystack pays out the day before's collections in the morning: its settlements are asked for at noon. */
const SETTLEMENTS_FETCH_CRON = '0 12 * * *';
/**
 * Tills left open overnight and tills not banked in time are looked for every hour: the first pass
 * of the Lagos morning flags the tills of the day before.
 */
const TILL_ALERTS_CRON = '10 * * * *';
const TIME_ZONE = 'Africa/Lagos';
/**
 * How often each process asks for an email pass. Notices enqueue their emails due at once, so a
 * short wait is what a reader notices; the queue's slot keeps it to one pass per slot whatever
 * the number of processes.
 */
const EMAIL_PASS_SECONDS = 3;
/** A receipt's SMS should be in the parent's hand within seconds of the payment. */
const MESSAGE_PASS_SECONDS = 2;
/** The retry a failed job gets: pg-boss waits 30 s, then doubles with jitter, at most an hour. */
const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

export interface QueueCounts {
  name: QueueName;
  queued: number;
  deferred: number;
  active: number;
  failed: number;
  total: number;
}

export interface JobRunner extends JobSender {
  /** Asks for one run of a queue's job now; runs that overlap or come within the queue's slot are one run. */
  trigger(name: Triggered): Promise<void>;
  /** Per-queue counts for the ICT administrator, as of pg-boss's last monitoring pass. */
  status(): Promise<QueueCounts[]>;
  stop(): Promise<void>;
}

/**
 * The background work of the app on a PostgreSQL-backed queue (pg-boss), on the embedded
 * database or the server alike. Several processes may run it on one database: each queue's
 * "stately" policy keeps at most one job waiting and one running per key, and a run asked for
 * within a slot (`singletonSeconds`) is the same run, so each is done once.
 */
export async function startJobRunner(options: {
  ctx: AppContext;
  /** The database the backups copy. */
  database: Database;
  store: ConstructorOptions;
  log: FastifyBaseLogger;
  /** How often each process asks for an email pass; 0 leaves email to the hourly schedule. */
  emailPassSeconds?: number;
}): Promise<JobRunner> {
  const { ctx, log } = options;
  const boss = new PgBoss({ ...options.store, schema: 'pgboss' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  for (const name of QUEUE_NAMES) {
    // A pass every few seconds would keep a week of finished jobs by default; an hour is enough to look back on.
    const frequent = name === 'email.deliver' || name === 'messages.deliver' || name === 'payments.reconcile';
    await boss.createQueue(name, { policy: 'stately', ...RETRY, ...(frequent ? { deleteAfterSeconds: 3600 } : {}) });
  }

  const slots: Record<Triggered, number> = {
    'email.deliver': options.emailPassSeconds ?? EMAIL_PASS_SECONDS,
    // With no keys of the server's, a group's own may still send: a pass then asks whether any group saved some.
    'messages.deliver': ctx.messages.maySend ? MESSAGE_PASS_SECONDS : 0,
    'payments.reconcile': ctx.config.reconcileIntervalSeconds,
    'webhooks.recorded': 60,
    'reminders.run': 60,
  };
  const send = async (name: QueueName, data: object, sendOptions: SendOptions) => {
    try {
      await boss.send(name, data, sendOptions);
    } catch (error) {
      // Asking for work must never fail the caller (a sign-in); the schedule catches up.
      log.error({ err: error, queue: name }, 'a job could not be queued');
    }
  };
  const trigger = (name: Triggered) => send(name, {}, { singletonSeconds: Math.max(1, slots[name]) });

  const handlers: { [Name in QueueName]: (data: Queues[Name]) => Promise<unknown> } = {
    'email.deliver': async () => {
      const pass = await ctx.mailer.deliverDue();
      if (pass.sent + pass.retrying + pass.failed > 0) log.info({ email: pass }, 'delivered due emails');
    },
    'messages.deliver': async () => {
      const pass = await ctx.messages.deliverDue();
      if (pass.sent + pass.retrying + pass.failed + pass.skipped > 0)
        log.info({ messages: pass }, 'sent due phone messages');
    },
    'payments.reconcile': async () => {
      const result = await runReconcile(ctx);
      if (!result) return;
      const { alerts, refundErrors, ...counts } = result;
      for (const alert of alerts) log.warn(alert, 'the payment provider could not be asked; its payments stay pending');
      for (const failed of refundErrors)
        log.warn(failed, 'a pending refund could not be checked; the next pass asks again');
      if (counts.checked > 0 || counts.refunds > 0) log.info({ reconcile: counts }, 'reconciled pending payments');
    },
    'webhooks.recorded': async () => {
      const result = await processRecordedWebhooks(ctx);
      if (result.processed + result.failed > 0)
        log.info({ webhooks: result }, 'processed webhooks recorded before the restart');
    },
    'reminders.run': async () => {
      const result = await runReminders(ctx, { now: ctx.clock() });
      if (result.created > 0) log.info({ reminders: result }, 'sent payment reminders');
    },
    'reminders.user': async (data) => {
      await runReminders(ctx, { now: ctx.clock(), userId: data.userId });
    },
    'backups.run': async () => {
      const backup = await runScheduledBackup(ctx, options.database);
      if (backup?.status === 'failed')
        log.error({ module: 'backups', err: { message: backup.error } }, 'scheduled backup failed');
      else if (backup) log.info({ backup: backup.fileName }, 'scheduled backup written');
    },
    'system-logs.prune': async () => {
      await pruneLogs(ctx);
    },
    'notifications.prune': async () => {
      const removed = await pruneOldNotices({ ctx });
      if (removed > 0) log.info({ notices: removed }, 'deleted notices past their retention');
    },
    'reports.generate': async (data) => {
      await generateReportRun(ctx, data.runId);
    },
    'adjustments.rules': async () => {
      const result = await applyRules(ctx, { now: ctx.clock() });
      if (result.made > 0) log.info({ adjustmentRules: result }, 'applied adjustment rules');
      // After the discounts, so waiting family credit pays only what is left of a new fee.
      await applyWaitingCredit(ctx);
    },
    'adjustments.late-fees': async () => {
      const result = await applyLateFees(ctx, { now: ctx.clock() });
      if (result.charged > 0) log.info({ lateFees: result }, 'charged late fees');
    },
    'books.integrity': async () => {
      const result = await checkAllBooks(ctx);
      if (result.disagreeing > 0)
        log.error({ module: 'books', books: result }, 'the books disagree with the records at some schools');
      else log.info({ books: result }, 'checked the books');
    },
    'virtual-accounts.requery': async () => {
      // Transfers recorded but not credited (Paystack's verify did not answer then) are tried again too.
      await trigger('webhooks.recorded');
      const { errors, ...counts } = await runVirtualAccountRequery(ctx);
      if (counts.failed > 0)
        log.warn({ virtualAccounts: counts, errors }, 'some virtual accounts could not be asked after');
      else if (counts.asked > 0) log.info({ virtualAccounts: counts }, 'asked Paystack for missed transfers');
      // And from Paystack's own list of the day, for what no notification brought.
      const listed = await creditListedTransfers(ctx, { day: counts.day, payFees: payFamilyFeesInOrder });
      if (listed.failed > 0) log.warn({ virtualAccounts: listed }, "some businesses' transfers could not be listed");
      else if (listed.credited > 0) log.info({ virtualAccounts: listed }, 'credited transfers no notification brought');
    },
    'settlements.fetch': async () => {
      const { errors, ...counts } = await runSettlementFetch(ctx);
      if (counts.failed > 0)
        log.warn({ settlements: counts, errors }, "some schools' settlements could not be fetched");
      else if (counts.new + counts.matched > 0) log.info({ settlements: counts }, 'fetched and matched settlements');
    },
    'tills.alerts': async () => {
      const result = await runTillAlerts(ctx);
      if (result.leftOpen + result.notBanked > 0)
        log.info({ tills: result }, 'told of tills left open overnight or not banked in time');
    },
    'reports.schedule': async () => {
      const tidied = await tidyReportRuns(ctx, (runId) => send('reports.generate', { runId }, { singletonKey: runId }));
      const result = await runDueSchedules(ctx);
      if (result.queued + result.refused + tidied.requeued + tidied.expired > 0)
        log.info({ reports: { ...result, ...tidied } }, 'ran report schedules');
    },
  };
  for (const name of QUEUE_NAMES) {
    const handler = handlers[name] as (data: object) => Promise<unknown>;
    await boss.work<object>(name, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await handler(job.data);
    });
  }

  await boss.schedule('reminders.run', REMINDERS_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('backups.run', BACKUP_CHECK_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('system-logs.prune', LOG_PRUNE_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('notifications.prune', NOTICE_PRUNE_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('reports.schedule', REPORT_SCHEDULE_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('adjustments.rules', ADJUSTMENT_RULES_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('adjustments.late-fees', LATE_FEES_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('books.integrity', BOOKS_INTEGRITY_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule(
    'virtual-accounts.requery',
    VIRTUAL_ACCOUNTS_REQUERY_CRON,
    {},
    { tz: TIME_ZONE, singletonSeconds: 60 },
  );
  await boss.schedule('settlements.fetch', SETTLEMENTS_FETCH_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  await boss.schedule('tills.alerts', TILL_ALERTS_CRON, {}, { tz: TIME_ZONE, singletonSeconds: 60 });
  // Webhooks acknowledged just before the last stop are settled now, not at the next reconcile pass.
  await trigger('webhooks.recorded');

  const tickers = [
    slots['email.deliver'] > 0 ? setInterval(() => void trigger('email.deliver'), slots['email.deliver'] * 1000) : null,
    slots['messages.deliver'] > 0
      ? setInterval(() => void trigger('messages.deliver'), slots['messages.deliver'] * 1000)
      : null,
    slots['payments.reconcile'] > 0
      ? setInterval(() => void trigger('payments.reconcile'), slots['payments.reconcile'] * 1000)
      : null,
  ].filter((timer) => timer !== null);
  for (const timer of tickers) timer.unref();
  await trigger('email.deliver');

  return {
    async send(name, data) {
      // One waiting check per person is enough: a second sign-in meanwhile is the same check; a
      // report run is one job however often it is asked for; approvals meanwhile share one rules pass.
      const key = 'runId' in data ? data.runId : 'userId' in data ? data.userId : name;
      await send(name, data, { singletonKey: key });
    },
    trigger,
    async status() {
      const queues = await boss.getQueues([...QUEUE_NAMES]);
      return queues.map((queue) => ({
        name: queue.name as QueueName,
        queued: queue.queuedCount,
        deferred: queue.deferredCount,
        active: queue.activeCount,
        failed: queue.failedCount,
        total: queue.totalCount,
      }));
    },
    async stop() {
      for (const timer of tickers) clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

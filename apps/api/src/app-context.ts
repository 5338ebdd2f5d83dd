import type { QueueStatus } from '@schoolledger/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db, ReadDb } from './db/client.js';
import { deriveKey, loadMasterSecret } from './lib/secrets.js';
import { type AccessTokens, createAccessTokens } from './modules/auth/tokens.js';
import { createMailer, type Mailer } from './modules/email/mailer.js';
import { africasTalkingAdapter } from './modules/messaging/africastalking.adapter.js';
import { emailAdapter } from './modules/messaging/email.adapter.js';
import { createMessageSender, type MessageSender } from './modules/messaging/sender.js';
import { termiiAdapter } from './modules/messaging/termii.adapter.js';
import { whatsAppAdapter } from './modules/messaging/whatsapp.adapter.js';

/** Work a request may hand to the job runner, by queue name, with what each job is given. */
export interface JobPayloads {
  /** One person's payment reminders, checked when they sign in. */
  'reminders.user': { userId: string };
  /** One report file to generate (modules/reports). */
  'reports.generate': { runId: string };
  /** A pass of the adjustment rules, asked for when a rule or a fee is approved. */
  'adjustments.rules': Record<string, never>;
}

export interface JobSender {
  send<Name extends keyof JobPayloads>(name: Name, data: JobPayloads[Name]): Promise<void>;
  /** Per-queue counts for the ICT administrator; none until the runner has started. */
  status(): Promise<QueueStatus[]>;
}

/** What services need from the running app, passed explicitly so tests can build their own. */
export interface AppContext {
  db: Db;
  /**
   * Where reports, dashboards and statistics read: the read replica when one is configured, so
   * its figures may be a few seconds behind. Money, and whatever a use case reads after its own
   * write, stay on `db`.
   */
  readDb: ReadDb;
  config: AppConfig;
  tokens: AccessTokens;
  mailer: Mailer;
  /** SMS and WhatsApp: the channels the server has keys for, and their sender. */
  messages: MessageSender;
  clock: () => Date;
  /** Encrypts secrets at rest (schools' provider keys); derived from the master secret. */
  encryptionKey: Uint8Array;
  /** The job runner once the server has started it; until then (and in API tests) jobs are dropped. */
  jobs: JobSender;
}

export function createContext(options: {
  config: AppConfig;
  db: Db;
  /** The read replica's handle; `db` when there is none. */
  readDb?: ReadDb;
  log: FastifyBaseLogger;
  clock?: () => Date;
}): AppContext {
  const master = loadMasterSecret({ appSecret: options.config.appSecret, dataDir: options.config.dataDir });
  const clock = options.clock ?? (() => new Date());
  const encryptionKey = deriveKey(master, 'encryption');
  const mailer = createMailer({
    db: options.db,
    smtpUrl: options.config.smtpUrl,
    allowPrivateSmtpHosts: options.config.smtpAllowPrivateHosts,
    from: options.config.mailFrom,
    log: options.log,
    clock,
    encryptionKey,
  });
  return {
    db: options.db,
    readDb: options.readDb ?? options.db,
    config: options.config,
    tokens: createAccessTokens(deriveKey(master, 'jwt'), options.config.accessTokenTtlSeconds),
    mailer,
    messages: createMessageSender({
      db: options.db,
      config: options.config,
      adapters: [
        emailAdapter(mailer),
        options.config.smsProvider === 'africastalking'
          ? africasTalkingAdapter(options.config.africasTalking)
          : termiiAdapter(options.config.termii),
        whatsAppAdapter(options.config.whatsapp),
      ],
      clock,
      log: options.log,
      encryptionKey,
    }),
    clock,
    encryptionKey,
    jobs: { send: async () => {}, status: async () => [] },
  };
}

import {
  clip,
  DEFAULT_SMTP,
  EMAIL_HOURLY_LIMIT_PER_SCHOOL,
  EMAIL_MESSAGES,
  type EmailConfig,
  type EmailStats,
  ERROR_CODES,
  type emailConfigInputSchema,
  type sendEmailInputSchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, type FieldError, validationFailed } from '../../lib/errors.js';
import { encryptSecret } from '../../lib/secrets.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { Scope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { noticeEmailCounts, recentNoticeEmails } from '../messaging/outbox.queries.js';
import {
  type EmailSettingsRow,
  findEmailSettings,
  handWrittenCountsSince,
  lockEmailSettings,
  outboxStatusCounts,
  recentOutbox,
  recipientsInScope,
  upsertEmailSettings,
} from './email.queries.js';
import { groupOf } from './email-group.js';
import { emailRenderer } from './email-templates.service.js';
import type { OutgoingEmail } from './mailer.js';
import { checkedSmtpAddress, SmtpHostRefused, smtpFailure } from './smtp-host.js';

type ConfigInput = z.output<typeof emailConfigInputSchema>;
type SendInput = z.output<typeof sendEmailInputSchema>;

function toConfig(groupSchoolId: string, row: EmailSettingsRow | undefined): EmailConfig {
  if (!row) {
    return {
      group_school_id: groupSchoolId,
      configured: false,
      host: DEFAULT_SMTP.host,
      port: DEFAULT_SMTP.port,
      secure: DEFAULT_SMTP.secure,
      auth: { user: '', hasPassword: false },
      from: { name: '', email: '' },
      updatedAt: null,
    };
  }
  return {
    group_school_id: groupSchoolId,
    configured: true,
    host: row.host,
    port: row.port,
    secure: row.secure,
    auth: { user: row.authUser, hasPassword: true },
    from: { name: row.fromName, email: row.fromEmail },
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getEmailConfig(ctx: AppContext, auth: AuthContext, requestedGroup: string | undefined) {
  const group = await groupOf(ctx, auth, requestedGroup);
  return toConfig(group, await findEmailSettings(ctx.db, group));
}

/** The settings as the audit log keeps them: the password only as whether it changed. */
function auditView(row: EmailSettingsRow | undefined, password: 'set' | 'changed' | 'unchanged') {
  if (!row) return null;
  const { authPassEnc, createdAt, updatedAt, ...rest } = row;
  return { ...rest, password };
}

/**
 * Saves the group's SMTP server. A password left out keeps the saved one; the first save needs
 * one. The password is stored encrypted, as the schools' provider keys are.
 */
export async function saveEmailConfig(ctx: AppContext, auth: AuthContext, actor: Actor, input: ConfigInput) {
  const group = await groupOf(ctx, auth, input.group_school_id);
  await assertSmtpHostAllowed(ctx, input.host);
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await lockEmailSettings(tx, group);
    const stored = before?.authPassEnc;
    if (!input.auth.pass && !stored) {
      throw validationFailed([{ field: 'auth.pass', message: EMAIL_MESSAGES.passwordRequired }]);
    }
    const row = await upsertEmailSettings(tx, {
      groupSchoolId: group,
      host: input.host.toLowerCase(),
      port: input.port,
      secure: input.secure,
      authUser: input.auth.user,
      authPassEnc: input.auth.pass ? encryptSecret(input.auth.pass, ctx.encryptionKey) : stored!,
      fromName: input.from.name,
      fromEmail: input.from.email,
      updatedBy: auth.userId,
    });
    const password = !input.auth.pass ? 'unchanged' : before ? 'changed' : 'set';
    await recordAudit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'email_settings',
      entityId: group,
      schoolId: null,
      groupSchoolId: group,
      before: auditView(before, 'unchanged'),
      after: auditView(row, password),
    });
    return row;
  });
  ctx.mailer.forgetGroup(group);
  return toConfig(group, saved);
}

/**
 * 422 when the host resolves to an address the server does not connect to (lib: smtp-host.ts). A
 * name that does not resolve now is kept: every send checks it again.
 */
async function assertSmtpHostAllowed(ctx: AppContext, host: string) {
  try {
    await checkedSmtpAddress(host, ctx.config.smtpAllowPrivateHosts);
  } catch (error) {
    if (!(error instanceof SmtpHostRefused) || error.reason === 'notFound') return;
    throw validationFailed([{ field: 'host', message: error.message }]);
  }
}

/** Sends a test email at once through the group's saved settings; a refusal is a result, not an error. */
export async function sendTestEmail(
  ctx: AppContext,
  auth: AuthContext,
  input: { testEmail: string; group_school_id?: string | undefined },
) {
  const group = await groupOf(ctx, auth, input.group_school_id);
  const settings = await findEmailSettings(ctx.db, group);
  if (!settings) return { ok: false, message: 'Save the SMTP settings first, then send a test email' };
  try {
    await ctx.mailer.sendWithGroupSettings(settings, {
      to: input.testEmail,
      subject: 'SchoolLedger test email',
      text: `This is a test email from ${settings.fromName}. Your SMTP settings work.`,
      html: '<p>This is a test email from SchoolLedger. Your SMTP settings work.</p>',
    });
    return { ok: true, message: EMAIL_MESSAGES.testSent };
  } catch (error) {
    return { ok: false, message: `${EMAIL_MESSAGES.testSendFailed}: ${smtpFailure(error)}` };
  }
}

const HOUR_MS = 3_600_000;

/**
 * The people of the caller's schools whom the addresses belong to, by lower-cased address; a 422
 * names each address outside them, so the app cannot be used to mail strangers (hand-written
 * emails, and reports emailed or scheduled).
 */
export async function peopleInScope(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  addresses: readonly string[],
  field: (index: number) => string,
) {
  const people = new Map(
    (await recipientsInScope(ctx.db, scope, [...new Set(addresses)])).map((person) => [person.email, person]),
  );
  const outside: FieldError[] = [];
  addresses.forEach((address, index) => {
    if (!people.has(address)) {
      outside.push({ field: field(index), message: `${address} is not a member of your school` });
    }
  });
  if (outside.length) throw validationFailed(outside);
  return people;
}

/**
 * Queues emails written by hand (SPEC §7 /email/send and /send-bulk), to people within the
 * caller's scope only; a school puts at most EMAIL_HOURLY_LIMIT_PER_SCHOOL of them an hour in the
 * outbox (receipts and reminders are not counted: a busy cash desk must not silence the bursar).
 */
export async function sendEmails(
  ctx: AppContext,
  auth: AuthContext,
  actor: Actor,
  emails: SendInput[],
  field: (index: number) => string,
) {
  const addresses = emails.map((email) => email.to.toLowerCase());
  const people = await peopleInScope(ctx, auth.scope, addresses, field);

  const perSchool = new Map<string, number>();
  for (const address of addresses) {
    const schoolId = people.get(address)?.schoolId;
    if (schoolId) perSchool.set(schoolId, (perSchool.get(schoolId) ?? 0) + 1);
  }
  const sent = await handWrittenCountsSince(ctx.db, [...perSchool.keys()], new Date(ctx.clock().getTime() - HOUR_MS));
  for (const [schoolId, adding] of perSchool) {
    if ((sent.get(schoolId) ?? 0) + adding > EMAIL_HOURLY_LIMIT_PER_SCHOOL) {
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        `A school can send at most ${EMAIL_HOURLY_LIMIT_PER_SCHOOL} emails an hour. Please try again later.`,
      );
    }
  }

  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const { render } = emailRenderer(tx);
    const outgoing: OutgoingEmail[] = [];
    for (const [index, email] of emails.entries()) {
      const person = people.get(addresses[index]!)!;
      const { actionUrl, ...chosen } = email.templateVariables;
      // Who the email is for, whose school it comes from and where its links go are not the
      // sender's to change: links are made from APP_URL, an action only names a page of the app.
      const composed = await render(person.groupSchoolId, email.templateId, {
        year: now.getFullYear(),
        timestamp: now.toISOString(),
        title: email.subject ?? '',
        ...chosen,
        paymentUrl: `${ctx.config.appUrl}/student/fees`,
        actionUrl: typeof actionUrl === 'string' ? `${ctx.config.appUrl}${actionUrl}` : '',
        logoUrl: person.logoUrl ? `${ctx.config.appUrl}${person.logoUrl}` : '',
        firstName: person.firstname,
        lastName: person.lastname,
        regNo: person.regNo ?? '',
        schoolName: person.schoolName ?? 'SchoolLedger',
        supportEmail: person.schoolEmail ?? '',
      });
      outgoing.push({
        ...composed,
        subject: email.subject ? clip(email.subject, 200) : composed.subject,
        to: person.email,
        schoolId: person.schoolId,
        groupSchoolId: person.groupSchoolId,
        templateId: email.templateId,
        priority: email.priority,
        sentBy: auth.userId,
      });
    }
    const rows = await ctx.mailer.enqueue(tx, outgoing);
    await recordAudit(tx, actor, {
      action: 'send',
      entity: 'email',
      entityId: rows.length === 1 ? rows[0]!.id : null,
      schoolId: auth.schoolId,
      after: {
        recipients: outgoing.map((email) => email.to),
        templates: [...new Set(emails.map((e) => e.templateId))],
      },
    });
    return { queued: rows.length, ids: rows.map((row) => row.id) };
  });
}

/** A calendar day starts at midnight in Lagos (UTC+1, no daylight saving). */
const lagosMidnight = (date: string, plusDays = 0) =>
  new Date(new Date(`${date}T00:00:00+01:00`).getTime() + plusDays * 24 * HOUR_MS);

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Counts of the caller's outbox rows queued between `from` and `to` (whole days, both included). */
export async function emailStats(
  ctx: AppContext,
  auth: AuthContext,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<EmailStats> {
  const from = query.from ? lagosMidnight(query.from) : null;
  const to = query.to ? lagosMidnight(query.to, 1) : null;
  // The outbox of mail that is no notice, and the notices' emails in the one outbox of notices.
  const [mailCounts, recentMail, noticeCounts, recentNotices] = await Promise.all([
    outboxStatusCounts(ctx.db, auth.scope, from, to),
    recentOutbox(ctx.db, auth.scope, from, to, 10),
    noticeEmailCounts(ctx.db, auth.scope, from, to),
    recentNoticeEmails(ctx.db, auth.scope, from, to, 10),
  ]);
  const counts = [...mailCounts, ...noticeCounts];
  const of = (status: string) => counts.filter((row) => row.status === status).reduce((sum, row) => sum + row.total, 0);
  const recent = [...recentMail, ...recentNotices]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, 10);
  const totalSent = counts.reduce((sum, row) => sum + row.total, 0);
  const delivered = of('sent');
  const failed = of('failed');
  const rate = percent(delivered, totalSent);
  const groupSettings =
    auth.scope.kind === 'all' || auth.scope.kind === 'none'
      ? undefined
      : await findEmailSettings(ctx.db, auth.scope.groupSchoolId);
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    totalSent,
    totalDelivered: delivered,
    totalFailed: failed,
    totalStored: of('stored'),
    deliveryRate: rate,
    successRate: rate,
    failedEmails: failed,
    bounceRate: 0,
    smtpConfigured: Boolean(ctx.config.smtpUrl) || groupSettings !== undefined,
    recentEmails: recent.map((row) => ({
      _id: row.id,
      to: row.to,
      subject: row.subject ?? '',
      templateId: row.templateId,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

import type { EmailTemplateId, OutboxChannel } from '@schoolledger/domain';
import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf, tableRowOf } from '../../db/rows.js';
import {
  emailSettings,
  messageConsents,
  messageOutbox,
  messageReportBacklog,
  messageSpend,
  messagingAccounts,
  schools,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type OutboxMessageRow = typeof messageOutbox.$inferSelect;

/** A phone message as the notices write it (migration 0036's `queue_messages`, through `deliver_notices`). */
export interface QueuedMessage {
  /** Tells `deliver_notices` this entry of the outbox is a message of the one outbox (`queue_messages`). */
  channel: OutboxChannel;
  schoolId: string | null;
  userId: string;
  kind: string;
  noticeKey: string;
  /** A phone number in 234… form, or an email address. */
  toAddress: string;
  body: string;
  /** An email's subject, HTML and template; absent for SMS and WhatsApp. */
  subject?: string;
  html?: string | null;
  emailTemplateId?: EmailTemplateId | null;
  template: unknown;
  fallbackBody: string | null;
  linkToken: string | null;
  paymentId: string | null;
  status: 'queued' | 'held';
  /** SMS pages; null for WhatsApp and email. */
  pages: number | null;
  estimatedCostKobo: string;
  nextAttemptAt: string;
}

/** Queues phone messages outside a notice (a phone's verification code, a fallback SMS); once per person, key and channel. */
export async function queueMessages(db: DbOrTx, messages: readonly QueuedMessage[]) {
  if (messages.length === 0) return;
  await db.execute(sql`select queue_messages(${JSON.stringify(messages)}::jsonb)`);
}

/** A claimed message with what its send checks at the last moment: whether the person still agrees. */
export interface ClaimedMessage extends OutboxMessageRow {
  /** The person's agreement to this channel at this number is still in force. */
  consented: boolean;
  /** Whose group's own account may send it: its school's, or for a code (no school), the person's school. */
  accountSchoolId: string | null;
}

/**
 * The SMS a WhatsApp message stood by with, queued in its place: only where the person agrees to
 * SMS at that number now, and once (the same person, notice and channel).
 */
export async function queueFallbackSms(
  db: DbOrTx,
  { id, pages, estimatedCostKobo, now }: { id: string; pages: number; estimatedCostKobo: bigint; now: Date },
) {
  await db.execute(sql`insert into ${messageOutbox} (school_id, user_id, channel, kind, notice_key, to_address, body,
      link_token, payment_id, status, pages, estimated_cost_kobo, next_attempt_at)
    select m.school_id, m.user_id, 'sms', m.kind, m.notice_key, m.to_address, m.fallback_body, m.link_token, m.payment_id,
      'queued', ${pages}, ${estimatedCostKobo.toString()}::bigint, ${now.toISOString()}::timestamptz
    from ${messageOutbox} m
    where m.id = ${id}::uuid and m.fallback_body is not null
      and exists (select 1 from ${messageConsents} c where c.user_id = m.user_id and c.channel = 'sms'
        and c.withdrawn_at is null and c.phone = m.to_address)
    on conflict (user_id, notice_key, channel) do nothing`);
}

/**
 * Messages still `sending` after their claim ran out: their sender stopped mid-send (a crash, a
 * kill), so the provider may or may not have taken them. Marked interrupted until `recheckAt`:
 * a report of the provider's that names one (by its words and number, or our id it echoes) finds
 * it meanwhile; one nobody reports was never taken, and is sent once more then.
 */
export async function markInterrupted(
  db: DbOrTx,
  { now, recheckAt }: { now: Date; recheckAt: Date },
): Promise<Pick<OutboxMessageRow, 'id' | 'toAddress' | 'body'>[]> {
  return db
    .update(messageOutbox)
    .set({
      status: 'interrupted',
      nextAttemptAt: recheckAt,
      statusReason: 'The sender stopped while sending; waiting for the provider to say whether it went',
    })
    .where(and(eq(messageOutbox.status, 'sending'), lte(messageOutbox.nextAttemptAt, now)))
    .returning({ id: messageOutbox.id, toAddress: messageOutbox.toAddress, body: messageOutbox.body });
}

/**
 * An interrupted message a provider's report names, by our id it echoes (WhatsApp's
 * `biz_opaque_callback_data`) or by its number and words (Termii's reports repeat both, and a
 * message's words carry its receipt number or its day): it went, under the provider's id.
 */
export async function adoptInterrupted(
  db: DbOrTx,
  {
    provider,
    providerMessageId,
    ourId,
    receiver,
    body,
  }: {
    provider: string;
    providerMessageId: string;
    ourId?: string | null;
    receiver?: string | null;
    body?: string | null;
  },
): Promise<boolean> {
  const named = ourId
    ? eq(messageOutbox.id, ourId)
    : receiver && body
      ? and(eq(messageOutbox.toAddress, receiver), eq(messageOutbox.body, body))
      : undefined;
  if (!named) return false;
  const adopted = await db
    .update(messageOutbox)
    .set({ status: 'sent', provider, providerMessageId, statusReason: null, nextAttemptAt: null })
    .where(and(eq(messageOutbox.status, 'interrupted'), named))
    .returning({ id: messageOutbox.id });
  return adopted.length > 0;
}

/**
 * Claims up to `batch` messages due by `now` until `claimedUntil`, receipts first (a parent at the
 * desk is waiting; a reminder run can wait): queued ones, held ones whose quiet hours ended, and
 * interrupted ones no report has found. Rows another sender holds are skipped.
 */
export async function claimDueMessages(
  db: DbOrTx,
  {
    now,
    channels,
    claimedUntil,
    batch,
    urgentKinds,
    bulkKinds,
    ownAccounts = false,
  }: {
    now: Date;
    /** The channels this server can send on; the others' messages wait for their keys. */
    channels: readonly string[];
    claimedUntil: Date;
    batch: number;
    urgentKinds: readonly string[];
    /** Sent after the rest: an hourly run of reminders to a whole group does not hold up a lockout's email. */
    bulkKinds: readonly string[];
    /** Also the messages of schools whose group saved its own keys for the channel (messaging_accounts). */
    ownAccounts?: boolean;
  },
): Promise<ClaimedMessage[]> {
  const urgent = `{${urgentKinds.join(',')}}`;
  const bulk = `{${bulkKinds.join(',')}}`;
  const sendable = `{${channels.join(',')}}`;
  // A code confirming a number belongs to no school: the person's school's group sends it.
  const accountSchool = (message: SQL) =>
    sql`coalesce(${message}.school_id, (select u.school_id from ${users} u where u.id = ${message}.user_id))`;
  const ownAccount = ownAccounts
    ? sql`or exists (select 1 from ${schools} s join ${messagingAccounts} a on a.group_school_id = s.group_school_id
          where s.id = ${accountSchool(sql.raw('"message_outbox"'))} and case ${messageOutbox.channel}
            when 'sms' then a.termii_api_key_enc is not null
            when 'whatsapp' then a.whatsapp_token_enc is not null and a.whatsapp_phone_number_id is not null
            else false end)
        or (${messageOutbox.channel} = 'email' and exists (select 1 from ${schools} s
          join ${emailSettings} e on e.group_school_id = s.group_school_id
          where s.id = ${accountSchool(sql.raw('"message_outbox"'))}))`
    : sql``;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with due as (
        select id from ${messageOutbox}
        where status in ('queued', 'held', 'interrupted') and next_attempt_at <= ${now.toISOString()}::timestamptz
          and (channel = any (${sendable}::text[]) ${ownAccount})
        order by kind <> all (${urgent}::text[]), kind = any (${bulk}::text[]), next_attempt_at
        limit ${batch}
        for update skip locked
      )
      update ${messageOutbox} m set status = 'sending', attempts = m.attempts + 1,
        next_attempt_at = ${claimedUntil.toISOString()}::timestamptz
      from due where m.id = due.id
      returning m.*,
        exists (select 1 from ${messageConsents} c join ${users} u on u.id = c.user_id
          where c.user_id = m.user_id and c.channel = m.channel and c.withdrawn_at is null
            and c.phone = m.to_address and u.phone_verified_at is not null
            and phone_international(u.phone) = m.to_address) as consented,
        ${accountSchool(sql.raw('m'))} as account_school_id`,
  );
  return rows.map((row) => ({
    ...tableRowOf(messageOutbox, row),
    consented: row.consented === true,
    accountSchoolId: (row.account_school_id as string | null) ?? null,
  }));
}

/** What one attempt ended in. */
export async function recordAttempt(
  db: DbOrTx,
  id: string,
  outcome: Partial<
    Pick<
      typeof messageOutbox.$inferInsert,
      | 'status'
      | 'statusReason'
      | 'errorCode'
      | 'provider'
      | 'providerMessageId'
      | 'pages'
      | 'costKobo'
      | 'nextAttemptAt'
      | 'sentAt'
      | 'failedAt'
    >
  >,
) {
  await db.update(messageOutbox).set(outcome).where(eq(messageOutbox.id, id));
}

/**
 * Reserves a message's estimated cost against its school's budget for the channel this month:
 * one statement, so two senders never both spend the last of it. False: the budget would be passed.
 */
export async function reserveSpend(
  db: DbOrTx,
  {
    schoolId,
    channel,
    month,
    costKobo,
    budgetKobo,
  }: { schoolId: string; channel: 'sms' | 'whatsapp'; month: string; costKobo: bigint; budgetKobo: bigint | null },
): Promise<boolean> {
  if (budgetKobo !== null && costKobo > budgetKobo) return false;
  const within: SQL =
    budgetKobo === null
      ? sql`true`
      : sql`${messageSpend.spentKobo} + excluded.spent_kobo <= ${budgetKobo.toString()}::bigint`;
  const rows = await rowsOf<{ spent: string }>(
    db,
    sql`insert into ${messageSpend} (school_id, channel, month, spent_kobo, messages)
      values (${schoolId}::uuid, ${channel}, ${month}, ${costKobo.toString()}::bigint, 1)
      on conflict (school_id, channel, month) do update
        set spent_kobo = ${messageSpend.spentKobo} + excluded.spent_kobo, messages = ${messageSpend.messages} + 1
        where ${within}
      returning spent_kobo as spent`,
  );
  return rows.length > 0;
}

/** Moves a month's spend by `deltaKobo`: a reservation given back, or the provider's own price in place of the estimate. */
export async function adjustSpend(
  db: DbOrTx,
  {
    schoolId,
    channel,
    month,
    deltaKobo,
    messages = 0,
  }: {
    schoolId: string;
    channel: 'sms' | 'whatsapp';
    month: string;
    deltaKobo: bigint;
    messages?: number;
  },
) {
  if (deltaKobo === 0n && messages === 0) return;
  await db
    .update(messageSpend)
    .set({
      spentKobo: sql`greatest(${messageSpend.spentKobo} + ${deltaKobo.toString()}::bigint, 0)`,
      messages: sql`greatest(${messageSpend.messages} + ${messages}, 0)`,
    })
    .where(and(eq(messageSpend.schoolId, schoolId), eq(messageSpend.channel, channel), eq(messageSpend.month, month)));
}

/** The month's spend of a school on each channel. */
export async function spendOf(db: DbOrTx, schoolId: string, month: string) {
  return db
    .select({ channel: messageSpend.channel, spentKobo: messageSpend.spentKobo, messages: messageSpend.messages })
    .from(messageSpend)
    .where(and(eq(messageSpend.schoolId, schoolId), eq(messageSpend.month, month)));
}

export type ReportedStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** What a provider reported of one of its messages. */
export interface ProviderReport {
  provider: string;
  providerMessageId: string;
  status: ReportedStatus;
  at: Date;
  reason?: string | null;
  errorCode?: string | null;
  costKobo?: bigint | null;
  /** What else names the message, where the provider's report carries it: our id echoed back, or its number and words. */
  ourId?: string | null;
  receiver?: string | null;
  body?: string | null;
}

/** Whether a message is known by the provider's id (its sender recorded it). */
export async function isProviderMessageKnown(
  db: DbOrTx,
  { provider, providerMessageId }: { provider: string; providerMessageId: string },
) {
  const [row] = await db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.provider, provider), eq(messageOutbox.providerMessageId, providerMessageId)))
    .limit(1);
  return row !== undefined;
}

/** Keeps a report whose message is not known by the provider's id yet. */
export async function holdReport(db: DbOrTx, report: ProviderReport) {
  await db.insert(messageReportBacklog).values({
    provider: report.provider,
    providerMessageId: report.providerMessageId,
    report: {
      status: report.status,
      at: report.at.toISOString(),
      reason: report.reason ?? null,
      errorCode: report.errorCode ?? null,
      costKobo: report.costKobo?.toString() ?? null,
      ourId: report.ourId ?? null,
      receiver: report.receiver ?? null,
      body: report.body ?? null,
    },
  });
}

/** Held reports that name an interrupted message by our id, or by its number and words; taken (deleted). */
export async function takeHeldReportsNaming(
  db: DbOrTx,
  message: Pick<OutboxMessageRow, 'id' | 'toAddress' | 'body'>,
): Promise<ProviderReport[]> {
  const rows = await db
    .delete(messageReportBacklog)
    .where(
      sql`${messageReportBacklog.report}->>'ourId' = ${message.id} or (${messageReportBacklog.report}->>'receiver' = ${message.toAddress}
        and ${messageReportBacklog.report}->>'body' = ${message.body})`,
    )
    .returning();
  return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).map(heldReport);
}

/** Takes (deletes and answers, oldest first) the reports held for a message; also drops any held a day. */
export async function takeHeldReports(
  db: DbOrTx,
  { provider, providerMessageId, now }: { provider: string; providerMessageId: string; now: Date },
): Promise<ProviderReport[]> {
  await db
    .delete(messageReportBacklog)
    .where(lt(messageReportBacklog.receivedAt, new Date(now.getTime() - 86_400_000)));
  const rows = await db
    .delete(messageReportBacklog)
    .where(
      and(eq(messageReportBacklog.provider, provider), eq(messageReportBacklog.providerMessageId, providerMessageId)),
    )
    .returning();
  return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).map(heldReport);
}

/** A held report as it was received. */
function heldReport(row: typeof messageReportBacklog.$inferSelect): ProviderReport {
  const held = row.report as {
    status: ReportedStatus;
    at: string;
    reason: string | null;
    errorCode: string | null;
    costKobo: string | null;
    ourId?: string | null;
    receiver?: string | null;
    body?: string | null;
  };
  return {
    provider: row.provider,
    providerMessageId: row.providerMessageId,
    status: held.status,
    at: new Date(held.at),
    reason: held.reason,
    errorCode: held.errorCode,
    costKobo: held.costKobo === null ? null : BigInt(held.costKobo),
    ourId: held.ourId ?? null,
    receiver: held.receiver ?? null,
    body: held.body ?? null,
  };
}

/**
 * A provider's report on one of its messages. Reports arrive out of order and more than once
 * (`read` before `delivered`, `Sent` after `Delivered`): the furthest state reached is kept, with
 * the time of each, and a failure after a delivery changes nothing. Answers the row as it was
 * before, so the caller acts once on a change (a fallback, a spend correction).
 */
export async function applyReport(
  db: DbOrTx,
  { provider, providerMessageId, status, at, reason, errorCode, costKobo }: ProviderReport,
): Promise<{ before: OutboxMessageRow; after: OutboxMessageRow } | undefined> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with before as (
        select * from ${messageOutbox} where provider = ${provider} and provider_message_id = ${providerMessageId}
        for update
      )
      update ${messageOutbox} m set
        status = case
          when ${status} = 'failed' then case when m.status in ('delivered', 'read') then m.status else 'failed' end
          when m.status = 'failed' then m.status
          when array_position(array['sending', 'sent', 'delivered', 'read'], ${status}::text)
            > coalesce(array_position(array['sending', 'sent', 'delivered', 'read'], m.status), 0) then ${status}
          else m.status end,
        sent_at = coalesce(m.sent_at, ${at.toISOString()}::timestamptz),
        delivered_at = case when ${status} in ('delivered', 'read') then coalesce(m.delivered_at, ${at.toISOString()}::timestamptz) else m.delivered_at end,
        read_at = case when ${status} = 'read' then coalesce(m.read_at, ${at.toISOString()}::timestamptz) else m.read_at end,
        failed_at = case when ${status} = 'failed' and m.status not in ('delivered', 'read') then coalesce(m.failed_at, ${at.toISOString()}::timestamptz) else m.failed_at end,
        status_reason = case when ${status} = 'failed' and m.status not in ('delivered', 'read') then ${reason ?? null} else m.status_reason end,
        error_code = case when ${status} = 'failed' and m.status not in ('delivered', 'read') then ${errorCode ?? null} else m.error_code end,
        cost_kobo = coalesce(${costKobo === undefined || costKobo === null ? null : costKobo.toString()}::bigint, m.cost_kobo)
      from before where m.id = before.id
      returning to_jsonb(before.*) as before, to_jsonb(m.*) as after`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    before: tableRowOf(messageOutbox, row.before as Record<string, unknown>),
    after: tableRowOf(messageOutbox, row.after as Record<string, unknown>),
  };
}

/** The newest messages of the caller's schools, for the delivery screens. */
export async function listMessages(
  db: DbOrTx,
  {
    scope,
    schoolId,
    status,
    channel,
    before,
    limit,
  }: {
    scope: Scope;
    schoolId?: string | undefined;
    status?: OutboxMessageRow['status'] | undefined;
    channel?: OutboxMessageRow['channel'] | undefined;
    before?: Date | undefined;
    limit: number;
  },
) {
  return db
    .select({
      message: messageOutbox,
      recipientFirst: users.firstname,
      recipientLast: users.lastname,
    })
    .from(messageOutbox)
    .leftJoin(users, eq(users.id, messageOutbox.userId))
    .where(
      and(
        inSchoolScope(scope, messageOutbox.schoolId),
        schoolId ? eq(messageOutbox.schoolId, schoolId) : undefined,
        status ? eq(messageOutbox.status, status) : undefined,
        channel ? eq(messageOutbox.channel, channel) : undefined,
        before ? lt(messageOutbox.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(messageOutbox.createdAt))
    .limit(limit);
}

/** The message a receipt link names, if it names one. */
export async function findByLinkToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ paymentId: messageOutbox.paymentId, createdAt: messageOutbox.createdAt, userId: messageOutbox.userId })
    .from(messageOutbox)
    .where(eq(messageOutbox.linkToken, token))
    .limit(1);
  return row;
}

/** The messages sent to a person since `since`, newest first (their copy of their data). */
export async function messagesTo(db: DbOrTx, { userId, since, limit }: { userId: string; since: Date; limit: number }) {
  return db
    .select({
      channel: messageOutbox.channel,
      kind: messageOutbox.kind,
      body: messageOutbox.body,
      status: messageOutbox.status,
      createdAt: messageOutbox.createdAt,
    })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.userId, userId), gte(messageOutbox.createdAt, since)))
    .orderBy(desc(messageOutbox.createdAt))
    .limit(limit);
}

/**
 * Deletes up to `batch` messages older than their school's group keeps notices (the periods given
 * per group, `otherwise` for the rest), never one still on its way; answers how many went.
 */
export async function deleteOldMessages(
  db: DbOrTx,
  periods: { groupSchoolId: string; months: number }[],
  options: { otherwise: number; now: Date; batch: number },
): Promise<number> {
  const kept = sql`(select * from jsonb_to_recordset(${JSON.stringify(periods)}::jsonb)
    as p("groupSchoolId" uuid, "months" int))`;
  const removed = await rowsOf<{ id: string }>(
    db,
    sql`delete from ${messageOutbox} where id in (
      select m.id from ${messageOutbox} m
      left join ${schools} s on s.id = m.school_id
      left join ${kept} k on k."groupSchoolId" = s.group_school_id
      where m.created_at < ${options.now.toISOString()}::timestamptz
          - make_interval(months => coalesce(k."months", ${options.otherwise}::int))
        and m.status not in ('queued', 'held', 'sending', 'interrupted')
      limit ${options.batch}
    ) returning id`,
  );
  return removed.length;
}

/** A notice email's state as the Email screens count it (queued, sent, failed), from the outbox's. */
const emailState = sql<
  'queued' | 'sent' | 'failed'
>`case when ${messageOutbox.status} in ('sent', 'delivered', 'read') then 'sent'
  when ${messageOutbox.status} in ('failed', 'skipped') then 'failed' else 'queued' end`;

const noticeEmailsOf = (scope: Scope, from: Date | null, to: Date | null) =>
  and(
    eq(messageOutbox.channel, 'email'),
    inSchoolScope(scope, messageOutbox.schoolId),
    from ? gte(messageOutbox.createdAt, from) : undefined,
    to ? lt(messageOutbox.createdAt, to) : undefined,
  );

/** Counts per state of the notices' emails of the caller's schools queued in [from, to). */
export async function noticeEmailCounts(db: DbOrTx, scope: Scope, from: Date | null, to: Date | null) {
  const rows = await db
    .select({ status: emailState, total: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(noticeEmailsOf(scope, from, to))
    .groupBy(emailState);
  return rows.map((row) => ({ status: row.status, total: Number(row.total) }));
}

/** The newest notices' emails of the caller's schools queued in [from, to). */
export async function recentNoticeEmails(db: DbOrTx, scope: Scope, from: Date | null, to: Date | null, limit: number) {
  return db
    .select({
      id: messageOutbox.id,
      to: messageOutbox.toAddress,
      subject: messageOutbox.subject,
      templateId: messageOutbox.emailTemplateId,
      status: emailState,
      createdAt: messageOutbox.createdAt,
      sentAt: messageOutbox.sentAt,
    })
    .from(messageOutbox)
    .where(noticeEmailsOf(scope, from, to))
    .orderBy(desc(messageOutbox.createdAt))
    .limit(limit);
}

import { type SQL, sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { messageOutbox, schools, users } from '../../../db/schema.js';
import { inRange, type ResolvedReport } from '../report-definition.js';
import { personName } from './person-name.js';

/** The Lagos month (`YYYY-MM`) a message was created in. */
const lagosMonth = sql`to_char(${messageOutbox.createdAt} at time zone 'Africa/Lagos', 'YYYY-MM')`;

/**
 * The report's messages: of its schools (a code confirming a phone belongs to no school and is
 * left out) and created within its Lagos days.
 */
/** The report's schools and period, and its phone messages: emails cost nothing per message and are not counted here. */
const ofReport = (report: ResolvedReport): SQL =>
  sql`${report.inSchools(messageOutbox.schoolId)} and ${inRange(messageOutbox.createdAt, report.range)}
    and ${messageOutbox.channel} <> 'email'`;

/** The sender's words for a message skipped because the school's monthly budget was spent. */
const BUDGET_SPENT = sql`${messageOutbox.statusReason} like '%budget is spent%'`;

export interface MessageMonth {
  school: string;
  month: string;
  channel: 'sms' | 'whatsapp';
  messages: number;
  delivered: number;
  read: number;
  sent: number;
  failed: number;
  skipped_budget: number;
  skipped_consent: number;
  waiting: number;
  estimated: string;
  reported: string;
}

/**
 * Per school, Lagos month and channel: every message, those that reached the phone (read ones
 * included) and those read, sent with no report yet, failed, skipped (the budget spent; otherwise
 * the person's agreement ended: withdrawn, or erased), and not done yet. The costs are of the
 * messages the provider took (those with a sending time): what was estimated when each was
 * queued, and what it cost (the provider's price where its report gave one, else the estimate made
 * when sending).
 */
export function messageMonths(db: ReadDb, report: ResolvedReport) {
  const status = messageOutbox.status;
  const taken = sql`${messageOutbox.sentAt} is not null`;
  return rowsOf<MessageMonth>(
    db,
    sql`select ${schools.name} as school, ${lagosMonth} as month, ${messageOutbox.channel} as channel,
        count(*)::int as messages,
        (count(*) filter (where ${status} in ('delivered', 'read')))::int as delivered,
        (count(*) filter (where ${status} = 'read'))::int as read,
        (count(*) filter (where ${status} = 'sent'))::int as sent,
        (count(*) filter (where ${status} = 'failed'))::int as failed,
        (count(*) filter (where ${status} = 'skipped' and ${BUDGET_SPENT}))::int as skipped_budget,
        (count(*) filter (where ${status} = 'skipped' and not coalesce(${BUDGET_SPENT}, false)))::int as skipped_consent,
        (count(*) filter (where ${status} in ('queued', 'held', 'sending', 'interrupted')))::int as waiting,
        (coalesce(sum(${messageOutbox.estimatedCostKobo}) filter (where ${taken}), 0))::text as estimated,
        (coalesce(sum(${messageOutbox.costKobo}) filter (where ${taken}), 0))::text as reported
      from ${messageOutbox}
      join ${schools} on ${schools.id} = ${messageOutbox.schoolId}
      where ${ofReport(report)}
      group by ${schools.id}, ${schools.name}, ${lagosMonth}, ${messageOutbox.channel}
      order by ${schools.name}, ${schools.id}, ${lagosMonth}, ${messageOutbox.channel}`,
  );
}

export interface FailureReason {
  school: string;
  month: string;
  channel: 'sms' | 'whatsapp';
  reason: string;
  messages: number;
  rank: number;
}

/** The commonest reasons messages failed, up to `top` per school, Lagos month and channel, commonest first. */
export function topFailureReasons(db: ReadDb, report: ResolvedReport, top: number) {
  return rowsOf<FailureReason>(
    db,
    sql`select school, month, channel, reason, messages, rank::int as rank from (
        select ${schools.name} as school, ${schools.id} as school_id, ${lagosMonth} as month,
          ${messageOutbox.channel} as channel,
          coalesce(nullif(trim(${messageOutbox.statusReason}), ''), 'No reason was given') as reason,
          count(*)::int as messages,
          row_number() over (
            partition by ${schools.id}, ${lagosMonth}, ${messageOutbox.channel}
            order by count(*) desc, coalesce(nullif(trim(${messageOutbox.statusReason}), ''), 'No reason was given')
          ) as rank
        from ${messageOutbox}
        join ${schools} on ${schools.id} = ${messageOutbox.schoolId}
        where ${messageOutbox.status} = 'failed' and ${ofReport(report)}
        group by ${schools.id}, ${schools.name}, ${lagosMonth}, ${messageOutbox.channel},
          coalesce(nullif(trim(${messageOutbox.statusReason}), ''), 'No reason was given')
      ) reasons
      where rank <= ${top}
      order by school, school_id, month, channel, rank`,
  );
}

export async function countFailedMessages(db: ReadDb, report: ResolvedReport) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${messageOutbox}
      where ${messageOutbox.status} = 'failed' and ${messageOutbox.schoolId} is not null and ${ofReport(report)}`,
  );
  return row?.n ?? 0;
}

export interface FailedMessage {
  at: Date;
  school: string;
  channel: 'sms' | 'whatsapp';
  kind: string;
  recipient: string | null;
  to_address: string;
  reason: string | null;
  error_code: string | null;
}

/** Every failed message of the report, oldest first: when, to whom, and why. */
export function failedMessages(db: ReadDb, report: ResolvedReport) {
  return rowsOf<FailedMessage>(
    db,
    sql`select ${messageOutbox.createdAt} as at, ${schools.name} as school, ${messageOutbox.channel} as channel,
        ${messageOutbox.kind} as kind, ${personName(users)} as recipient, ${messageOutbox.toAddress} as to_address,
        ${messageOutbox.statusReason} as reason, ${messageOutbox.errorCode} as error_code
      from ${messageOutbox}
      join ${schools} on ${schools.id} = ${messageOutbox.schoolId}
      left join ${users} on ${users.id} = ${messageOutbox.userId}
      where ${messageOutbox.status} = 'failed' and ${ofReport(report)}
      order by ${messageOutbox.createdAt}, ${messageOutbox.id}`,
  );
}

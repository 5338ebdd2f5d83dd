import type { MessageChannel } from '@schoolledger/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageOutbox } from '../../db/schema.js';

/** The first instant of a Lagos month (`YYYY-MM`), or of the month after it. */
const lagosMonthStart = (month: string, next = false): SQL =>
  next
    ? sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone 'Africa/Lagos')`
    : sql`(${`${month}-01`}::date::timestamp at time zone 'Africa/Lagos')`;

export interface ChannelMonthCounts {
  channel: MessageChannel;
  messages: number;
  delivered: number;
  failed: number;
  skipped: number;
  waiting: number;
}

/**
 * A school's messages created in a Lagos month, per channel: every one, those that reached the
 * phone (delivered or read), failed, skipped, and those not done yet (queued, held, sending,
 * interrupted). A channel with no message that month has no row.
 */
export function channelMonthCounts(db: DbOrTx, { schoolId, month }: { schoolId: string; month: string }) {
  const count = (statuses: readonly string[]) =>
    sql<number>`(count(*) filter (where ${messageOutbox.status} in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})))::int`;
  return db
    .select({
      channel: messageOutbox.channel,
      messages: sql<number>`count(*)::int`,
      delivered: count(['delivered', 'read']),
      failed: count(['failed']),
      skipped: count(['skipped']),
      waiting: count(['queued', 'held', 'sending', 'interrupted']),
    })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.schoolId, schoolId),
        // The month's phone channels: what the school's budgets are about.
        ne(messageOutbox.channel, 'email'),
        sql`${messageOutbox.createdAt} >= ${lagosMonthStart(month)}`,
        sql`${messageOutbox.createdAt} < ${lagosMonthStart(month, true)}`,
      ),
    )
    .groupBy(messageOutbox.channel) as Promise<ChannelMonthCounts[]>;
}

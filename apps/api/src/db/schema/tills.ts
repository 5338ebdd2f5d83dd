import { type DenominationCount, TILL_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * A bursar's till at a desk (migration 0038): opened with a float counted by note and coin,
 * taking the cash its bursar records while open (`payments.till_session_id`), counted and closed
 * (`closing`), confirmed by a second person (`closed`), then banked. The database posts its float,
 * its variance and its banking (`ledger_post_till_*`) and keeps it moving forward only.
 */
export const tillSessions = pgTable(
  'till_sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    desk: text('desk').notNull(),
    status: text('status', { enum: TILL_STATUSES }).notNull().default('open'),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    floatCount: jsonb('float_count').$type<DenominationCount>().notNull(),
    floatKobo: bigint('float_kobo', { mode: 'bigint' }).notNull(),
    closedCount: jsonb('closed_count').$type<DenominationCount>(),
    countedKobo: bigint('counted_kobo', { mode: 'bigint' }),
    expectedKobo: bigint('expected_kobo', { mode: 'bigint' }),
    /** Counted less expected: over positive, short negative. */
    varianceKobo: bigint('variance_kobo', { mode: 'bigint' }),
    varianceReason: text('variance_reason'),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    depositSlipNo: text('deposit_slip_no'),
    bankName: text('bank_name'),
    bankedKobo: bigint('banked_kobo', { mode: 'bigint' }),
    bankedBy: uuid('banked_by').references(() => users.id),
    bankedAt: timestamp('banked_at', { withTimezone: true }),
    /** When the alerts of a till left open overnight and of one not banked in time went out (migration 0040). */
    leftOpenAlertedAt: timestamp('left_open_alerted_at', { withTimezone: true }),
    notBankedAlertedAt: timestamp('not_banked_alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('till_sessions_one_open_uq').on(t.schoolId, t.openedBy).where(sql`${t.status} = 'open'`),
    index('till_sessions_school_idx').on(t.schoolId, t.openedAt),
  ],
);

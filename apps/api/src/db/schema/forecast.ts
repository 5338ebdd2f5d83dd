import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { terms } from './academic.js';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * Money credited per term (the term of the fee it pays) and Lagos day, net of refunds: the
 * collection curves and the forecast read a term's days, not its payments. Kept by the
 * `payments_collect` trigger (migration 0041) in the transaction that credits or refunds.
 */
export const termDailyCollections = pgTable(
  'term_daily_collections',
  {
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    day: date('day', { mode: 'string' }).notNull(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.day] })],
);

/** What a school pays out every month on the same day (salaries on the 25th, rent, a loan): the cash flow's outgoings beside its expenses. */
export const schoolCommitments = pgTable(
  'school_commitments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    label: text('label').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'bigint' }).notNull(),
    /** 1 to 31; a shorter month pays on its last day. */
    dayOfMonth: integer('day_of_month').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The last day it is paid; null while it goes on. */
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    index('school_commitments_school_idx').on(t.schoolId),
    check('school_commitments_day_of_month', sql`${t.dayOfMonth} between 1 and 31`),
    check('school_commitments_amount', sql`${t.amountKobo} > 0`),
  ],
);

import type { CalendarDate } from '@schoolledger/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  academicSessions,
  dailyCollections,
  expenses,
  fees,
  ledgerAccountDays,
  ledgerAccounts,
  messageOutbox,
  parentStudents,
  schoolCommitments,
  schools,
  studentTermBalances,
  termDailyCollections,
  terms,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { owedOnFee } from '../fees/fee-ledger.queries.js';

/** The schools a forecast covers: one, or every school in scope, by name. */
export async function forecastSchools(db: ReadDb, scope: Scope, schoolId: string | undefined) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(inSchoolScope(scope, schools.id), schoolId ? eq(schools.id, schoolId) : undefined))
    .orderBy(asc(schools.name));
}

export interface TermRow {
  id: string;
  schoolId: string;
  name: string;
  session: string;
  startDate: CalendarDate;
  endDate: CalendarDate;
}

/** Every term of the schools that began by `date`, oldest first. */
export async function termsBegunBy(db: ReadDb, schoolIds: readonly string[], date: CalendarDate): Promise<TermRow[]> {
  if (schoolIds.length === 0) return [];
  return db
    .select({
      id: terms.id,
      schoolId: terms.schoolId,
      name: terms.name,
      session: academicSessions.name,
      startDate: terms.startDate,
      endDate: terms.endDate,
    })
    .from(terms)
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .where(and(inArray(terms.schoolId, [...schoolIds]), sql`${terms.startDate} <= ${date}`))
    .orderBy(asc(terms.startDate), asc(terms.id));
}

/** What each term bills: the sum of what its fees ask of each student (the positions the triggers keep). */
export async function termBills(db: ReadDb, termIds: readonly string[]): Promise<Map<string, bigint>> {
  if (termIds.length === 0) return new Map();
  const rows = await rowsOf<{ term_id: string; billed: string }>(
    db,
    sql`select ${studentTermBalances.termId} as term_id, sum(${studentTermBalances.expectedKobo})::text as billed
      from ${studentTermBalances} where ${studentTermBalances.termId} = any(${`{${termIds.join(',')}}`}::uuid[])
      group by 1`,
  );
  return new Map(rows.map((row) => [row.term_id, BigInt(row.billed)]));
}

/** Money credited per term and day up to `date`, net of refunds. */
export async function termDays(db: ReadDb, termIds: readonly string[], date: CalendarDate) {
  if (termIds.length === 0) return [];
  return db
    .select({
      termId: termDailyCollections.termId,
      day: termDailyCollections.day,
      amountKobo: termDailyCollections.amountKobo,
    })
    .from(termDailyCollections)
    .where(and(inArray(termDailyCollections.termId, [...termIds]), sql`${termDailyCollections.day} <= ${date}`));
}

/**
 * What each school holds at the end of `date` in the books: cash on hand, tills, bank, and money a
 * payment provider took and has yet to settle.
 */
export async function cashHeld(db: ReadDb, schoolIds: readonly string[], date: CalendarDate) {
  if (schoolIds.length === 0) return new Map<string, bigint>();
  const rows = await rowsOf<{ school_id: string; held: string }>(
    db,
    sql`select ${ledgerAccounts.schoolId} as school_id,
        sum(${ledgerAccountDays.debitKobo} - ${ledgerAccountDays.creditKobo})::text as held
      from ${ledgerAccounts} join ${ledgerAccountDays} on ${ledgerAccountDays.accountId} = ${ledgerAccounts.id}
      where ${ledgerAccounts.schoolId} = any(${`{${schoolIds.join(',')}}`}::uuid[])
        and (${ledgerAccounts.systemKey} in ('cash', 'till', 'bank') or ${ledgerAccounts.systemKey} like 'clearing:%')
        and ${ledgerAccountDays.day} <= ${date}
      group by 1`,
  );
  return new Map(rows.map((row) => [row.school_id, BigInt(row.held)]));
}

/** Approved expenses not yet paid in full: what is left of each, and when it is due (null: whenever asked). */
export async function expensesToPay(db: ReadDb, schoolIds: readonly string[]) {
  if (schoolIds.length === 0) return [];
  return db
    .select({
      schoolId: expenses.schoolId,
      title: expenses.title,
      dueDate: expenses.dueDate,
      leftKobo: sql<string>`(${expenses.amountKobo} - ${expenses.paidKobo})::text`,
    })
    .from(expenses)
    .where(
      and(
        inArray(expenses.schoolId, [...schoolIds]),
        inArray(expenses.status, ['approved', 'partially_paid']),
        sql`${expenses.amountKobo} > ${expenses.paidKobo}`,
      ),
    );
}

export type CommitmentRow = typeof schoolCommitments.$inferSelect;

export async function commitmentsOf(db: ReadDb | DbOrTx, scope: Scope, schoolIds?: readonly string[]) {
  return db
    .select()
    .from(schoolCommitments)
    .where(
      and(
        inSchoolScope(scope, schoolCommitments.schoolId),
        schoolIds ? inArray(schoolCommitments.schoolId, [...schoolIds]) : undefined,
      ),
    )
    .orderBy(asc(schoolCommitments.dayOfMonth), asc(schoolCommitments.label));
}

export async function insertCommitment(tx: DbOrTx, values: typeof schoolCommitments.$inferInsert) {
  const [row] = await tx.insert(schoolCommitments).values(values).returning();
  return row!;
}

/** Deletes a commitment in scope; the row as it was, or undefined when none. */
export async function deleteCommitment(tx: DbOrTx, scope: Scope, id: string) {
  const [row] = await tx
    .delete(schoolCommitments)
    .where(and(eq(schoolCommitments.id, id), inSchoolScope(scope, schoolCommitments.schoolId)))
    .returning();
  return row;
}

/**
 * The payment reminders each student's family was sent (to the student or a parent of theirs, by
 * email, SMS or WhatsApp): on how many days, the last, and on which channels.
 */
export async function reminderHistory(db: ReadDb, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Map<string, { days: number; lastAt: string; channels: string[] }>();
  const rows = await rowsOf<{ student_id: string; days: number; last_at: string; channels: string[] }>(
    db,
    sql`with family as (
        select s as student_id, s as user_id from unnest(${`{${studentIds.join(',')}}`}::uuid[]) s
        union
        select ${parentStudents.studentId}, ${parentStudents.parentId} from ${parentStudents}
        where ${parentStudents.studentId} = any(${`{${studentIds.join(',')}}`}::uuid[])
      )
      select f.student_id, count(distinct (${messageOutbox.createdAt} at time zone 'Africa/Lagos')::date)::int as days,
        max(${messageOutbox.createdAt})::text as last_at, array_agg(distinct ${messageOutbox.channel}) as channels
      from family f join ${messageOutbox} on ${messageOutbox.userId} = f.user_id
      where ${messageOutbox.kind} = 'payment_reminder'
      group by 1`,
  );
  return new Map(
    rows.map((row) => [
      row.student_id,
      { days: row.days, lastAt: new Date(row.last_at).toISOString(), channels: row.channels },
    ]),
  );
}

/** A day a school reminded many families at once (at least `minPeople`), from `from` to `to`. */
export async function reminderWaves(
  db: ReadDb,
  { schoolId, from, to, minPeople }: { schoolId: string; from: CalendarDate; to: CalendarDate; minPeople: number },
) {
  return rowsOf<{ day: string; people: number }>(
    db,
    sql`select to_char((${messageOutbox.createdAt} at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day,
        count(distinct ${messageOutbox.userId})::int as people
      from ${messageOutbox}
      where ${messageOutbox.schoolId} = ${schoolId} and ${messageOutbox.kind} = 'payment_reminder'
        and ${messageOutbox.createdAt} >= (${from}::date::timestamp at time zone 'Africa/Lagos')
        and ${messageOutbox.createdAt} < ((${to}::date + 1)::timestamp at time zone 'Africa/Lagos')
      group by 1 having count(distinct ${messageOutbox.userId}) >= ${minPeople} order by 1`,
  );
}

/** Money credited to a school per Lagos day from `from` to `to`, net of refunds (every term's fees). */
export async function schoolDays(
  db: ReadDb,
  { schoolId, from, to }: { schoolId: string; from: CalendarDate; to: CalendarDate },
) {
  return rowsOf<{ day: string; amount: string }>(
    db,
    sql`select to_char(${dailyCollections.day}, 'YYYY-MM-DD') as day, sum(${dailyCollections.amountKobo})::text as amount
      from ${dailyCollections}
      where ${dailyCollections.schoolId} = ${schoolId} and ${dailyCollections.day} between ${from} and ${to}
      group by 1`,
  );
}

/**
 * The fee of the term each student owes most on (what a reminder to them is about), with what is
 * owed on it by the one rule every fee screen uses (`owedOnFee`); students who owe nothing are absent.
 */
export async function largestOwedFees(db: ReadDb, termId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return new Map<string, { feeId: string; name: string; owedKobo: bigint }>();
  const rows = await rowsOf<{ student_id: string; fee_id: string; name: string; owed: string }>(
    db,
    sql`select distinct on (student_id) student_id, fee_id, name, owed::text as owed from (
        select c.student_id, c.fee_id, ${fees.name} as name, ${owedOnFee(sql`c.student_id`)} as owed
        from term_fee_students(${termId}::uuid, ${`{${studentIds.join(',')}}`}::uuid[]) c
        join ${fees} on ${fees.id} = c.fee_id
      ) owing
      where owed > 0
      order by student_id, owed desc, fee_id`,
  );
  return new Map(
    rows.map((row) => [row.student_id, { feeId: row.fee_id, name: row.name, owedKobo: BigInt(row.owed) }]),
  );
}

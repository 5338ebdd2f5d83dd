import type { CalendarDate, ExpenseCategory, FEE_TYPES } from '@schoolledger/domain';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  academicSessions,
  expensePayouts,
  expenses,
  feeStudentPaid,
  fees,
  payments,
  schools,
  terms,
} from '../../db/schema.js';
import { signedAmountKobo } from '../fees/fees.queries.js';
import { narrowedBy } from '../payments/reporting/lists.queries.js';

/*
 * The one definition of income and expenditure, read by the income and expenditure statement
 * and by the bursar's and proprietor's dashboards alike:
 *
 * - Fee income is exactly what the Collections report counts: payments credited, net of refunds,
 *   by the Lagos day the money moved (the payment lists' filters decide which rows); for a term,
 *   its fees whenever they were paid. There is no other income recorded in SchoolLedger yet.
 * - Expenditure is money paid out on expenses, net of reversals, by the day paid; for a term, its
 *   expenses whenever paid; for a session chosen alone, the expenses of its terms.
 * - Committed is what approved expenses still have to pay: not expenditure until it is paid.
 *
 * Sums leave the database as text so no kobo is lost on the way.
 */

/** Two Lagos calendar days, both included. */
export interface DayRange {
  from: CalendarDate;
  to: CalendarDate;
}

export interface Period {
  /** Limits a school-keyed column to the schools counted. */
  inSchools: (column: AnyPgColumn) => SQL;
  /** The Lagos days money moved in (credited, paid out); null: whenever. */
  range: DayRange | null;
  /** Only the fees and expenses of these terms; null: of any term. */
  termIds: readonly string[] | null;
  /**
   * A session chosen alone: its expenses (those of its terms) whenever paid. Its income goes by
   * `range`, the session's dates, as the Collections report reads a session.
   */
  sessionId: string | null;
}

type FeeType = (typeof FEE_TYPES)[number];

/** The fees of the given terms, as one set: an OR of one subquery per term read every payment. */
const feesOfTerms = (termIds: readonly string[]) =>
  termIds.length ? sql`(select ${fees.id} from ${fees} where ${inArray(fees.termId, [...termIds])})` : null;

/** The credited payment rows of the period: the payment lists' own filters, and its terms' fees. */
function creditedIn(period: Period): SQL {
  const where = period.inSchools(payments.schoolId);
  const credited = narrowedBy(where, { status: 'success', from: period.range?.from, to: period.range?.to });
  if (!period.termIds) return credited;
  const termFees = feesOfTerms(period.termIds);
  return termFees ? and(credited, sql`${payments.feeId} in ${termFees}`)! : sql`false`;
}

/** Payout rows (and reversals) of the period; the query joins `expenses`. */
function paidOutIn(period: Period): SQL {
  return and(
    period.inSchools(expensePayouts.schoolId),
    period.range && !period.sessionId
      ? sql`${expensePayouts.paidOn} between ${period.range.from} and ${period.range.to}`
      : undefined,
    ofTerms(period),
  )!;
}

/** The expenses of the period's terms or session, if it names any. */
function ofTerms(period: Period): SQL | undefined {
  if (period.termIds) return period.termIds.length ? inArray(expenses.termId, [...period.termIds]) : sql`false`;
  return period.sessionId ? eq(expenses.sessionId, period.sessionId) : undefined;
}

/** Approved expenses with money still to go out: of the period's terms or session, else all of them now. */
function committedIn(period: Period): SQL {
  return and(
    period.inSchools(expenses.schoolId),
    inArray(expenses.status, ['approved', 'partially_paid']),
    ofTerms(period),
  )!;
}

const koboSum = (expression: SQL) => sql<string>`coalesce(sum(${expression}), 0)::bigint::text`;
const committedKobo = sql`${expenses.amountKobo} - ${expenses.paidKobo}`;

/** Fee income per school and fee type. */
export function incomeByType(db: ReadDb, period: Period) {
  return db
    .select({ schoolId: payments.schoolId, type: sql<FeeType>`${fees.type}`, amount: koboSum(signedAmountKobo) })
    .from(payments)
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .where(creditedIn(period))
    .groupBy(payments.schoolId, fees.type);
}

/** Expenditure per school and expense category. */
export function expenditureByCategory(db: ReadDb, period: Period) {
  return db
    .select({
      schoolId: expensePayouts.schoolId,
      category: sql<ExpenseCategory>`${expenses.category}`,
      amount: koboSum(sql`${expensePayouts.amountKobo}`),
    })
    .from(expensePayouts)
    .innerJoin(expenses, eq(expenses.id, expensePayouts.expenseId))
    .where(paidOutIn(period))
    .groupBy(expensePayouts.schoolId, expenses.category);
}

/** Committed per school. */
export function committedBySchool(db: ReadDb, period: Period) {
  return db
    .select({ schoolId: expenses.schoolId, amount: koboSum(committedKobo) })
    .from(expenses)
    .where(committedIn(period))
    .groupBy(expenses.schoolId);
}

/** The schools a statement covers, by name, with or without figures. */
export function schoolsIn(db: ReadDb, period: Pick<Period, 'inSchools'>) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(period.inSchools(schools.id))
    .orderBy(asc(schools.name), asc(schools.id));
}

/** The school's term that started last before `startDate`. */
export async function previousTerm(db: ReadDb, schoolId: string, startDate: CalendarDate) {
  const [row] = await db
    .select({ id: terms.id, name: terms.name, session: academicSessions.name })
    .from(terms)
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .where(and(eq(terms.schoolId, schoolId), lt(terms.startDate, startDate)))
    .orderBy(desc(terms.startDate))
    .limit(1);
  return row;
}

export async function findSession(db: ReadDb, sessionId: string) {
  const [row] = await db
    .select({ id: academicSessions.id, name: academicSessions.name, startDate: academicSessions.startDate })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  return row;
}

/** The school's session that started last before `startDate`. */
export async function previousSession(db: ReadDb, schoolId: string, startDate: CalendarDate) {
  const [row] = await db
    .select({
      id: academicSessions.id,
      name: academicSessions.name,
      startDate: academicSessions.startDate,
      endDate: academicSessions.endDate,
    })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, schoolId), lt(academicSessions.startDate, startDate)))
    .orderBy(desc(academicSessions.startDate))
    .limit(1);
  return row;
}

export interface DashboardFigureRow {
  kind: 'spent' | 'term_income' | 'term_spent' | 'committed';
  month: string | null;
  amount: string;
}

/**
 * The term's fee income, whenever paid: the same signed sum of credited payments as creditedIn,
 * read from the per-fee and student totals the crediting transaction keeps (fee_student_paid), so
 * a dashboard adds up the term's fees rather than every payment the group ever took.
 */
function termIncomeIn(inSchools: Period['inSchools'], termIds: readonly string[]): SQL {
  const termFees = feesOfTerms(termIds);
  // As an array, so the planner reads those fees' rows by the primary key instead of every fee's.
  return termFees
    ? and(inSchools(feeStudentPaid.schoolId), sql`${feeStudentPaid.feeId} = any(array${termFees})`)!
    : sql`false`;
}

/**
 * What a dashboard shows besides the monthly income (which the collection summaries already
 * hold), in one statement: money paid out per Lagos month of `months`, the terms' income and
 * expenditure (their fees and expenses, whenever paid), and what is committed now.
 */
export function dashboardFigures(
  db: ReadDb,
  inSchools: Period['inSchools'],
  months: DayRange,
  termIds: readonly string[],
) {
  const monthly: Period = { inSchools, range: months, termIds: null, sessionId: null };
  const ofTermsOnly: Period = { inSchools, range: null, termIds, sessionId: null };
  const now: Period = { inSchools, range: null, termIds: null, sessionId: null };
  return rowsOf<DashboardFigureRow>(
    db,
    sql`select 'spent' as kind, to_char(${expensePayouts.paidOn}, 'YYYY-MM') as month,
        ${koboSum(sql`${expensePayouts.amountKobo}`)} as amount
      from ${expensePayouts} join ${expenses} on ${expenses.id} = ${expensePayouts.expenseId}
      where ${paidOutIn(monthly)} group by 2
    union all
    select 'term_income', null, ${koboSum(sql`${feeStudentPaid.paidKobo}`)} from ${feeStudentPaid}
      where ${termIncomeIn(inSchools, termIds)}
    union all
    select 'term_spent', null, ${koboSum(sql`${expensePayouts.amountKobo}`)}
      from ${expensePayouts} join ${expenses} on ${expenses.id} = ${expensePayouts.expenseId}
      where ${paidOutIn(ofTermsOnly)}
    union all
    select 'committed', null, ${koboSum(committedKobo)} from ${expenses} where ${committedIn(now)}`,
  );
}

import type { CalendarDate, PaymentMethod } from '@schoolledger/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  academicSessions,
  classArms,
  dailyCollections,
  feeStudentPaid,
  studentTermBalances,
  terms,
  users,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/*
 * The figures every dashboard shares, read from the summary tables migration 0009's triggers keep
 * in the transaction that changes them: money by school, Lagos day and method, and each student's
 * position on each term. Sums leave the database as text so no kobo is lost on the way; the
 * functions hand back bigint kobo.
 */

/** Two Lagos calendar days, both included. */
export interface DayRange {
  from: CalendarDate;
  to: CalendarDate;
}

const koboText = (expression: string) => sql.raw(`coalesce(${expression}, 0)::bigint::text`);

const inRange = ({ from, to }: DayRange) => sql`${dailyCollections.day} between ${from} and ${to}`;

export interface Collected {
  payments: number;
  amountKobo: bigint;
}

const collected = (row: { payments: number; amount: string }): Collected => ({
  payments: row.payments,
  amountKobo: BigInt(row.amount),
});

/** Money credited in the range, net of refunds, grouped by `key` (a column or expression of the summary). */
async function collectedBy<K extends string>(db: ReadDb, scope: Scope, range: DayRange, key: SQL) {
  const rows = await rowsOf<{ key: K; payments: number; amount: string }>(
    db,
    sql`select ${key} as key, sum(${dailyCollections.payments})::int as payments,
      ${koboText('sum(amount_kobo)')} as amount
    from ${dailyCollections}
    where ${and(inSchoolScope(scope, dailyCollections.schoolId), inRange(range))}
    group by 1 order by 1`,
  );
  return new Map(rows.map((row) => [row.key, collected(row)]));
}

/** Money credited in the range, net of refunds. */
export async function collectedIn(db: ReadDb, scope: Scope, range: DayRange): Promise<Collected> {
  const byAll = await collectedBy<'all'>(db, scope, range, sql`'all'`);
  return byAll.get('all') ?? { payments: 0, amountKobo: 0n };
}

/** Per Lagos day (YYYY-MM-DD) of the range; days with nothing are absent. */
export const collectedByDay = (db: ReadDb, scope: Scope, range: DayRange) =>
  collectedBy<CalendarDate>(db, scope, range, sql`to_char(${dailyCollections.day}, 'YYYY-MM-DD')`);

/** Per Lagos month (YYYY-MM) the range touches; months with nothing are absent. */
export const collectedByMonth = (db: ReadDb, scope: Scope, range: DayRange) =>
  collectedBy<string>(db, scope, range, sql`to_char(${dailyCollections.day}, 'YYYY-MM')`);

/** Per payment method. */
export const collectedByMethod = (db: ReadDb, scope: Scope, range: DayRange) =>
  collectedBy<PaymentMethod>(db, scope, range, sql`${dailyCollections.method}`);

/** Everything ever credited in scope, net of refunds. */
export async function collectedEver(db: ReadDb, scope: Scope): Promise<Collected> {
  const [row] = await rowsOf<{ payments: number; amount: string }>(
    db,
    sql`select coalesce(sum(${dailyCollections.payments}), 0)::int as payments, ${koboText('sum(amount_kobo)')} as amount
    from ${dailyCollections} where ${inSchoolScope(scope, dailyCollections.schoolId)}`,
  );
  return collected(row!);
}

/**
 * Which term each school's dashboard is about: the term a school is in today; between terms the
 * latest that has started; before any has started the first one (as `defaultTermOf` decides for
 * one school).
 */
function currentTerms(scope: Scope, today: CalendarDate): SQL {
  return sql`select distinct on (${terms.schoolId}) ${terms.schoolId} as school_id, ${terms.id} as term_id
    from ${terms}
    where ${inSchoolScope(scope, terms.schoolId)}
    order by ${terms.schoolId}, (${terms.startDate} <= ${today}) desc,
      case when ${terms.startDate} <= ${today} then ${terms.startDate} end desc, ${terms.startDate}`;
}

export interface CurrentTerm {
  schoolId: string;
  _id: string;
  name: string;
  session: string;
  startDate: CalendarDate;
  endDate: CalendarDate;
}

/** The term each school in scope is about today (as the term figures choose it), with its session. */
export async function currentTermOfSchools(db: ReadDb, scope: Scope, today: CalendarDate): Promise<CurrentTerm[]> {
  const rows = await rowsOf<{
    school_id: string;
    id: string;
    name: string;
    session: string;
    start_date: string;
    end_date: string;
  }>(
    db,
    sql`with current as (${currentTerms(scope, today)})
    select t.school_id, t.id, t.name, s.name as session, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
      to_char(t.end_date, 'YYYY-MM-DD') as end_date
    from current c
    join ${terms} t on t.id = c.term_id
    join ${academicSessions} s on s.id = t.session_id`,
  );
  return rows.map((row) => ({
    schoolId: row.school_id,
    _id: row.id,
    name: row.name,
    session: row.session,
    startDate: row.start_date as CalendarDate,
    endDate: row.end_date as CalendarDate,
  }));
}

/** Money credited per Lagos month (YYYY-MM) and method; `later`: days after today, counted only in `ever`. */
export interface MonthMethodCollected extends Collected {
  month: string;
  method: PaymentMethod;
  later: boolean;
}

export interface MoneyOverview {
  byMonthAndMethod: MonthMethodCollected[];
  today: Collected;
}

/**
 * All of a dashboard's money in one pass over the day summaries, net of refunds: per month and
 * method (its trend, its methods, this month and ever are sums of these) and today. A group's
 * summaries are some 30,000 rows, which one pass reads in the time each of four passes took.
 */
export async function moneyOverview(db: ReadDb, scope: Scope, today: CalendarDate): Promise<MoneyOverview> {
  const rows = await rowsOf<{
    month: string;
    method: PaymentMethod;
    later: boolean;
    payments: number;
    amount: string;
    today_payments: number;
    today_amount: string;
  }>(
    db,
    sql`select to_char(date_trunc('month', ${dailyCollections.day}), 'YYYY-MM') as month, ${dailyCollections.method} as method,
      ${dailyCollections.day} > ${today} as later,
      sum(${dailyCollections.payments})::int as payments, ${koboText('sum(amount_kobo)')} as amount,
      coalesce(sum(payments) filter (where day = ${today}), 0)::int as today_payments,
      coalesce(sum(amount_kobo) filter (where day = ${today}), 0)::bigint::text as today_amount
    from ${dailyCollections}
    where ${inSchoolScope(scope, dailyCollections.schoolId)}
    group by date_trunc('month', ${dailyCollections.day}), 2, 3`,
  );
  let todayCollected: Collected = { payments: 0, amountKobo: 0n };
  for (const row of rows) {
    todayCollected = {
      payments: todayCollected.payments + row.today_payments,
      amountKobo: todayCollected.amountKobo + BigInt(row.today_amount),
    };
  }
  return {
    byMonthAndMethod: rows.map((row) => ({
      ...collected(row),
      month: row.month,
      method: row.method,
      later: row.later,
    })),
    today: todayCollected,
  };
}

/** Whose fees the term figures count: active students of the schools in scope, or of one class arm. */
export interface TermFilter {
  scope: Scope;
  today: CalendarDate;
  /** A term other than each school's current one (its school must be in scope). */
  termId?: string | undefined;
  classArmId?: string | undefined;
}

const balance = studentTermBalances;

/**
 * One row per active student with a payable fee on the term: what the fees that apply to them
 * ask, what they have paid on those fees, and what is left, counted per fee and never below zero
 * (as the outstanding report and the student's fee page count it). Read from the positions the
 * triggers of migration 0009 keep, not recomputed from every student and fee.
 */
function perStudent(filter: TermFilter): SQL {
  const termOf = filter.termId
    ? sql`select ${terms.schoolId} as school_id, ${terms.id} as term_id from ${terms}
        where ${terms.id} = ${filter.termId} and ${inSchoolScope(filter.scope, terms.schoolId)}`
    : currentTerms(filter.scope, filter.today);
  // The terms as an array, not a join: the planner then reads the terms' rows by the primary key
  // (term first) instead of scanning every term's positions. Not materialized: a statement that
  // reads it twice would otherwise spill the group's 50,000 rows to disk.
  return sql`with term_of as (${termOf}),
    per_student as not materialized (
      select ${balance.studentId} as student_id, ${balance.schoolId} as school_id,
        ${balance.classArmId} as class_arm_id, ${balance.expectedKobo} as expected, ${balance.paidKobo} as paid,
        ${balance.outstandingKobo} as outstanding
      from ${balance}
      where ${balance.termId} = any(array(select term_id from term_of))
        and ${inSchoolScope(filter.scope, balance.schoolId)}
        ${filter.classArmId ? sql`and ${balance.classArmId} = ${filter.classArmId}` : sql``}
    )`;
}

export interface TermPosition {
  /** Active students with at least one payable fee this term. */
  students: number;
  /** Of those, how many still owe something. */
  owing: number;
  expectedKobo: bigint;
  paidKobo: bigint;
  outstandingKobo: bigint;
}

interface PositionRow {
  students: number;
  owing: number;
  expected: string;
  paid: string;
  outstanding: string;
}

const positionColumns = sql.raw(`count(*)::int as students,
  (count(*) filter (where outstanding > 0))::int as owing,
  coalesce(sum(expected), 0)::bigint::text as expected,
  coalesce(sum(paid), 0)::bigint::text as paid,
  coalesce(sum(outstanding), 0)::bigint::text as outstanding`);

const position = (row: PositionRow): TermPosition => ({
  students: row.students,
  owing: row.owing,
  expectedKobo: BigInt(row.expected),
  paidKobo: BigInt(row.paid),
  outstandingKobo: BigInt(row.outstanding),
});

/** The term's figures over every school in the filter. */
export async function termPosition(db: ReadDb, filter: TermFilter): Promise<TermPosition> {
  const [row] = await rowsOf<PositionRow>(db, sql`${perStudent(filter)} select ${positionColumns} from per_student`);
  return position(row!);
}

/** The term's figures per class arm id (`null`: students in no class arm). */
export async function termPositionByClassArm(db: ReadDb, filter: TermFilter) {
  const rows = await rowsOf<PositionRow & { class_arm_id: string | null }>(
    db,
    sql`${perStudent(filter)} select class_arm_id, ${positionColumns} from per_student group by class_arm_id`,
  );
  return new Map(rows.map((row) => [row.class_arm_id, position(row)]));
}

export interface Debtor {
  studentId: string;
  name: string;
  regNo: string | null;
  schoolId: string;
  classArm: string | null;
  expectedKobo: bigint;
  paidKobo: bigint;
  outstandingKobo: bigint;
}

export interface TermOverview {
  /** Per school id; schools without a payable fee this term are absent. */
  bySchool: Map<string, TermPosition>;
  /** The students who owe most, largest first (ties by id, so the list is stable). */
  debtors: Debtor[];
}

/**
 * The term's figures per school and its largest debtors, from one pass over the students: a
 * group's dashboard needs both, and the pass is most of the cost.
 */
export async function termOverview(db: ReadDb, filter: TermFilter, debtorLimit: number): Promise<TermOverview> {
  const rows = await rowsOf<
    PositionRow & {
      kind: 'school' | 'debtor';
      school_id: string;
      student_id: string | null;
      name: string | null;
      reg_no: string | null;
      class_arm: string | null;
    }
  >(
    db,
    sql`${perStudent(filter)},
    top as (
      select * from per_student where outstanding > 0
      order by outstanding desc, student_id limit ${debtorLimit}
    )
    select 'school' as kind, school_id, null::uuid as student_id, null as name, null as reg_no, null as class_arm,
      ${positionColumns}
    from per_student group by school_id
    union all
    select 'debtor', top.school_id, top.student_id, concat_ws(' ', ${users.firstname}, ${users.middlename}, ${users.lastname}),
      ${users.regNo}, ${classArms.name}, 1, 1, top.expected::bigint::text, top.paid::bigint::text,
      top.outstanding::bigint::text
    from top
    join ${users} on ${users.id} = top.student_id
    left join ${classArms} on ${classArms.id} = top.class_arm_id`,
  );
  const bySchool = new Map<string, TermPosition>();
  const debtors: Debtor[] = [];
  for (const row of rows) {
    if (row.kind === 'school') {
      bySchool.set(row.school_id, position(row));
      continue;
    }
    debtors.push({
      studentId: row.student_id!,
      name: row.name!,
      regNo: row.reg_no,
      schoolId: row.school_id,
      classArm: row.class_arm,
      expectedKobo: BigInt(row.expected),
      paidKobo: BigInt(row.paid),
      outstandingKobo: BigInt(row.outstanding),
    });
  }
  debtors.sort((a, b) =>
    a.outstandingKobo === b.outstandingKobo
      ? a.studentId.localeCompare(b.studentId)
      : a.outstandingKobo > b.outstandingKobo
        ? -1
        : 1,
  );
  return { bySchool, debtors };
}

/**
 * What each student has paid over all their fees, net of refunds; students who paid nothing are
 * absent. The caller has already limited `studentIds` to students it may see.
 */
export async function paidByStudents(db: DbOrTx, studentIds: string[]): Promise<Map<string, bigint>> {
  if (studentIds.length === 0) return new Map();
  const rows = await rowsOf<{ student_id: string; amount: string }>(
    db,
    sql`select ${feeStudentPaid.studentId} as student_id, ${koboText('sum(paid_kobo)')} as amount
    from ${feeStudentPaid}
    where ${feeStudentPaid.studentId} = any(${`{${studentIds.join(',')}}`}::uuid[])
    group by 1`,
  );
  return new Map(rows.map((row) => [row.student_id, BigInt(row.amount)]));
}

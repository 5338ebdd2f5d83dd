import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { academicSessions, classArms, feeAdjustments, fees, payments, terms, users } from '../../db/schema.js';
import { owedSql } from './fee-ledger.queries.js';
import { effectiveDueDate, feeAppliesTo, payable } from './fees.queries.js';

/** The term a report is about, with its session's name; undefined when it is not the school's. */
export async function reportTerm(db: DbOrTx, schoolId: string, termId: string) {
  const [row] = await db
    .select({
      _id: terms.id,
      name: terms.name,
      session: academicSessions.name,
      startDate: terms.startDate,
      endDate: terms.endDate,
    })
    .from(terms)
    .innerJoin(academicSessions, eq(academicSessions.id, terms.sessionId))
    .where(and(eq(terms.id, termId), eq(terms.schoolId, schoolId)));
  return row;
}

export interface ReportFilter {
  schoolId: string;
  termId: string;
  classArmId?: string | undefined;
  /** The Lagos day days overdue are counted to. */
  today: string;
}

/**
 * The students of the report and what each owes: for every (student, fee that applies to them)
 * the fee's amount after their approved adjustments (expected), their successful payments for it,
 * and what they owe on it (owedSql, the domain's owed()).
 * All sums stay in bigint kobo and come back as text.
 */
function perStudent(filter: ReportFilter): SQL {
  return sql`with st as (
      select u.id, u.firstname, u.middlename, u.lastname, u.reg_no, u.class_arm_id, u.school_id
      from ${users} u
      where u.school_id = ${filter.schoolId} and 'Student' = any(u.roles)
        and u.deleted_at is null and u.status = 'active'
        ${filter.classArmId ? sql`and u.class_arm_id = ${filter.classArmId}` : sql``}
    ),
    paid as (
      select p.student_id, p.fee_id,
        sum(case when p.kind = 'refund' then -p.amount_kobo else p.amount_kobo end)::bigint as paid
      from ${payments} p
      where p.school_id = ${filter.schoolId} and p.status = 'success'
        and p.fee_id in (select f.id from ${fees} f where f.term_id = ${filter.termId})
      group by p.student_id, p.fee_id
    ),
    adj as (
      select a.student_id, a.fee_id,
        coalesce(sum(a.amount_kobo) filter (where a.kind <> 'late_fee'), 0)::bigint as reductions_kobo,
        coalesce(sum(a.amount_kobo) filter (where a.kind = 'late_fee'), 0)::bigint as late_fees_kobo
      from ${feeAdjustments} a
      where a.school_id = ${filter.schoolId} and a.status = 'approved'
        and a.fee_id in (select f.id from ${fees} f where f.term_id = ${filter.termId})
      group by a.student_id, a.fee_id
    ),
    owed as (
      select st.id as student_id,
        ${owedSql({ amount: sql`${fees}.amount_kobo`, reductions: sql`adj.reductions_kobo`, lateFees: sql`adj.late_fees_kobo`, paid: sql`0` })} as expected,
        coalesce(paid.paid, 0) as paid,
        ${owedSql({ amount: sql`${fees}.amount_kobo`, reductions: sql`adj.reductions_kobo`, lateFees: sql`adj.late_fees_kobo`, paid: sql`paid.paid` })} as owing,
        ${effectiveDueDate(sql`(select t.end_date from ${terms} t where t.id = ${filter.termId})`)} as due_date
      from st
      join ${fees} on ${fees}.term_id = ${filter.termId} and ${payable} and ${feeAppliesTo('st')}
      left join paid on paid.student_id = st.id and paid.fee_id = ${fees}.id
      left join adj on adj.fee_id = ${fees}.id and adj.student_id = st.id
    ),
    per_student as (
      select student_id, sum(expected) as expected, sum(paid) as paid,
        sum(owing) as outstanding,
        max(case when owing > 0 and due_date < ${filter.today}::date
          then ${filter.today}::date - due_date end) as days_overdue
      from owed group by student_id
    )`;
}

const money = (column: string) => sql.raw(`coalesce(${column}, 0)::bigint::text`);

interface Amounts {
  expected: string;
  paid: string;
  outstanding: string;
}

export function reportByStudent(db: ReadDb, filter: ReportFilter) {
  return rowsOf<
    Amounts & {
      id: string;
      firstname: string;
      middlename: string | null;
      lastname: string;
      reg_no: string | null;
      class_arm: string | null;
      /** Since the earliest due date of a fee still owed; null when nothing owed is past due. */
      days_overdue: number | null;
    }
  >(
    db,
    sql`${perStudent(filter)}
    select st.id, st.firstname, st.middlename, st.lastname, st.reg_no, ca.name as class_arm, ps.days_overdue,
      ${money('ps.expected')} as expected, ${money('ps.paid')} as paid, ${money('ps.outstanding')} as outstanding
    from st
    left join per_student ps on ps.student_id = st.id
    left join ${classArms} ca on ca.id = st.class_arm_id
    order by st.lastname, st.firstname, st.id`,
  );
}

export function reportByClassArm(db: ReadDb, filter: ReportFilter) {
  return rowsOf<Amounts & { class_arm_id: string | null; name: string | null; students: number }>(
    db,
    sql`${perStudent(filter)}
    select st.class_arm_id, ca.name, count(*)::int as students,
      ${money('sum(ps.expected)')} as expected, ${money('sum(ps.paid)')} as paid,
      ${money('sum(ps.outstanding)')} as outstanding
    from st
    left join per_student ps on ps.student_id = st.id
    left join ${classArms} ca on ca.id = st.class_arm_id
    group by st.class_arm_id, ca.name
    order by ca.name nulls last`,
  );
}

export async function reportSummary(db: DbOrTx, filter: ReportFilter) {
  const [row] = await rowsOf<Amounts & { students: number; owing: number }>(
    db,
    sql`${perStudent(filter)}
    select count(*)::int as students, (count(*) filter (where ps.outstanding > 0))::int as owing,
      ${money('sum(ps.expected)')} as expected, ${money('sum(ps.paid)')} as paid,
      ${money('sum(ps.outstanding)')} as outstanding
    from st
    left join per_student ps on ps.student_id = st.id`,
  );
  return row!;
}

import { eq, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { academicSessions, classArms, fees, schools, terms, users } from '../../db/schema.js';
import { adjustmentTotalsOf, owedSql, paidOf } from './fee-ledger.queries.js';
import { effectiveDueDate, feeAppliesTo, payable } from './fees.queries.js';

export async function schoolName(db: ReadDb, schoolId: string) {
  const [row] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  return row?.name;
}

export interface OwedFeeRow {
  student_id: string;
  firstname: string;
  middlename: string | null;
  lastname: string;
  reg_no: string | null;
  class_arm: string | null;
  fee_id: string;
  fee_name: string;
  fee_type: string;
  term: string;
  session: string;
  amount_due: string;
  amount_paid: string;
  outstanding: string;
  due_date: string;
}

/**
 * Every (active student of the school, approved fee of a term that has started by `today` that
 * applies to them) with something still owed, as /student/fees?unpaid=true answers for one
 * student: the same owed() (the database's fee_owed), adjustments and payments read by key.
 * Ordered by student, then by due date, as the desk lists them. Kobo come back as text.
 */
export function owedFeesOfSchool(db: ReadDb, schoolId: string, today: string) {
  return rowsOf<OwedFeeRow>(
    db,
    sql`select student_id, firstname, middlename, lastname, reg_no, class_arm, fee_id, fee_name, fee_type,
      term, session, amount_due, amount_paid, owing::text as outstanding, due_date
    from (
      select st.id as student_id, st.firstname, st.middlename, st.lastname, st.reg_no, ca.name as class_arm,
        ${fees}.id as fee_id, ${fees}.name as fee_name, ${fees}.type as fee_type,
        t.name as term, s.name as session,
        ${fees}.amount_kobo::text as amount_due,
        coalesce(${paidOf(sql`${fees}.id`, sql`st.id`)}, 0)::text as amount_paid,
        ${owedSql({
          amount: sql`${fees}.amount_kobo`,
          reductions: sql`adj.reductions_kobo`,
          lateFees: sql`adj.late_fees_kobo`,
          paid: paidOf(sql`${fees}.id`, sql`st.id`),
        })} as owing,
        ${effectiveDueDate(sql`t.end_date`)}::text as due_date
      from ${users} st
      join ${fees} on ${payable} and ${feeAppliesTo('st')}
      join ${terms} t on t.id = ${fees}.term_id and t.start_date <= ${today}::date
      join ${academicSessions} s on s.id = t.session_id
      left join ${classArms} ca on ca.id = st.class_arm_id
      cross join lateral ${adjustmentTotalsOf(sql`${fees}.id`, sql`st.id`)} adj
      where st.school_id = ${schoolId} and 'Student' = any(st.roles)
        and st.deleted_at is null and st.status = 'active'
    ) owed
    where owing > 0
    order by lastname, firstname, student_id, due_date, fee_name`,
  );
}

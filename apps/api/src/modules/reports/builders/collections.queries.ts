import { type SQL, sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { paymentsThatHappened } from '../../../db/payment-attempts.js';
import { rowsOf } from '../../../db/rows.js';
import { classArms, fees, payments, schools, terms, users } from '../../../db/schema.js';
import { inRange, type ResolvedReport } from '../report-definition.js';

/**
 * The payment rows of the report, any status (but no online checkout never paid): its schools,
 * the dates money moved in (paid, else recorded), the fees of its term, the students now in its
 * class arm.
 */
export function paymentsOfReport(report: ResolvedReport): SQL {
  return sql`${report.inSchools(payments.schoolId)} and ${paymentsThatHappened()}
    and ${inRange(sql`coalesce(${payments.paidAt}, ${payments.createdAt})`, report.range)}
    ${report.term ? sql`and ${payments.feeId} in (select f.id from ${fees} f where f.term_id = ${report.term.id})` : sql``}
    ${report.classArm ? sql`and ${payments.studentId} in (select u.id from ${users} u where u.class_arm_id = ${report.classArm.id})` : sql``}`;
}

/** The credited money: successful payments and refunds (a refund counts where and when it is made). */
const creditedMoney = (report: ResolvedReport) => sql`${paymentsOfReport(report)} and ${payments.status} = 'success'`;

/** Payments counted, money received, money refunded, and the net, for one group of rows. */
const AMOUNTS = sql`(count(*) filter (where p.kind = 'payment'))::int as payments,
  coalesce(sum(p.amount_kobo) filter (where p.kind = 'payment'), 0)::bigint::text as received,
  coalesce(sum(p.amount_kobo) filter (where p.kind = 'refund'), 0)::bigint::text as refunded`;

export interface Amounts {
  payments: number;
  received: string;
  refunded: string;
}

const credited = (report: ResolvedReport) => sql`select * from ${payments} where ${creditedMoney(report)}`;

export function collectionsByDay(db: ReadDb, report: ResolvedReport) {
  return rowsOf<Amounts & { day: string }>(
    db,
    sql`select to_char((coalesce(p.paid_at, p.created_at) at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day, ${AMOUNTS}
    from (${credited(report)}) p group by 1 order by 1`,
  );
}

export function collectionsByMethod(db: ReadDb, report: ResolvedReport) {
  return rowsOf<Amounts & { method: string }>(
    db,
    sql`select p.method, ${AMOUNTS} from (${credited(report)}) p group by p.method order by p.method`,
  );
}

export function collectionsByFee(db: ReadDb, report: ResolvedReport) {
  return rowsOf<Amounts & { fee: string; term: string; school: string }>(
    db,
    sql`select f.name as fee, t.name as term, s.name as school, ${AMOUNTS}
    from (${credited(report)}) p
    join ${fees} f on f.id = p.fee_id
    join ${terms} t on t.id = f.term_id
    join ${schools} s on s.id = p.school_id
    group by f.id, f.name, t.name, t.start_date, s.name
    order by s.name, t.start_date desc, f.name`,
  );
}

export function collectionsByClassArm(db: ReadDb, report: ResolvedReport) {
  return rowsOf<Amounts & { class_arm: string | null; school: string }>(
    db,
    sql`select ca.name as class_arm, s.name as school, ${AMOUNTS}
    from (${credited(report)}) p
    join ${users} u on u.id = p.student_id
    left join ${classArms} ca on ca.id = u.class_arm_id
    join ${schools} s on s.id = p.school_id
    group by s.name, ca.name
    order by s.name, ca.name nulls last`,
  );
}

/** The cash taken at each desk: who recorded it, for the end-of-day cash-up. */
export function cashByRecorder(db: ReadDb, report: ResolvedReport) {
  return rowsOf<Amounts & { firstname: string | null; lastname: string | null; school: string }>(
    db,
    sql`select r.firstname, r.lastname, s.name as school, ${AMOUNTS}
    from (${credited(report)}) p
    left join ${users} r on r.id = p.initiated_by
    join ${schools} s on s.id = p.school_id
    where p.method = 'cash'
    group by s.name, r.id, r.firstname, r.lastname
    order by s.name, r.lastname, r.firstname`,
  );
}

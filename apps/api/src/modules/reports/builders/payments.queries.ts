import { sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { classArms, fees, payments, schools, terms, users } from '../../../db/schema.js';
import type { ResolvedReport } from '../report-definition.js';
import { paymentsOfReport } from './collections.queries.js';

export async function countReportPayments(db: ReadDb, report: ResolvedReport) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${payments} where ${paymentsOfReport(report)}`,
  );
  return row?.n ?? 0;
}

export interface PaymentLine {
  at: Date;
  receipt_no: string | null;
  reference: string;
  kind: 'payment' | 'refund';
  status: string;
  method: string;
  firstname: string;
  lastname: string;
  reg_no: string | null;
  class_arm: string | null;
  school: string;
  fee: string;
  term: string;
  amount: string;
  recorder_first: string | null;
  recorder_last: string | null;
}

/** Every payment row of the report, oldest first, as a ledger reads. */
export function reportPayments(db: ReadDb, report: ResolvedReport) {
  return rowsOf<PaymentLine>(
    db,
    sql`select coalesce(p.paid_at, p.created_at) as at, p.receipt_no, p.reference, p.kind, p.status, p.method,
      u.firstname, u.lastname, u.reg_no, ca.name as class_arm, s.name as school, f.name as fee, t.name as term,
      p.amount_kobo::text as amount, r.firstname as recorder_first, r.lastname as recorder_last
    from ${payments} p
    join ${users} u on u.id = p.student_id
    left join ${classArms} ca on ca.id = u.class_arm_id
    join ${schools} s on s.id = p.school_id
    join ${fees} f on f.id = p.fee_id
    join ${terms} t on t.id = f.term_id
    left join ${users} r on r.id = p.initiated_by
    where p.id in (select ${payments.id} from ${payments} where ${paymentsOfReport(report)})
    order by coalesce(p.paid_at, p.created_at), p.id`,
  );
}

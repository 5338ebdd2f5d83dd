import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { columnsOf, paymentsThatHappened } from '../../db/payment-attempts.js';
import { rowsOf } from '../../db/rows.js';

export interface PackTerm {
  termId: string;
  termName: string;
  sessionName: string;
  startDate: string;
  endDate: string;
  schoolId: string;
  schoolName: string;
}

/** The term, when it belongs to the school. */
export async function findPackTerm(db: DbOrTx, schoolId: string, termId: string): Promise<PackTerm | undefined> {
  const [term] = await rowsOf<PackTerm>(
    db,
    sql`
      select t.id as "termId", t.name as "termName", se.name as "sessionName",
        t.start_date::text as "startDate", t.end_date::text as "endDate",
        s.id as "schoolId", s.name as "schoolName"
      from terms t
      join academic_sessions se on se.id = t.session_id
      join schools s on s.id = t.school_id
      where t.id = ${termId} and t.school_id = ${schoolId}
    `,
  );
  return term;
}

export interface LedgerRow {
  at: string;
  kind: 'payment' | 'refund';
  status: string;
  receiptNo: string | null;
  reference: string;
  refundOf: string | null;
  student: string;
  regNo: string | null;
  fee: string;
  method: string;
  amountKobo: string;
  providerReference: string | null;
  recordedBy: string | null;
  reviewedBy: string | null;
  reason: string | null;
}

const person = (alias: string) => sql.raw(`nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), '')`);

/**
 * Every payment and refund against the term's fees, oldest first; the money as integer kobo text.
 * An online checkout never paid is no entry of a ledger.
 */
export async function termLedger(db: DbOrTx, schoolId: string, termId: string): Promise<LedgerRow[]> {
  return rowsOf<LedgerRow>(
    db,
    sql`
      select to_char(coalesce(p.paid_at, p.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
        p.kind, p.status, p.receipt_no as "receiptNo", p.reference,
        orig.reference as "refundOf",
        ${person('st')} as student, st.reg_no as "regNo", f.name as fee, p.method,
        p.amount_kobo::text as "amountKobo", p.provider_reference as "providerReference",
        ${person('rec')} as "recordedBy", ${person('rev')} as "reviewedBy", p.reason
      from payments p
      join fees f on f.id = p.fee_id
      join users st on st.id = p.student_id
      left join payments orig on orig.id = p.refund_of
      left join users rec on rec.id = p.initiated_by
      left join users rev on rev.id = p.reviewed_by
      where p.school_id = ${schoolId} and f.term_id = ${termId} and ${paymentsThatHappened(columnsOf('p'))}
      order by coalesce(p.paid_at, p.created_at), p.reference
    `,
  );
}

export interface ApprovalRow {
  fee: string;
  type: string;
  amountKobo: string;
  status: string;
  event: string;
  by: string | null;
  byRoles: string | null;
  at: string;
  reason: string | null;
}

/** Each fee of the term with its history of creation, edits and decisions, and who made each. */
export async function termFeeApprovals(db: DbOrTx, schoolId: string, termId: string): Promise<ApprovalRow[]> {
  return rowsOf<ApprovalRow>(
    db,
    sql`
      select f.name as fee, f.type, f.amount_kobo::text as "amountKobo", f.status,
        e.action as event, ${person('u')} as by, array_to_string(u.roles, ' ') as "byRoles",
        to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, e.reason
      from fees f
      join fee_events e on e.fee_id = f.id
      left join users u on u.id = e.actor_id
      where f.school_id = ${schoolId} and f.term_id = ${termId}
      order by f.name, e.created_at
    `,
  );
}

export interface ExceptionRow {
  kind: string;
  reference: string;
  student: string;
  amountKobo: string;
  status: string;
  detail: string | null;
  since: string;
}

/**
 * What did not reconcile cleanly in the term: payments the provider disagreed on (reviews),
 * disputes, refunds not settled, bank transfers claimed but never confirmed, and online payments
 * still pending after a day.
 */
export async function termExceptions(db: DbOrTx, schoolId: string, termId: string, now: Date): Promise<ExceptionRow[]> {
  const stamp = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
  return rowsOf<ExceptionRow>(
    db,
    sql`
      with term_payments as (
        select p.*, ${person('st')} as student
        from payments p join fees f on f.id = p.fee_id join users st on st.id = p.student_id
        where p.school_id = ${schoolId} and f.term_id = ${termId}
      )
      select * from (
        select 'provider review' as kind, p.reference, p.student, r.expected_kobo::text as "amountKobo",
          r.status, r.reason as detail, ${stamp('r.created_at')} as since
        from payment_reviews r join term_payments p on p.id = r.payment_id
        union all
        select 'dispute', p.reference, p.student, p.amount_kobo::text, d.status, d.resolution, ${stamp('d.created_at')}
        from payment_disputes d join term_payments p on p.id = d.payment_id
        union all
        select 'refund not settled', p.reference, p.student, p.amount_kobo::text, p.status, p.reason, ${stamp('p.created_at')}
        from term_payments p where p.kind = 'refund' and p.status in ('pending', 'failed')
        union all
        select 'transfer not confirmed', p.reference, p.student, p.amount_kobo::text, p.status, p.payer_bank_reference, ${stamp('p.created_at')}
        from term_payments p where p.kind = 'payment' and p.method = 'bank_transfer' and p.status = 'pending'
        union all
        select 'online payment pending', p.reference, p.student, p.amount_kobo::text, p.status, null, ${stamp('p.created_at')}
        from term_payments p
        where p.kind = 'payment' and p.method in ('paystack', 'flutterwave') and p.status = 'pending'
          and p.created_at < ${now.toISOString()}::timestamptz - interval '1 day'
      ) exceptions
      order by since, reference
    `,
  );
}

import type { AdjustmentKind } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { academicSessions, adjustmentRules, feeAdjustments, fees, payments, terms, users } from '../../../db/schema.js';
import { feeAppliesTo, payable } from '../../fees/fees.queries.js';

/**
 * The fees a student is charged: those that apply to them now, and any other they have paid on
 * (a fee of a class arm they have since left), each with its term.
 */
export function studentCharges(db: ReadDb, studentId: string) {
  return rowsOf<{
    fee_id: string;
    fee: string;
    amount: string;
    term: string;
    session: string;
    term_start: string;
    term_id: string;
  }>(
    db,
    sql`select ${fees}.id as fee_id, ${fees}.name as fee, ${fees}.amount_kobo::text as amount,
      t.name as term, se.name as session, to_char(t.start_date, 'YYYY-MM-DD') as term_start, t.id as term_id
    from ${fees}
    join ${terms} t on t.id = ${fees}.term_id
    join ${academicSessions} se on se.id = t.session_id
    join ${users} s on s.id = ${studentId}
    where ${payable} and (${feeAppliesTo('s')}
      or ${fees}.id in (select p.fee_id from ${payments} p where p.student_id = ${studentId} and p.status = 'success'))
    order by t.start_date, ${fees}.name`,
  );
}

/** The money credited for the student: payments and refunds, in the order they happened. */
export function studentMoney(db: ReadDb, studentId: string) {
  return rowsOf<{
    at: Date;
    fee_id: string;
    kind: 'payment' | 'refund';
    method: string;
    receipt_no: string | null;
    reference: string;
    amount: string;
  }>(
    db,
    sql`select coalesce(p.paid_at, p.created_at) as at, p.fee_id, p.kind, p.method, p.receipt_no, p.reference,
      p.amount_kobo::text as amount
    from ${payments} p
    where p.student_id = ${studentId} and p.status = 'success'
    order by coalesce(p.paid_at, p.created_at), p.id`,
  );
}

/** The adjustments that counted at some time: approved ones, and reversed ones with when they were taken back. */
export function studentAdjustments(db: ReadDb, studentId: string) {
  return rowsOf<{
    fee_id: string;
    kind: AdjustmentKind;
    rule: string | null;
    reason: string;
    amount: string;
    decided_at: Date;
    reversed_at: Date | null;
  }>(
    db,
    sql`select a.fee_id, a.kind, r.name as rule, a.reason, a.amount_kobo::text as amount, a.decided_at, a.reversed_at
    from ${feeAdjustments} a
    left join ${adjustmentRules} r on r.id = a.rule_id
    where a.student_id = ${studentId} and a.status in ('approved', 'reversed') and a.amount_kobo is not null
    order by a.decided_at, a.id`,
  );
}

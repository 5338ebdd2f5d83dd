import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf, tableRowOf } from '../../db/rows.js';
import { payments } from '../../db/schema.js';
import { databaseError } from '../../lib/errors.js';
import { type Actor, auditRecord } from '../audit/audit.queries.js';
import { owedOn } from '../fees/fee-ledger.queries.js';
import { feeNotFound } from '../fees/fees.errors.js';
import { type PaymentNotices, preparePaymentSucceededNotices } from '../notifications/notices.service.js';
import { outboxOf } from '../notifications/notifications.queries.js';
import { composeNotices } from '../notifications/notifications.service.js';
import { feeAlreadyPaid, feeNotPayable } from './ledger.errors.js';
import { refuseOverpayment } from './overpayment.js';
import { creditAuditEntry, newReference } from './payment-rows.js';
import type { PaymentRow } from './payments.queries.js';
import { receiptYear } from './receipt-numbers.queries.js';

export interface TakeAtOnce {
  /** The pool (one statement is its own transaction), or the caller's transaction (a family's several payments). */
  db: DbOrTx;
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  studentId: string;
  /** The fee as the caller read it: what is owed on it is read when no amount is given. */
  fee: { id: string; amountKobo: bigint };
  /**
   * The caller's transaction holds the fee row already (`holdFees`, fees' `lockFee`: the paths that
   * pay several fees at once, lock-order.ts step 1), so no turn is taken; otherwise the function
   * takes the student's turn and shares the row itself.
   */
  feeHeld: boolean;
  /** Defaults to everything still owed. */
  amountKobo?: bigint | undefined;
  method: 'cash' | 'credit';
  initiatedBy: string | null;
  idempotencyKey?: string | null;
  notes?: string | null;
  /** The request's field of the amount, which a refusal of more than is owed names (`amount` unless given). */
  field?: string;
  /** What the `payment.credit` audit row says of where the payment came from. */
  audit: Record<string, unknown>;
  /**
   * Who hears of it, read beforehand for every payment of a submission at once
   * (`preparePaymentSucceededNotices`); read here for this payment alone when absent.
   */
  notices?: PaymentNotices | undefined;
}

/**
 * How `take_at_once` refuses, as the payer reads it. A refusal of more than is owed names what is
 * owed (its detail) and the payment it refused (its hint: which line, of several), whose amount
 * and field the refusal then names.
 */
function refusal(error: unknown, lines: readonly { id: string; amount: string; field?: string | undefined }[]) {
  const { code, detail, hint } = databaseError(error) ?? {};
  if (code === 'SL404') return feeNotFound();
  if (code === 'SL422') return feeNotPayable();
  if (code === 'SL409') return feeAlreadyPaid();
  const refused = lines.find((line) => line.id === hint);
  if (code === 'SL413' && refused) {
    try {
      refuseOverpayment({ amountKobo: BigInt(refused.amount), owedKobo: BigInt(detail ?? '0'), field: refused.field });
    } catch (refusedError) {
      return refusedError;
    }
  }
  return error;
}

/**
 * One payment's parameters of `take_at_once`, named as `take_lines_at_once` reads them: who hears
 * of it, and in what words, read and written out first, with a stand-in where the receipt number
 * goes, which the database replaces once it has numbered the payment.
 */
async function lineOf(input: TakeAtOnce) {
  const { db, ctx, actor, fee } = input;
  // With no amount, what is owed now; if a payment lands before the statement runs, the
  // statement finds it more than is owed and refuses, rather than take a different sum.
  const amountKobo = input.amountKobo ?? (await owedOn(db, input.studentId, fee));
  // Nothing owed: the function would refuse it as such, but a payment of nothing is not sent.
  if (amountKobo === 0n) throw feeAlreadyPaid();
  const now = ctx.clock();
  const token = `RCPT${randomBytes(8).toString('hex').toUpperCase()}`;
  const payment = {
    id: randomUUID(),
    schoolId: input.schoolId,
    studentId: input.studentId,
    feeId: fee.id,
    amountKobo,
    method: input.method,
    reference: newReference(),
    receiptNo: token,
    paidAt: now,
    initiatedBy: input.initiatedBy,
  };
  const { audience, noticesOf } =
    input.notices ?? (await preparePaymentSucceededNotices(db, ctx, [payment], actor.userId));
  const notices = await composeNotices(ctx, audience, noticesOf(payment));
  return {
    id: payment.id,
    school: payment.schoolId,
    student: payment.studentId,
    fee: fee.id,
    amount: amountKobo.toString(),
    method: payment.method,
    reference: payment.reference,
    initiated_by: payment.initiatedBy,
    idempotency_key: input.idempotencyKey ?? null,
    notes: input.notes || null,
    paid_at: now.toISOString(),
    receipt_year: receiptYear(now),
    token,
    audit: auditRecord(actor, creditAuditEntry(payment, null, { reference: payment.reference, ...input.audit })),
    notices: notices.notices,
    changes: notices.changes,
    emails: outboxOf(notices),
  };
}

/** What the database answered for one payment: the credited row, and what was owed before it. */
function taken(row: Record<string, unknown>) {
  return { payment: tableRowOf(payments, row), owedBefore: BigInt(row.owed_before as string | bigint) };
}

/**
 * Money taken at once (cash at the desk, a family's credit), posted by migration 0027's
 * `take_at_once` in one statement: the student's turn on the fee and the fee held, the fee payable,
 * something owed and never more than is owed, the row credited with the school's next receipt
 * number, its `payment.credit` audit row and its notices. Everything it needs is read first
 * (`lineOf`), so the school's receipt counter is held only for the database's own work, never
 * across a round trip to this process.
 */
export async function takeAtOnce(input: TakeAtOnce): Promise<{ payment: PaymentRow; owedBefore: bigint }> {
  const l = await lineOf(input);
  try {
    const [row] = await rowsOf<Record<string, unknown>>(
      input.db,
      sql`select t.owed_before, (t.payment).* from take_at_once(${l.id}::uuid, ${l.school}::uuid,
        ${l.student}::uuid, ${l.fee}::uuid, ${l.amount}::bigint, ${l.method}, ${l.reference},
        ${l.initiated_by}::uuid, ${l.idempotency_key}::uuid, ${l.notes}, ${l.paid_at}::timestamptz,
        ${l.receipt_year}, ${l.token}, ${JSON.stringify(l.audit)}::jsonb, ${JSON.stringify(l.notices)}::jsonb,
        ${JSON.stringify(l.changes)}::jsonb, ${JSON.stringify(l.emails)}::jsonb, ${input.feeHeld}) t`,
    );
    return taken(row!);
  } catch (error) {
    throw refusal(error, [{ ...l, field: input.field }]);
  }
}

/**
 * Several payments taken at once, all or none, in the order given (a family's submission at the
 * desk), posted by migration 0028's `take_lines_at_once` in one statement: the fee rows held first,
 * exclusively, by id (lock-order.ts step 1), then each line as `takeAtOnce` takes one. The lines
 * share `db`, the pool: the statement is its own transaction.
 */
export async function takeLinesAtOnce(
  lines: readonly Omit<TakeAtOnce, 'feeHeld'>[],
): Promise<{ payment: PaymentRow; owedBefore: bigint }[]> {
  const params = [];
  for (const line of lines) params.push(await lineOf({ ...line, feeHeld: true }));
  try {
    const rows = await rowsOf<Record<string, unknown>>(
      lines[0]!.db,
      sql`select t.line, t.owed_before, (t.payment).* from take_lines_at_once(${JSON.stringify(params)}::jsonb) t`,
    );
    const answers = lines.map(() => undefined as ReturnType<typeof taken> | undefined);
    for (const row of rows) answers[Number(row.line)] = taken(row);
    return answers.map((answer) => answer!);
  } catch (error) {
    throw refusal(
      error,
      params.map((line, index) => ({ ...line, field: lines[index]!.field })),
    );
  }
}

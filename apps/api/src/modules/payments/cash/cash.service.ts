import { amountOverOutstanding, type CashPaymentInput, type CashPaymentResult } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { isUniqueViolation } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import type { Actor } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { feeNotFound } from '../../fees/fees.errors.js';
import { findFeeAmount, lockFee } from '../../fees/fees.queries.js';
import { studentNotFound } from '../../students/students.errors.js';
import { findStudent, visibleTo } from '../../students/students.queries.js';
import { creditPayment, newReference } from '../credit.service.js';
import { amountAboveOutstanding, feeAlreadyPaid, feeNotPayable, idempotencyKeyReused } from '../payments.errors.js';
import { insertPayment, type PaymentRow } from '../payments.queries.js';
import { recordedPayment } from './cash.presenter.js';
import { paymentByIdempotencyKey as byKey } from './cash.queries.js';

export const CASH_RECORDED = 'Cash payment processed successfully!';

/**
 * A repeated Idempotency-Key: the same caller asking for the same student and fee gets the
 * payment the first request recorded; anything else is a misuse of the key.
 */
async function replay(
  db: DbOrTx,
  auth: AuthContext,
  input: CashPaymentInput,
  feeAmountKobo: bigint,
  existing: PaymentRow,
): Promise<CashPaymentResult> {
  if (
    existing.initiatedBy !== auth.userId ||
    existing.studentId !== input.user_id ||
    existing.feeId !== input.fee_id ||
    existing.method !== 'cash'
  ) {
    throw idempotencyKeyReused();
  }
  return {
    payment: recordedPayment(existing),
    outstanding: await owedOn(db, existing.studentId, { id: existing.feeId, amountKobo: feeAmountKobo }),
  };
}

/**
 * The bursary desk records cash for a student in the caller's scope: full or partial, never more
 * than is outstanding, credited at once with a receipt number. The fee row is locked while the
 * outstanding is computed so two desks cannot both take the last naira; the Idempotency-Key makes
 * a double submit (or a retry) return the first payment.
 */
export async function payWithCash(
  ctx: AppContext,
  auth: AuthContext,
  input: CashPaymentInput,
  idempotencyKey: string,
  actor: Actor,
): Promise<CashPaymentResult> {
  const student = await findStudent(
    ctx.db,
    visibleTo({ scope: auth.scope, parentId: null, selfId: null }),
    input.user_id,
  );
  if (!student?.user.schoolId) throw studentNotFound();
  const schoolId = student.user.schoolId;
  const visibleFee = await findFeeAmount(ctx.db, auth.scope, student.user.id, input.fee_id);
  if (!visibleFee) throw feeNotFound();

  const earlier = await byKey(ctx.db, schoolId, idempotencyKey);
  if (earlier) return replay(ctx.db, auth, input, visibleFee.amountKobo, earlier);

  try {
    return await ctx.db.transaction(async (tx) => {
      const fee = await lockFee(tx, input.fee_id);
      if (!fee) throw feeNotFound();
      const again = await byKey(tx, schoolId, idempotencyKey);
      if (again) return replay(tx, auth, input, fee.amountKobo, again);
      if (fee.status !== 'approved' || !fee.isActive) {
        throw feeNotPayable();
      }
      const owed = await owedOn(tx, student.user.id, fee);
      if (owed === 0n) throw feeAlreadyPaid();
      const amountKobo = input.amount ?? owed;
      const over = amountOverOutstanding(amountKobo, owed);
      if (over) throw amountAboveOutstanding(over);
      const now = ctx.clock();
      const created = await insertPayment(tx, {
        schoolId,
        studentId: student.user.id,
        feeId: fee.id,
        amountKobo,
        method: 'cash',
        reference: newReference(),
        currency: 'NGN',
        isInstallment: amountKobo < owed,
        initiatedBy: auth.userId,
        idempotencyKey,
        notes: input.notes || null,
      });
      const credited = await creditPayment(
        tx,
        ctx,
        actor,
        created,
        { paidAt: now, verifiedAt: now, channel: 'cash' },
        { source: 'cash_desk', reference: created.reference, idempotencyKey, notes: input.notes ?? null },
      );
      return { payment: recordedPayment(credited), outstanding: owed - amountKobo };
    });
  } catch (error) {
    // A concurrent request with the same key won the insert: answer with its payment.
    if (!isUniqueViolation(error)) throw error;
    const winner = await byKey(ctx.db, schoolId, idempotencyKey);
    if (!winner) throw error;
    return replay(ctx.db, auth, input, visibleFee.amountKobo, winner);
  }
}

import { formatKobo, PAYMENT_ERROR_CODES } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { Tx } from '../../../db/client.js';
import { conflict } from '../../../lib/errors.js';
import type { Actor } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { holdFeeForStudent } from '../../ledger/lock-order.js';
import { newReference } from '../../ledger/payment-rows.js';
import { insertPayment, type PaymentRow } from '../../ledger/payments.queries.js';
import { recordPayment } from '../../ledger/record-payment.js';
import { creditHolderOf, owedFeesOf } from '../family-credit/family-credit.queries.js';
import { moveExcessToCredit } from '../family-credit/family-credit.service.js';

/**
 * Money that arrived by transfer for a student, with no fee named (their payment code in the
 * narration): it pays their owed fees of the school oldest first, each fee its own credited
 * payment and receipt, in the caller's transaction. What is left beyond everything owed becomes
 * their family's credit; a student with no parent to hold it, or one who owes nothing, is refused
 * (the money stays for a person to place), as the transfer confirmation does.
 */
export async function payFeesInOrder({
  tx,
  ctx,
  actor,
  schoolId,
  studentId,
  studentName,
  amountKobo,
  paidAt,
  audit,
}: {
  tx: Tx;
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  studentId: string;
  /** For the refusals' wording. */
  studentName: string;
  amountKobo: bigint;
  /** The bank's day of the credit. */
  paidAt: Date;
  /** What each `payment.credit` audit row says of where the money was seen. */
  audit: Record<string, unknown>;
}): Promise<PaymentRow[]> {
  const owing = await owedFeesOf(tx, { studentId }, schoolId);
  // Step 1 of lock-order.ts: each fee by id, before any payment row.
  const fees = new Map<string, NonNullable<Awaited<ReturnType<typeof holdFeeForStudent>>>>();
  for (const feeId of owing.map((line) => line.feeId).sort()) {
    const fee = await holdFeeForStudent({ tx, feeId, studentId });
    if (fee) fees.set(feeId, fee);
  }
  const owedNow: { fee: NonNullable<Awaited<ReturnType<typeof holdFeeForStudent>>>; owed: bigint }[] = [];
  for (const line of owing) {
    const fee = fees.get(line.feeId);
    const owed = fee ? await owedOn(tx, studentId, fee) : 0n;
    if (fee && owed > 0n) owedNow.push({ fee, owed });
  }
  const totalOwed = owedNow.reduce((sum, line) => sum + line.owed, 0n);
  if (totalOwed === 0n) {
    throw conflict(
      `${studentName} owes nothing on this school's fees now, so the ${formatKobo(amountKobo)} cannot be placed on a fee. Choose another student, or leave the line unmatched.`,
      PAYMENT_ERROR_CODES.amountAboveOutstanding,
    );
  }
  const holder = amountKobo > totalOwed ? await creditHolderOf(tx, studentId, null) : undefined;
  if (amountKobo > totalOwed && !holder) {
    throw conflict(
      `${formatKobo(amountKobo)} is more than the ${formatKobo(totalOwed)} ${studentName} owes, and no parent is linked to keep the rest as credit. Link a parent first, or leave the line unmatched.`,
      PAYMENT_ERROR_CODES.amountAboveOutstanding,
    );
  }

  const credited: PaymentRow[] = [];
  let left = amountKobo;
  for (const [index, { fee, owed }] of owedNow.entries()) {
    if (left === 0n) break;
    // The last fee takes whatever is left; beyond what it is owed goes to the family's credit.
    const last = index === owedNow.length - 1;
    const share = last ? left : left < owed ? left : owed;
    const now = ctx.clock();
    const payment = await insertPayment(tx, {
      schoolId,
      studentId,
      feeId: fee.id,
      amountKobo: share,
      method: 'bank_transfer',
      status: 'pending',
      reference: newReference(),
      currency: 'NGN',
      isInstallment: share < owed,
      initiatedBy: null,
      reviewedBy: actor.userId,
      reviewedAt: now,
    });
    const done = await recordPayment({
      tx,
      ctx,
      actor,
      payment,
      details: { paidAt, verifiedAt: now, channel: 'bank_transfer' },
      audit,
    });
    credited.push(done);
    if (share > owed && holder) {
      await moveExcessToCredit({ tx, ctx, actor, payment: done, excessKobo: share - owed, parentId: holder });
    }
    left -= share;
  }
  return credited;
}

import { can, type PaymentStatusResult } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { findPaymentById, findPaymentByReference } from '../../ledger/payments.queries.js';
import { ProviderError } from '../../providers/provider.js';
import { findStudent, visibleTo } from '../../students/students.queries.js';
import { paymentNotFound } from '../payments.errors.js';
import { feeAmountKobo } from './online.queries.js';
import { isOnline, settlePayment } from './settle.service.js';

/**
 * GET /payment/{reference}/status: what the payer's dialog shows once the checkout window closes.
 * Only the payer (the student, their parent) or staff who may view payments of that school see
 * it; a pending online payment is verified with the provider first, so the answer is the truth.
 */
export async function paymentStatus(
  ctx: AppContext,
  auth: AuthContext,
  reference: string,
): Promise<PaymentStatusResult> {
  const found = await findPaymentByReference(ctx.db, reference);
  if (found?.kind !== 'payment') throw paymentNotFound();
  const visibility = visibleTo({
    scope: can(auth.roles, 'payments.view') ? auth.scope : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
    selfId: auth.roles.includes('Student') ? auth.userId : null,
  });
  if (!(await findStudent(ctx.db, visibility, found.studentId))) throw paymentNotFound();

  let payment = found;
  if (payment.status === 'pending' && isOnline(payment.method)) {
    try {
      await settlePayment(ctx, reference, { source: 'status' });
    } catch (error) {
      // The provider could not be asked now; the payment stays pending and the job asks again.
      if (!(error instanceof ProviderError) && (error as Error).name !== 'TimeoutError') throw error;
    }
    const settled = await findPaymentById(ctx.db, found.id);
    if (!settled) throw paymentNotFound();
    payment = settled;
  }
  const feeKobo = await feeAmountKobo(ctx.db, payment.feeId);
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountKobo,
    method: payment.method,
    receiptNo: payment.receiptNo,
    paymentId: payment.id,
    paid_at: payment.paidAt?.toISOString() ?? null,
    outstanding: await owedOn(ctx.db, payment.studentId, { id: payment.feeId, amountKobo: feeKobo ?? 0n }),
  };
}

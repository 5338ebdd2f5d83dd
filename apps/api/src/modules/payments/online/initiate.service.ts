import {
  adjustedAmount,
  amountBelowMinimum,
  ERROR_CODES,
  type InitiatePaymentInput,
  installmentAmount,
  minimumInstallment,
  type OnlineMethod,
  owed as owedOf,
  PAYMENT_METHOD_LABELS,
} from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { AppError, forbidden, validationFailed } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { ledgersOf } from '../../fees/fee-ledger.queries.js';
import { feeNotFound } from '../../fees/fees.errors.js';
import { findPayableFee } from '../../fees/fees.queries.js';
import { refuseOverpayment } from '../../ledger/overpayment.js';
import { newReference } from '../../ledger/payment-rows.js';
import { insertPayment, updatePayment } from '../../ledger/payments.queries.js';
import { effectiveSettings } from '../../payment-profiles/payment-profiles.presenter.js';
import { findPaymentProfile } from '../../payment-profiles/payment-profiles.queries.js';
import { providerFromProfile } from '../../payment-profiles/school-providers.js';
import { ProviderError } from '../../providers/provider.js';
import { studentNotFound } from '../../students/students.errors.js';
import { findStudent, visibleTo } from '../../students/students.queries.js';
import { amountBelowMinimumInstallment, fullPaymentRequired, paymentMethodUnavailable } from '../payments.errors.js';

export interface Payer {
  selfId: string | null;
  parentId: string | null;
}

/** Only a student (for themself) or a parent (for a linked child) pays online. */
export function payerOf(auth: AuthContext): Payer {
  const payer = {
    selfId: auth.roles.includes('Student') ? auth.userId : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
  };
  if (!payer.selfId && !payer.parentId) throw forbidden();
  return payer;
}

/**
 * One fee of one student as an online payment would take it: the student is the payer's, the
 * fee payable and applying to them, the method on at their school, and the amount what is owed,
 * or an installment both the fee and the school allow (never below the larger of the fee's
 * installment and the school's minimum). A single payment and each line of a family checkout
 * are checked here alike.
 */
export async function payableLine(
  ctx: AppContext,
  payer: Payer,
  line: { studentId: string; feeId: string; amount: bigint | undefined; method: OnlineMethod },
) {
  const { studentId, method } = line;
  const student = await findStudent(ctx.db, visibleTo({ scope: null, ...payer }), studentId);
  if (!student) throw studentNotFound();

  const row = await findPayableFee(ctx.db, studentId, line.feeId);
  if (!row) throw feeNotFound();
  const fee = row.fee;
  const profile = await findPaymentProfile(ctx.db, fee.schoolId);
  const provider = providerFromProfile(ctx, profile, method);
  if (!provider) throw paymentMethodUnavailable(`${PAYMENT_METHOD_LABELS[method]} is not available for this school`);
  const settings = effectiveSettings(ctx, profile);

  const parts = (await ledgersOf(ctx.db, studentId, [fee.id])).get(fee.id);
  const ledger = { amount: fee.amountKobo, reductions: 0n, lateFees: 0n, paid: 0n, ...parts };
  const owed = owedOf(ledger);
  const amountKobo = line.amount ?? owed;
  refuseOverpayment({ amountKobo, owedKobo: owed });
  if (amountKobo !== owed) {
    if (!fee.isInstallmentAllowed || !settings.enableInstallments) throw fullPaymentRequired();
    const minimum = minimumInstallment(
      installmentAmount(adjustedAmount(ledger), fee.installments),
      settings.minimumInstallmentKobo,
    );
    const below = amountBelowMinimum(amountKobo, minimum);
    if (below) throw amountBelowMinimumInstallment(below);
  }
  return { student, fee, profile, provider, amountKobo, owed };
}

/**
 * A student pays for themself, a parent for a linked child, with a method the school switched on.
 * The amount is computed here from the fee and what has been paid; the client may only ask for
 * less when both the fee and the school allow installments, and never below the larger of the
 * fee's installment and the school's minimum. The pending row exists before the provider is called.
 */
export async function initiatePayment(
  ctx: AppContext,
  auth: AuthContext,
  input: Omit<InitiatePaymentInput, 'payment_method'> & { payment_method?: OnlineMethod | undefined },
  actor: Actor,
) {
  const payer = payerOf(auth);
  const method = input.payment_method ?? 'paystack';
  const studentId = input.student_id ?? input.user_id ?? payer.selfId;
  if (!studentId) throw validationFailed([{ field: 'student_id', message: 'Student is required' }]);
  const { student, fee, provider, amountKobo, owed } = await payableLine(ctx, payer, {
    studentId,
    feeId: input.fee_id,
    amount: input.amount,
    method,
  });

  const reference = newReference();
  const payment = await ctx.db.transaction(async (tx) => {
    const created = await insertPayment(tx, {
      schoolId: fee.schoolId,
      studentId,
      feeId: fee.id,
      amountKobo,
      method,
      reference,
      currency: 'NGN',
      isInstallment: amountKobo < owed,
      initiatedBy: auth.userId,
    });
    await recordAudit(tx, actor, {
      action: 'payment.initiate',
      entity: 'payment',
      entityId: created.id,
      schoolId: fee.schoolId,
      after: { reference, amountKobo: amountKobo.toString(), feeId: fee.id, studentId, method },
    });
    return created;
  });

  const email = auth.row.user.email ?? student.user.email ?? `${reference.toLowerCase()}@payers.schoolledger.ng`;
  try {
    const started = await provider.initialize({
      reference,
      amountKobo,
      currency: 'NGN',
      email,
      callbackUrl: `${ctx.config.appUrl}/api/v1/payment/${method}_callback`,
      metadata: { payment_id: payment.id, fee_id: fee.id, student_id: studentId },
    });
    await updatePayment(ctx.db, payment.id, { paymentUrl: started.paymentUrl });
    return { paymentUrl: started.paymentUrl, reference, amount: amountKobo };
  } catch (error) {
    // The row stays pending: the reconciliation job verifies it and fails it if the provider never saw it.
    throw startFailure(error);
  }
}

/** What the payer is told when the provider could not start a checkout; anything else is a bug. */
export function startFailure(error: unknown): unknown {
  if (error instanceof ProviderError || (error as Error).name === 'TimeoutError') {
    return new AppError(
      400,
      ERROR_CODES.providerUnavailable,
      'The payment provider could not start this payment. Please try again.',
    );
  }
  return error;
}

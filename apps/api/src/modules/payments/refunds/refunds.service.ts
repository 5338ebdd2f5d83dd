import {
  ERROR_CODES,
  ONLINE_METHODS,
  type OnlineMethod,
  PAYMENT_METHOD_LABELS,
  type Payment,
  type REFUND_DESTINATIONS,
} from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';
import { AppError, isUniqueViolation } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { inSchoolScope } from '../../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { refundOfPayment } from '../../ledger/payment-rows.js';
import {
  findPaymentById,
  findRefundOf,
  insertPayment,
  lockPayment,
  type PaymentRow,
  updatePayment,
} from '../../ledger/payments.queries.js';
import { notifyRefund, notifyRefundFailed } from '../../notifications/notices.service.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import { type PaymentProvider, ProviderError, type RefundResult } from '../../providers/provider.js';
import { liveVoidOf } from '../../tills/till-voids.queries.js';
import { creditHolderOfPayment, creditRefund, movedToCreditOf } from '../family-credit/family-credit.service.js';
import { findCheckoutById } from '../online/checkout.queries.js';
import {
  alreadyRefunded,
  paymentMethodUnavailable,
  paymentNotFound,
  providerRefusedRefund,
  refundNotAllowed,
} from '../payments.errors.js';
import { getVisiblePayment } from '../reporting/lists.service.js';
import { SYSTEM } from '../system-actor.js';
import { pendingRefunds, refundsOf } from './refunds.queries.js';

type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

const isOnline = (method: string): method is OnlineMethod => (ONLINE_METHODS as readonly string[]).includes(method);

function assertRefundable(payment: PaymentRow | undefined, refunded: boolean): asserts payment is PaymentRow {
  if (!payment) throw paymentNotFound();
  if (payment.kind !== 'payment') throw refundNotAllowed('A refund cannot itself be refunded');
  if (payment.status !== 'success') throw refundNotAllowed('Only a successful payment can be refunded');
  if (refunded) throw alreadyRefunded();
}

/** Cash voided at its till went back through the void; one waiting is decided before anything else. */
async function assertNotVoided(db: DbOrTx, payment: PaymentRow | undefined) {
  const voided = payment && (await liveVoidOf(db, payment.id));
  if (!voided) return;
  throw refundNotAllowed(
    voided.status === 'pending'
      ? 'A void of this payment is waiting for approval: have it approved or rejected first'
      : 'This payment was voided at the till: its money was already given back',
  );
}

/** The account that took an online payment, even if the school has since switched the method off. */
async function providerOf(ctx: AppContext, payment: PaymentRow): Promise<PaymentProvider | null> {
  if (!isOnline(payment.method)) return null;
  const provider = await providerFor(ctx, payment.schoolId, payment.method, { includeSwitchedOff: true });
  if (!provider)
    throw paymentMethodUnavailable(`${PAYMENT_METHOD_LABELS[payment.method]} is not set up for this school`);
  return provider;
}

/** The provider's answer to a refund request: its refund, its refusal, or nothing known. */
type Asked = { sent: RefundResult } | { refused: string } | { unanswered: string };

/**
 * The provider's transaction of a payment: its own, or, for a line of a family checkout, the
 * checkout's (one transaction paid every line; a line's refund is a partial refund of it).
 */
async function providerTransactionOf(db: DbOrTx, payment: PaymentRow) {
  if (payment.providerId || !payment.checkoutId) return payment.providerId;
  return (await findCheckoutById(db, payment.checkoutId))?.providerId ?? null;
}

async function askProvider(
  db: DbOrTx,
  provider: PaymentProvider,
  payment: PaymentRow,
  refund: PaymentRow,
): Promise<Asked> {
  const providerId = await providerTransactionOf(db, payment);
  try {
    const sent = await provider.refund({
      reference: payment.providerReference ?? payment.reference,
      providerId,
      amountKobo: refund.amountKobo,
      refundId: refund.id,
    });
    return { sent };
  } catch (error) {
    if (error instanceof ProviderError && error.status !== undefined && error.status >= 400 && error.status < 500) {
      return { refused: error.message };
    }
    if (error instanceof ProviderError || (error as Error).name === 'TimeoutError') {
      return { unanswered: (error as Error).message };
    }
    throw error;
  }
}

/**
 * Writes what the provider said of a refund request on the pending refund row: sent (its refund
 * id; done when the provider already says processed) or refused (the row fails, so the payment
 * stays paid and may be refunded again). Nothing is written when the provider did not answer.
 */
async function recordAnswer(ctx: AppContext, refundId: string, asked: Asked, answeredTo: string | null = null) {
  if ('unanswered' in asked) return;
  await ctx.db.transaction(async (tx) => {
    const refund = await lockPayment(tx, undefined, refundId);
    if (refund?.status !== 'pending') return;
    const now = ctx.clock();
    if ('refused' in asked) {
      await updatePayment(tx, refund.id, { status: 'failed', notes: asked.refused, verifiedAt: now });
      await recordAudit(tx, SYSTEM, {
        action: 'payment.refund.failed',
        entity: 'payment',
        entityId: refund.id,
        schoolId: refund.schoolId,
        before: { status: 'pending' },
        after: { status: 'failed', reason: asked.refused },
      });
      await notifyRefundFailed(tx, ctx, refund.id, asked.refused, answeredTo);
      return;
    }
    const { providerRefundId, status } = asked.sent;
    await updatePayment(tx, refund.id, { providerReference: providerRefundId });
    await recordAudit(tx, SYSTEM, {
      action: 'payment.refund.sent',
      entity: 'payment',
      entityId: refund.id,
      schoolId: refund.schoolId,
      after: { providerRefundId, providerStatus: status },
    });
    if (status !== 'pending') await finishRefund({ tx, ctx, refund, state: status, source: 'provider' });
  });
}

/** Moves a locked pending refund to done (it now counts against what was paid) or failed. */
async function finishRefund({
  tx,
  ctx,
  refund,
  state,
  source,
}: {
  tx: DbOrTx;
  ctx: AppContext;
  refund: PaymentRow;
  state: 'processed' | 'failed';
  /** Who told us: the provider's answer, its webhook or the job. */
  source: string;
}) {
  const now = ctx.clock();
  const status = state === 'processed' ? 'success' : 'failed';
  await updatePayment(tx, refund.id, { status, verifiedAt: now, ...(status === 'success' ? { paidAt: now } : {}) });
  await recordAudit(tx, SYSTEM, {
    action: state === 'processed' ? 'payment.refund.processed' : 'payment.refund.failed',
    entity: 'payment',
    entityId: refund.id,
    schoolId: refund.schoolId,
    before: { status: 'pending' },
    after: { status, source },
  });
  if (status === 'success') await notifyRefund(tx, ctx, refund.id, 'refund');
  else await notifyRefundFailed(tx, ctx, refund.id, null);
}

/**
 * Returns a successful payment's money as a new `refund` row of the same amount (less what of it
 * was already moved to the family's credit as an over-collection); the original is never changed, and outstanding rises once the refund is done, because every sum of money paid
 * subtracts successful refunds. The refund row is written first, under a lock on the original,
 * so a second request finds it and is refused. An online refund is then asked of the provider
 * outside any transaction, naming our refund's id, and stays pending until the provider reports
 * it processed or failed (its answer, its webhook or the reconciliation job). Cash and
 * transfers are done at once (the money goes back at the desk). A refund to credit is done at once
 * too, with no provider: the family's credit gains the amount; a payment made from credit always
 * goes back to credit.
 */
export async function refundPayment({
  ctx,
  auth,
  id,
  input,
  actor,
}: {
  ctx: AppContext;
  auth: AuthContext;
  /** The payment to refund. */
  id: string;
  input: { reason: string; to: RefundDestination };
  actor: Actor;
}): Promise<{ refund: Payment; message: string }> {
  const { reason } = input;
  const scoped = inSchoolScope(auth.scope, payments.schoolId);
  const [original, earlier] = [await findPaymentById(ctx.db, id, scoped), await findRefundOf(ctx.db, id)];
  await assertNotVoided(ctx.db, original);
  assertRefundable(original, Boolean(earlier));
  const toCredit = input.to === 'credit' || original.method === 'credit';
  const holder = toCredit ? await creditHolderOfPayment(ctx.db, original) : undefined;
  if (toCredit && !holder) throw refundNotAllowed('This student has no linked parent to hold family credit');
  const amountKobo = original.amountKobo - (await movedToCreditOf(ctx.db, original.id));
  if (amountKobo === 0n) throw refundNotAllowed("All of this payment is already the family's credit");
  // Resolved before the transaction: it reads the school's profile, which must not wait on our lock.
  const provider = toCredit ? null : await providerOf(ctx, original);

  let refundRow: PaymentRow;
  try {
    refundRow = await ctx.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, scoped, id);
      const done = await findRefundOf(tx, id);
      assertRefundable(payment, Boolean(done));
      const now = ctx.clock();
      const refund = await insertPayment(tx, {
        ...refundOfPayment(payment),
        amountKobo,
        status: provider ? 'pending' : 'success',
        reason,
        initiatedBy: auth.userId,
        paidAt: provider ? null : now,
        reviewedBy: auth.userId,
        reviewedAt: now,
      });
      await recordAudit(tx, actor, {
        action: 'payment.refund',
        entity: 'payment',
        entityId: refund.id,
        schoolId: payment.schoolId,
        before: { paymentId: payment.id, status: payment.status, receiptNo: payment.receiptNo },
        after: {
          kind: 'refund',
          refundOf: payment.id,
          amountKobo: amountKobo.toString(),
          method: payment.method,
          reason,
          reference: refund.reference,
          status: refund.status,
          to: holder ? 'credit' : 'payer',
        },
      });
      if (holder) await creditRefund({ tx, ctx, actor, refund, parentId: holder, reason });
      if (refund.status === 'success') await notifyRefund(tx, ctx, refund.id, 'refund');
      return refund;
    });
  } catch (error) {
    // Two refunds raced past the checks: the unique index on refund_of let one through.
    if (isUniqueViolation(error)) throw alreadyRefunded();
    throw error;
  }

  if (holder) {
    return {
      refund: await getVisiblePayment(ctx.db, auth, refundRow.id),
      message: "Refund recorded as the family's credit.",
    };
  }
  if (!provider || !isOnline(original.method)) {
    return {
      refund: await getVisiblePayment(ctx.db, auth, refundRow.id),
      message: 'Refund recorded. Hand the money back to the payer.',
    };
  }
  const asked = await askProvider(ctx.db, provider, original, refundRow);
  // The bursar who asked reads a refusal in the answer; the rest of the bursary hears of it.
  await recordAnswer(ctx, refundRow.id, asked, auth.userId);
  if ('refused' in asked) throw providerRefusedRefund(`The payment provider refused the refund: ${asked.refused}`);
  if ('unanswered' in asked) {
    throw new AppError(
      502,
      ERROR_CODES.providerUnavailable,
      'The payment provider did not answer. The refund is recorded as pending and will be asked again.',
    );
  }
  return {
    refund: await getVisiblePayment(ctx.db, auth, refundRow.id),
    message: `Refund sent to ${PAYMENT_METHOD_LABELS[original.method]}. The money returns to the payer's account in a few days.`,
  };
}

/**
 * Asks the provider where a pending online refund stands and records it. A refund whose request
 * never got an answer is asked for again: the provider refuses to return more than is left on a
 * transaction, so a request that did arrive the first time is not paid out twice.
 */
export async function settleRefund(ctx: AppContext, refund: PaymentRow, source: 'webhook' | 'job') {
  if (refund.kind !== 'refund' || refund.status !== 'pending' || !isOnline(refund.method) || !refund.refundOf) return;
  const provider = await providerFor(ctx, refund.schoolId, refund.method, { includeSwitchedOff: true });
  if (!provider) return;
  if (!refund.providerReference) {
    const original = await findPaymentById(ctx.db, refund.refundOf);
    if (original) await recordAnswer(ctx, refund.id, await askProvider(ctx.db, provider, original, refund));
    return;
  }
  const state = await provider.refundStatus(refund.providerReference);
  if (state === 'pending') return;
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, undefined, refund.id);
    if (locked?.status === 'pending') await finishRefund({ tx, ctx, refund: locked, state, source });
  });
}

/** The refunds of the payment under `reference` that are still pending, for a refund event. */
export async function settleRefundsOf(ctx: AppContext, paymentId: string) {
  for (const refund of await refundsOf(ctx.db, paymentId)) await settleRefund(ctx, refund, 'webhook');
}

/**
 * The reconciliation job's follow-up of pending online refunds: how many it finished, and the
 * refunds it could not ask about (left pending, asked again on the next pass).
 */
export async function settlePendingRefunds(ctx: AppContext, options: { olderThan: Date; limit?: number }) {
  let finished = 0;
  const errors: { refundId: string; error: string }[] = [];
  for (const refund of await pendingRefunds(ctx.db, options.olderThan, options.limit ?? 100)) {
    try {
      await settleRefund(ctx, refund, 'job');
    } catch (error) {
      errors.push({ refundId: refund.id, error: (error as Error).message });
      continue;
    }
    const [after] = await refundsOf(ctx.db, refund.refundOf!, { id: refund.id });
    if (after && after.status !== 'pending') finished++;
  }
  return { finished, errors };
}

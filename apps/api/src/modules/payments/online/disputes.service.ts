import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { refundOfPayment } from '../../ledger/payment-rows.js';
import { findRefundOf, insertPayment, lockPayment, type PaymentRow } from '../../ledger/payments.queries.js';
import { notifyPaymentDisputed, notifyRefund } from '../../notifications/notices.service.js';
import { SYSTEM } from '../system-actor.js';
import { findDispute, insertDispute, updateDispute } from './online.queries.js';

/** Paystack's dispute `resolution`: the school accepted the chargeback (or let it lapse), or won it. */
const LOST = new Set(['merchant-accepted', 'auto-accepted']);
const WON = new Set(['declined']);

interface DisputeEvent {
  provider: 'paystack' | 'flutterwave';
  event: string;
  payload: unknown;
}

function disputeOf(payload: unknown) {
  const data = (payload as { data?: Record<string, unknown> } | null)?.data ?? {};
  const id = data.id;
  return {
    id: id === undefined || id === null ? null : String(id),
    resolution: typeof data.resolution === 'string' ? data.resolution : null,
    status: typeof data.status === 'string' ? data.status : null,
  };
}

/**
 * A payer disputed an online payment. Opening (or a reminder) flags the payment to the bursar
 * (a dispute row and an audit row naming the school); resolving records the outcome,
 * and a lost dispute takes the money back as a compensating refund entry, so the ledger says
 * what the school actually kept. Signed events are believed as they are: Paystack sends them
 * only for a dispute it holds.
 */
export async function processDispute(ctx: AppContext, payment: PaymentRow, event: DisputeEvent) {
  const dispute = disputeOf(event.payload);
  if (!dispute.id) return;
  const providerDisputeId = dispute.id;
  const resolving = event.event.endsWith('.resolve');
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPayment(tx, undefined, payment.id);
    if (!locked) return;
    let row = await findDispute(tx, event.provider, providerDisputeId);
    if (!row) {
      row = await insertDispute(tx, {
        schoolId: locked.schoolId,
        paymentId: locked.id,
        provider: event.provider,
        providerDisputeId,
      });
      await recordAudit(tx, SYSTEM, {
        action: 'payment.dispute.open',
        entity: 'payment',
        entityId: locked.id,
        schoolId: locked.schoolId,
        after: { providerDisputeId, providerStatus: dispute.status },
      });
      await notifyPaymentDisputed(tx, ctx, locked.id);
    }
    if (!resolving || row.status !== 'open') return;
    const outcome = LOST.has(dispute.resolution ?? '') ? 'lost' : WON.has(dispute.resolution ?? '') ? 'won' : null;
    if (!outcome) return;
    let refundId: string | null = null;
    // Money already returned by a refund is not taken back a second time in the ledger.
    if (outcome === 'lost' && locked.status === 'success' && !(await findRefundOf(tx, locked.id))) {
      const now = ctx.clock();
      const refund = await insertPayment(tx, {
        ...refundOfPayment(locked),
        status: 'success',
        reason: `Dispute lost (${dispute.resolution}): the provider returned the money to the payer`,
        providerReference: providerDisputeId,
        paidAt: now,
      });
      refundId = refund.id;
      await notifyRefund(tx, ctx, refund.id, 'dispute');
    }
    await updateDispute(tx, row.id, { status: outcome, resolution: dispute.resolution, refundId });
    await recordAudit(tx, SYSTEM, {
      action: `payment.dispute.${outcome}`,
      entity: 'payment',
      entityId: locked.id,
      schoolId: locked.schoolId,
      before: { dispute: 'open' },
      after: { dispute: outcome, resolution: dispute.resolution, refundId },
    });
  });
}

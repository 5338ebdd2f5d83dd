import type { OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../audit/audit.queries.js';
import { findPaymentByReference, type PaymentRow } from '../../ledger/payments.queries.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import { flutterwaveReferenceOf } from '../../providers/flutterwave.js';
import { paystackReferenceOf, paystackTransferAccountOf } from '../../providers/paystack.js';
import { jsonOf, type PaymentProvider, type WebhookEvent } from '../../providers/provider.js';
import { appProvider } from '../../providers/resolve.js';
import {
  creditTransfer,
  flutterwaveTransferSigner,
  isFlutterwaveAccount,
  type TransferSigner,
  transferSigners,
} from '../../virtual-accounts/credits.service.js';
import { settleRefundsOf } from '../refunds/refunds.service.js';
import { SYSTEM } from '../system-actor.js';
import { payFamilyFeesInOrder } from '../transfers/pay-fees-in-order.service.js';
import { findCheckoutByReference } from './checkout.queries.js';
import { processDispute } from './disputes.service.js';
import { markWebhookProcessed, recordWebhookEvent, unprocessedWebhooks } from './online.queries.js';
import { isOnline, settlePayment } from './settle.service.js';

/** Paystack notifies successful charges; Flutterwave every completed attempt, paid or failed. */
const SETTLING_EVENTS = new Set(['charge.success', 'charge.completed']);
/** Paystack's refund events: each is followed by asking Paystack where the refund stands. */
const REFUND_EVENTS = new Set([
  'refund.pending',
  'refund.processing',
  'refund.processed',
  'refund.failed',
  'refund.needs-attention',
]);
const DISPUTE_EVENTS = new Set(['charge.dispute.create', 'charge.dispute.remind', 'charge.dispute.resolve']);
/** What is processed after answering; any other signed event is recorded and answered only. */
const HANDLED_EVENTS = [...SETTLING_EVENTS, ...REFUND_EVENTS, ...DISPUTE_EVENTS];

/** A refund Paystack cannot complete without the school (for instance a closed card account). */
export const REFUND_NEEDS_ATTENTION = 'payments.refund_needs_attention';

/** Where each provider puts our reference in a webhook body of any event, read before the signature is checked. */
const REFERENCE_OF: Record<OnlineMethod, (rawBody: Buffer) => string | null> = {
  paystack: paystackReferenceOf,
  flutterwave: flutterwaveReferenceOf,
};

/** What the route answers: 401 when the signature did not check out; else 200, then it runs `settle`. */
export type WebhookOutcome =
  | { accepted: false }
  | { accepted: true; reference: string | null; settle: (() => Promise<void>) | null };

/**
 * What settling needs that the webhook already read: the payment row and its school's provider;
 * for a bank transfer into a family's virtual account, the provider whose key signed it and the
 * school it belongs to when only that school has the key.
 */
interface Known {
  payment?: PaymentRow | undefined;
  provider?: PaymentProvider | null | undefined;
  transfer?: { schoolId: string | null } | undefined;
}

/**
 * One delivery of `method`'s webhook, from the raw bytes to the settle. The signature is checked
 * against the account of the payment's school, found from the reference in the still unverified
 * body (wherever the event type puts it: a charge, a refund, a dispute), else against the
 * app-wide account: the body decides only whose key is tried, never whether the event is
 * believed. Every correctly signed event is recorded and answered 200, whatever its type or
 * reference, so the provider does not retry it for days. `admit` is the caller's rate limit,
 * told whether the delivery was signed; it throws to refuse before anything is recorded. A verified event is recorded under
 * its dedupe key (a replay is not processed again) and settled from the provider's own answer,
 * with the payment row and the provider read here, once.
 */
export async function handleWebhook(
  ctx: AppContext,
  method: OnlineMethod,
  rawBody: Buffer | null,
  headers: Record<string, string | string[] | undefined>,
  admit: (signed: boolean) => Promise<void>,
): Promise<WebhookOutcome> {
  let event: WebhookEvent | null = null;
  const known: Known = {};
  const signers = rawBody ? await accountTransferSigners(ctx, method, rawBody) : null;
  if (rawBody && signers) {
    for (const signer of signers) {
      event = signer.provider.parseWebhook(rawBody, headers);
      if (event) {
        Object.assign(known, { provider: signer.provider, transfer: { schoolId: signer.schoolId } });
        break;
      }
    }
  } else if (rawBody) {
    const reference = REFERENCE_OF[method](rawBody);
    const payment = reference ? await findPaymentByReference(ctx.db, reference) : undefined;
    let provider: PaymentProvider | null;
    if (payment?.method === method) {
      provider = await providerFor(ctx, payment.schoolId, method, { includeSwitchedOff: true });
      Object.assign(known, { payment, provider });
    } else {
      // A family checkout's reference names no payment: its school's account signs the event.
      const checkout = reference && !payment ? await findCheckoutByReference(ctx.db, reference) : undefined;
      provider =
        checkout?.method === method
          ? await providerFor(ctx, checkout.schoolId, method, { includeSwitchedOff: true })
          : appProvider(ctx.config, method);
    }
    event = provider ? provider.parseWebhook(rawBody, headers) : null;
  }
  await admit(event !== null);
  if (!event) return { accepted: false };
  return { accepted: true, reference: event.reference, settle: await recordWebhook(ctx, event, known) };
}

/**
 * Whose keys a bank transfer into a family's account is checked with, or `null` when the body is
 * not one: it names the account, not a payment, and the school that owns the account signs it.
 * Paystack names the number credited; Flutterwave repeats the tx_ref the account was opened with.
 */
async function accountTransferSigners(
  ctx: AppContext,
  method: OnlineMethod,
  rawBody: Buffer,
): Promise<TransferSigner[] | null> {
  if (method === 'paystack') {
    const accountNumber = paystackTransferAccountOf(jsonOf(rawBody));
    return accountNumber ? transferSigners(ctx, accountNumber) : null;
  }
  const txRef = flutterwaveReferenceOf(rawBody);
  const signer = txRef ? await flutterwaveTransferSigner(ctx, txRef) : null;
  return signer ? [signer] : null;
}

/**
 * A verified webhook: recorded under its dedupe key (a replay is not processed again). Returns
 * the processing to do after answering 200, or `null` when there is none (an event we do not
 * act on, or one for a reference that is none of ours: recorded, answered, ignored).
 */
export async function recordWebhook(ctx: AppContext, event: WebhookEvent, known: Known = {}) {
  const inserted = await recordWebhookEvent(ctx.db, event);
  if (!inserted || inserted.processedAt || !HANDLED_EVENTS.includes(event.event) || !event.reference) return null;
  const { id } = inserted;
  const row: RecordedEvent = {
    id,
    provider: event.provider,
    event: event.event,
    reference: event.reference,
    payload: event.payload,
  };
  // What was read to check the signature describes this reference only when the body's is the
  // event's; a transfer's signer describes the transfer, whatever its reference.
  const reuse = known.payment?.reference === event.reference || known.transfer ? known : {};
  return () => processWebhookEvent(ctx, row, reuse);
}

interface RecordedEvent {
  id: string;
  provider: 'paystack' | 'flutterwave';
  event: string;
  reference: string;
  payload: unknown;
}

/** Flutterwave names the attempt an event is about in `data.id`; settling verifies that one. */
function transactionIdOf(event: RecordedEvent): string | null {
  if (event.provider !== 'flutterwave') return null;
  const id = (event.payload as { data?: { id?: unknown } } | null)?.data?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
}

async function processWebhookEvent(ctx: AppContext, event: RecordedEvent, known: Known = {}) {
  const transferVia =
    event.provider === 'paystack'
      ? paystackTransferAccountOf(event.payload) && 'paystack'
      : (known.transfer || (await isFlutterwaveAccount(ctx, event.reference))) && 'flutterwave';
  if (transferVia) {
    await creditTransfer({
      ctx,
      via: transferVia,
      payload: event.payload,
      provider: known.provider ?? null,
      schoolId: known.transfer?.schoolId ?? null,
      payFees: payFamilyFeesInOrder,
    });
  } else if (SETTLING_EVENTS.has(event.event)) {
    await settlePayment(ctx, event.reference, { source: 'webhook', transactionId: transactionIdOf(event), ...known });
  } else {
    const payment = known.payment ?? (await findPaymentByReference(ctx.db, event.reference));
    if (payment?.kind === 'payment' && isOnline(payment.method) && payment.method === event.provider) {
      if (REFUND_EVENTS.has(event.event)) {
        if (event.event === 'refund.needs-attention') await alertRefundNeedsAttention(ctx, payment, event);
        await settleRefundsOf(ctx, payment.id);
      } else if (DISPUTE_EVENTS.has(event.event)) {
        await processDispute(ctx, payment, event);
      }
    }
  }
  await markWebhookProcessed(ctx.db, event.id, ctx.clock());
}

/** Recorded for the notifications issue to turn into a message to the school. */
async function alertRefundNeedsAttention(ctx: AppContext, payment: PaymentRow, event: RecordedEvent) {
  await recordAudit(ctx.db, SYSTEM, {
    action: REFUND_NEEDS_ATTENTION,
    entity: 'payment',
    entityId: payment.id,
    schoolId: payment.schoolId,
    after: { event: event.event, webhookEventId: event.id },
  });
}

/**
 * Processes the webhooks that were recorded and acknowledged but never processed (the process
 * stopped in between), oldest first. Run at start-up and by the job runner; processing is safe
 * to repeat, so a second instance doing the same at once credits nothing twice.
 */
export async function processRecordedWebhooks(ctx: AppContext, options: { limit?: number } = {}) {
  const rows = await unprocessedWebhooks(ctx.db, HANDLED_EVENTS, options.limit ?? 500);
  const result = { processed: 0, failed: 0 };
  for (const row of rows) {
    try {
      await processWebhookEvent(ctx, { ...row, reference: row.reference! });
      result.processed++;
    } catch {
      // Left unprocessed: the next start or the reconciliation job tries again.
      result.failed++;
    }
  }
  return result;
}

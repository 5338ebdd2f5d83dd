import type { OnlineMethod } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { providerFor } from '../../payment-profiles/school-providers.js';
import { flutterwaveReferenceOf } from '../../providers/flutterwave.js';
import { paystackReferenceOf } from '../../providers/paystack.js';
import type { PaymentProvider, WebhookEvent } from '../../providers/provider.js';
import { appProvider } from '../../providers/resolve.js';
import { findPaymentByReference, type PaymentRow } from '../payments.queries.js';
import { markWebhookProcessed, recordWebhookEvent, unprocessedWebhooks } from './online.queries.js';
import { settlePayment } from './settle.service.js';

/** Paystack notifies successful charges; Flutterwave every completed attempt, paid or failed. */
const SETTLING_EVENTS = new Set(['charge.success', 'charge.completed']);

/** Where each provider puts our reference in a webhook body, read before the signature is checked. */
const REFERENCE_OF: Record<OnlineMethod, (rawBody: Buffer) => string | null> = {
  paystack: paystackReferenceOf,
  flutterwave: flutterwaveReferenceOf,
};

/** What the route answers: 401 when the signature did not check out; else 200, then it runs `settle`. */
export type WebhookOutcome =
  | { accepted: false }
  | { accepted: true; reference: string | null; settle: (() => Promise<void>) | null };

/** What settling needs that the webhook already read: the payment row and its school's provider. */
interface Known {
  payment?: PaymentRow | undefined;
  provider?: PaymentProvider | null | undefined;
}

/**
 * One delivery of `method`'s webhook, from the raw bytes to the settle. The signature is checked
 * against the account of the payment's school, found from the reference in the still unverified
 * body, else against the app-wide account: the body decides only whose key is tried, never
 * whether the event is believed. `admit` is the caller's rate limit, told whether the delivery
 * was signed; it throws to refuse before anything is recorded. A verified event is recorded under
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
  if (rawBody) {
    const reference = REFERENCE_OF[method](rawBody);
    const payment = reference ? await findPaymentByReference(ctx.db, reference) : undefined;
    let provider: PaymentProvider | null;
    if (payment?.method === method) {
      provider = await providerFor(ctx, payment.schoolId, method, { includeSwitchedOff: true });
      Object.assign(known, { payment, provider });
    } else provider = appProvider(ctx.config, method);
    event = provider ? provider.parseWebhook(rawBody, headers) : null;
  }
  await admit(event !== null);
  if (!event) return { accepted: false };
  return { accepted: true, reference: event.reference, settle: await recordWebhook(ctx, event, known) };
}

/**
 * A verified webhook: recorded under its dedupe key (a replay is not processed again). Returns
 * the settling to do after answering 200, or `null` when there is none.
 */
export async function recordWebhook(ctx: AppContext, event: WebhookEvent, known: Known = {}) {
  const inserted = await recordWebhookEvent(ctx.db, event);
  if (!inserted || inserted.processedAt || !SETTLING_EVENTS.has(event.event) || !event.reference) return null;
  const { id } = inserted;
  const reference = event.reference;
  // What was read to check the signature describes this reference only when the body's is the event's.
  const reuse = known.payment?.reference === reference ? known : {};
  return () => processWebhookEvent(ctx, id, reference, reuse);
}

async function processWebhookEvent(ctx: AppContext, id: string, reference: string, known: Known = {}) {
  await settlePayment(ctx, reference, { source: 'webhook', ...known });
  await markWebhookProcessed(ctx.db, id, ctx.clock());
}

/**
 * Settles the webhooks that were recorded and acknowledged but never processed (the process
 * stopped in between), oldest first. Run at start-up and by the job runner; settling is safe to
 * repeat, so a second instance doing the same at once credits nothing twice.
 */
export async function processRecordedWebhooks(ctx: AppContext, options: { limit?: number } = {}) {
  const rows = await unprocessedWebhooks(ctx.db, [...SETTLING_EVENTS], options.limit ?? 500);
  const result = { processed: 0, failed: 0 };
  for (const row of rows) {
    try {
      await processWebhookEvent(ctx, row.id, row.reference!);
      result.processed++;
    } catch {
      // Left unprocessed: the next start or the reconciliation job tries again.
      result.failed++;
    }
  }
  return result;
}

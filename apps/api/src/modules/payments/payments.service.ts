import { randomBytes } from 'node:crypto';
import {
  amountOverOutstanding,
  can,
  entityMessages,
  type InitiatePaymentInput,
  installmentAmount,
  koboToNaira,
  ONLINE_METHODS,
  type OnlineMethod,
  outstanding,
  PAYMENT_METHOD_LABELS,
  type PaymentStatusResult,
} from '@schoolledger/domain';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { fees, paymentReviews, payments, paymentWebhookEvents } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { appliesToStudent, listFees, paidByFee, payable } from '../fees/fees.queries.js';
import { effectiveSettings } from '../payment-profiles/payment-profiles.presenter.js';
import { findPaymentProfile } from '../payment-profiles/payment-profiles.queries.js';
import { findStudent, visibleTo } from '../students/students.queries.js';
import {
  type PaymentProvider,
  type PaymentVerification,
  ProviderError,
  type WebhookEvent,
} from './providers/provider.js';
import { appProvider, providerFor, providerFromProfile } from './providers/resolve.js';
import { nextReceiptNo } from './receipts.js';

const STUDENT = entityMessages('Student');
const FEE = entityMessages('Fee');
const PAYMENT = entityMessages('Payment');
/** The system acts for the provider's webhook, the callback and the job. */
const SYSTEM: Actor = { userId: null, ip: null, userAgent: 'payments' };

export const newReference = () => `SL-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`.toUpperCase();

const isOnline = (method: string): method is OnlineMethod => (ONLINE_METHODS as readonly string[]).includes(method);

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
  const selfId = auth.roles.includes('Student') ? auth.userId : null;
  const parentId = auth.roles.includes('Parent') ? auth.userId : null;
  if (!selfId && !parentId) throw forbidden();
  const method = input.payment_method ?? 'paystack';
  const studentId = input.student_id ?? input.user_id ?? selfId;
  if (!studentId) throw validationFailed([{ field: 'student_id', message: 'Student is required' }]);
  const student = await findStudent(ctx.db, visibleTo({ scope: null, parentId, selfId }), studentId);
  if (!student) throw notFound(STUDENT.notFound);

  const [row] = await listFees(ctx.db, and(payable, appliesToStudent(studentId), eq(fees.id, input.fee_id))!);
  if (!row) throw notFound(FEE.notFound);
  const fee = row.fee;
  const profile = await findPaymentProfile(ctx.db, fee.schoolId);
  const provider = providerFromProfile(ctx, profile, method);
  if (!provider) throw badRequest(`${PAYMENT_METHOD_LABELS[method]} is not available for this school`);
  const settings = effectiveSettings(ctx, profile);

  const paid = (await paidByFee(ctx.db, studentId, [fee.id])).get(fee.id) ?? 0n;
  const owed = outstanding(fee.amountKobo, paid);
  if (owed === 0n) throw conflict('This fee is already paid');

  let amountKobo = owed;
  if (input.amount !== undefined) {
    const asked = input.amount;
    if (asked !== owed) {
      const over = amountOverOutstanding(asked, owed);
      if (over) throw validationFailed([{ field: 'amount', message: over }]);
      if (!fee.isInstallmentAllowed || !settings.enableInstallments) {
        throw validationFailed([{ field: 'amount', message: 'This fee must be paid in full' }]);
      }
      const feeMinimum = installmentAmount(fee.amountKobo, fee.installments);
      const minimum = feeMinimum > settings.minimumInstallmentKobo ? feeMinimum : settings.minimumInstallmentKobo;
      if (asked < minimum) {
        throw validationFailed([{ field: 'amount', message: `The minimum installment is ₦${koboToNaira(minimum)}` }]);
      }
    }
    amountKobo = asked;
  }

  const reference = newReference();
  const payment = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payments)
      .values({
        schoolId: fee.schoolId,
        studentId,
        feeId: fee.id,
        amountKobo,
        method,
        reference,
        currency: 'NGN',
        isInstallment: amountKobo < owed,
        initiatedBy: auth.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'payment.initiate',
      entity: 'payment',
      entityId: created!.id,
      schoolId: fee.schoolId,
      after: { reference, amountKobo: amountKobo.toString(), feeId: fee.id, studentId, method },
    });
    return created!;
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
    await ctx.db.update(payments).set({ paymentUrl: started.paymentUrl }).where(eq(payments.id, payment.id));
    return { paymentUrl: started.paymentUrl, reference, amount: koboToNaira(amountKobo) };
  } catch (error) {
    // The row stays pending: the reconciliation job verifies it and fails it if the provider never saw it.
    if (error instanceof ProviderError || (error as Error).name === 'TimeoutError') {
      throw new AppError(
        400,
        'provider_unavailable',
        'The payment provider could not start this payment. Please try again.',
      );
    }
    throw error;
  }
}

export type SettleOutcome = 'credited' | 'already_settled' | 'review' | 'failed' | 'still_pending' | 'unknown';

function mismatch(payment: typeof payments.$inferSelect, v: PaymentVerification): string | null {
  if (v.reference !== payment.reference) return `reference ${v.reference ?? 'missing'} does not match`;
  if (v.currency !== payment.currency) return `currency ${v.currency ?? 'missing'} is not ${payment.currency}`;
  if (v.amountKobo !== payment.amountKobo)
    return `amount ${v.amountKobo ?? 'missing'} kobo is not ${payment.amountKobo} kobo`;
  if (v.chargedKobo !== null && v.chargedKobo < payment.amountKobo)
    return `charged ${v.chargedKobo} kobo is below ${payment.amountKobo} kobo`;
  return null;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Moves a payment (locked or just inserted by the caller's transaction) to success: gives it the
 * school's next receipt number and writes the `payment.credit` audit row, all in `tx`. Every
 * method's credit (online settle, cash desk) goes through here.
 */
export async function creditPayment(
  tx: DbOrTx,
  actor: Actor,
  payment: PaymentRow,
  details: Partial<Pick<PaymentRow, 'verifiedAt' | 'providerId' | 'providerReference' | 'channel'>> & { paidAt: Date },
  auditDetails: Record<string, unknown> = {},
): Promise<PaymentRow> {
  const receiptNo = await nextReceiptNo(tx, payment.schoolId, details.paidAt);
  const [credited] = await tx
    .update(payments)
    .set({ ...details, status: 'success', receiptNo })
    .where(eq(payments.id, payment.id))
    .returning();
  await recordAudit(tx, actor, {
    action: 'payment.credit',
    entity: 'payment',
    entityId: payment.id,
    schoolId: payment.schoolId,
    before: { status: payment.status },
    after: {
      status: 'success',
      amountKobo: payment.amountKobo.toString(),
      method: payment.method,
      receiptNo,
      ...auditDetails,
    },
  });
  return credited!;
}

/**
 * The only code that credits a payment. Asks the provider (never the webhook body or the redirect
 * query), then, under a row lock on the payment, moves it from pending (or failed: a late success)
 * to success exactly once, or to review on any mismatch. Safe to call any number of times at once.
 */
export async function settlePayment(
  ctx: AppContext,
  reference: string,
  options: { source: 'webhook' | 'callback' | 'job' | 'status'; provider?: PaymentProvider } = { source: 'job' },
): Promise<SettleOutcome> {
  const [existing] = await ctx.db.select().from(payments).where(eq(payments.reference, reference));
  if (existing?.kind !== 'payment' || !isOnline(existing.method)) return 'unknown';
  if (existing.status === 'success' || existing.status === 'review') return 'already_settled';
  const provider =
    options.provider ?? (await providerFor(ctx, existing.schoolId, existing.method, { includeSwitchedOff: true }));
  if (!provider || provider.name !== existing.method) return 'still_pending';

  const verification = await provider.verify(reference);
  const now = ctx.clock();

  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, existing.id)).for('update');
    if (!payment || payment.status === 'success' || payment.status === 'review') return 'already_settled';
    const audit = (action: string, after: Record<string, unknown>) =>
      recordAudit(tx, SYSTEM, {
        action,
        entity: 'payment',
        entityId: payment.id,
        schoolId: payment.schoolId,
        before: { status: payment.status },
        after: { ...after, source: options.source, providerStatus: verification.providerStatus },
      });

    if (verification.status === 'success') {
      const problem = mismatch(payment, verification);
      if (problem) {
        await tx
          .update(payments)
          .set({ status: 'review', verifiedAt: now, providerId: verification.providerId })
          .where(eq(payments.id, payment.id));
        await tx
          .insert(paymentReviews)
          .values({
            paymentId: payment.id,
            schoolId: payment.schoolId,
            reason: problem,
            expectedKobo: payment.amountKobo,
            reportedKobo: verification.amountKobo,
            currency: verification.currency,
            providerStatus: verification.providerStatus,
            details: {
              reference: verification.reference,
              chargedKobo: verification.chargedKobo?.toString() ?? null,
              providerId: verification.providerId,
            },
          })
          .onConflictDoNothing();
        await audit('payment.review', { status: 'review', reason: problem });
        return 'review';
      }
      await creditPayment(
        tx,
        SYSTEM,
        payment,
        {
          paidAt: verification.paidAt ?? now,
          verifiedAt: now,
          providerId: verification.providerId,
          providerReference: verification.reference,
          channel: verification.channel,
        },
        { providerId: verification.providerId, source: options.source, providerStatus: verification.providerStatus },
      );
      return 'credited';
    }
    if (payment.status === 'pending' && (verification.status === 'failed' || verification.status === 'reversed')) {
      await tx.update(payments).set({ status: 'failed', verifiedAt: now }).where(eq(payments.id, payment.id));
      await audit('payment.fail', { status: 'failed' });
      return 'failed';
    }
    return payment.status === 'failed' ? 'failed' : 'still_pending';
  });
}

/** Paystack notifies successful charges; Flutterwave every completed attempt, paid or failed. */
const SETTLING_EVENTS = new Set(['charge.success', 'charge.completed']);

/**
 * A verified webhook: recorded under its dedupe key (a replay is not processed again), then
 * settled from the provider's own answer. Returns the work to do after answering 200.
 */
export async function recordWebhook(ctx: AppContext, event: WebhookEvent) {
  const [inserted] = await ctx.db
    .insert(paymentWebhookEvents)
    .values({
      provider: event.provider,
      dedupeKey: event.dedupeKey,
      event: event.event,
      reference: event.reference,
      schoolId: sql`(select ${payments.schoolId} from ${payments} where ${payments.reference} = ${event.reference})`,
      payload: event.payload,
    })
    .onConflictDoUpdate({
      target: [paymentWebhookEvents.provider, paymentWebhookEvents.dedupeKey],
      set: { deliveries: sql`${paymentWebhookEvents.deliveries} + 1` },
    })
    .returning({ id: paymentWebhookEvents.id, processedAt: paymentWebhookEvents.processedAt });
  if (!inserted || inserted.processedAt || !SETTLING_EVENTS.has(event.event) || !event.reference) return null;
  const { id } = inserted;
  const reference = event.reference;
  return () => processWebhookEvent(ctx, id, reference);
}

async function processWebhookEvent(ctx: AppContext, id: string, reference: string) {
  await settlePayment(ctx, reference, { source: 'webhook' });
  await ctx.db.update(paymentWebhookEvents).set({ processedAt: ctx.clock() }).where(eq(paymentWebhookEvents.id, id));
}

/**
 * Settles the webhooks that were recorded and acknowledged but never processed (the process
 * stopped in between), oldest first. Run at start-up and by the job runner; settling is safe to
 * repeat, so a second instance doing the same at once credits nothing twice.
 */
export async function processRecordedWebhooks(ctx: AppContext, options: { limit?: number } = {}) {
  const rows = await ctx.db
    .select({ id: paymentWebhookEvents.id, reference: paymentWebhookEvents.reference })
    .from(paymentWebhookEvents)
    .where(
      and(
        isNull(paymentWebhookEvents.processedAt),
        inArray(paymentWebhookEvents.event, [...SETTLING_EVENTS]),
        isNotNull(paymentWebhookEvents.reference),
      ),
    )
    .orderBy(paymentWebhookEvents.receivedAt)
    .limit(options.limit ?? 500);
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

/**
 * The reconciliation job: verifies pending online payments older than `olderThanMinutes` (a
 * dropped webhook, a closed window) and fails those still unpaid after `abandonAfterMinutes`.
 * Running it on two instances at once is safe, since settling locks the payment row; the
 * schedule (reconcile.job.ts) still takes an advisory lock so the provider is not asked twice.
 */
export async function reconcilePendingPayments(
  ctx: AppContext,
  options: { olderThanMinutes?: number; abandonAfterMinutes?: number; limit?: number } = {},
) {
  const now = ctx.clock();
  const olderThan = new Date(now.getTime() - (options.olderThanMinutes ?? 5) * 60_000);
  const abandonBefore = new Date(now.getTime() - (options.abandonAfterMinutes ?? 24 * 60) * 60_000);
  const rows = await ctx.db
    .select({ id: payments.id, reference: payments.reference, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.kind, 'payment'),
        inArray(payments.method, [...ONLINE_METHODS]),
        lt(payments.createdAt, olderThan),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(options.limit ?? 200);
  const result = { checked: 0, credited: 0, failed: 0, review: 0, pending: 0 };
  for (const row of rows) {
    result.checked++;
    let outcome: SettleOutcome;
    try {
      outcome = await settlePayment(ctx, row.reference, { source: 'job' });
    } catch {
      outcome = 'still_pending';
    }
    if (outcome === 'credited') result.credited++;
    else if (outcome === 'review') result.review++;
    else if (outcome === 'failed') result.failed++;
    else if (outcome === 'still_pending' && row.createdAt < abandonBefore) {
      const expired = await ctx.db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
        if (payment?.status !== 'pending') return false;
        await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, row.id));
        await recordAudit(tx, SYSTEM, {
          action: 'payment.fail',
          entity: 'payment',
          entityId: row.id,
          schoolId: payment.schoolId,
          before: { status: 'pending' },
          after: { status: 'failed', reason: 'abandoned', source: 'job' },
        });
        return true;
      });
      if (expired) result.failed++;
      else result.pending++;
    } else result.pending++;
  }
  return result;
}

/**
 * The provider account whose signature a webhook must carry: that of the payment's school, found
 * from the reference in the still unverified body, else the app-wide account. The body decides
 * only whose key is tried, never whether the event is believed.
 */
export async function webhookProviderFor(
  ctx: AppContext,
  method: OnlineMethod,
  reference: string | null,
): Promise<PaymentProvider | null> {
  if (reference) {
    const [payment] = await ctx.db
      .select({ schoolId: payments.schoolId, method: payments.method })
      .from(payments)
      .where(eq(payments.reference, reference));
    if (payment?.method === method) return providerFor(ctx, payment.schoolId, method, { includeSwitchedOff: true });
  }
  return appProvider(ctx, method);
}

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
  const [found] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.kind, 'payment')));
  if (!found) throw notFound(PAYMENT.notFound);
  const visibility = visibleTo({
    scope: can(auth.roles, 'payments.view') ? auth.scope : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
    selfId: auth.roles.includes('Student') ? auth.userId : null,
  });
  if (!(await findStudent(ctx.db, visibility, found.studentId))) throw notFound(PAYMENT.notFound);

  let payment = found;
  if (payment.status === 'pending' && isOnline(payment.method)) {
    try {
      await settlePayment(ctx, reference, { source: 'status' });
    } catch (error) {
      // The provider could not be asked now; the payment stays pending and the job asks again.
      if (!(error instanceof ProviderError) && (error as Error).name !== 'TimeoutError') throw error;
    }
    const [settled] = await ctx.db.select().from(payments).where(eq(payments.id, found.id));
    if (!settled) throw notFound(PAYMENT.notFound);
    payment = settled;
  }
  const [fee] = await ctx.db.select({ amountKobo: fees.amountKobo }).from(fees).where(eq(fees.id, payment.feeId));
  const paid = (await paidByFee(ctx.db, payment.studentId, [payment.feeId])).get(payment.feeId) ?? 0n;
  return {
    reference: payment.reference,
    status: payment.status,
    amount: koboToNaira(payment.amountKobo),
    method: payment.method,
    receiptNo: payment.receiptNo,
    paymentId: payment.id,
    paid_at: payment.paidAt?.toISOString() ?? null,
    outstanding: koboToNaira(outstanding(fee?.amountKobo ?? 0n, paid)),
  };
}

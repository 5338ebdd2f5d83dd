import { type CheckoutInput, type CheckoutStatus, can } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import { payments } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { inSchoolScope } from '../../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { newReference } from '../../ledger/payment-rows.js';
import { insertPayment } from '../../ledger/payments.queries.js';
import { providerAccountKey } from '../../payment-profiles/school-providers.js';
import { ProviderError } from '../../providers/provider.js';
import { checkoutAccountsDiffer, checkoutNotFound } from '../payments.errors.js';
import {
  checkoutLines,
  findCheckoutByReference,
  insertCheckout,
  schoolsByIds,
  updateCheckout,
} from './checkout.queries.js';
import { settleCheckout } from './checkout-settle.service.js';
import { payableLine, payerOf, startFailure } from './initiate.service.js';

/** A refusal of one line, told with the line it is about so the form can point at it. */
function ofLine(error: unknown, index: number): unknown {
  if (!(error instanceof AppError)) return error;
  const errors = error.errors?.length
    ? error.errors.map((item) => ({ ...item, field: `items.${index}.${item.field}` }))
    : [{ field: `items.${index}`, message: error.message }];
  return new AppError(error.statusCode, error.code, `Fee ${index + 1}: ${error.message}`, errors);
}

/**
 * POST /payment/checkout: several fees, of one or more of a parent's children, in one provider
 * transaction. Each line is checked exactly as a single online payment is; the transaction is made
 * against the first line's school's account, so every other line's school must take money into
 * that same account. The checkout and one pending payment per line exist before the provider is
 * called; settling the checkout credits every line at once.
 */
export async function startCheckout(ctx: AppContext, auth: AuthContext, input: CheckoutInput, actor: Actor) {
  const payer = payerOf(auth);
  const { method } = input;
  const lines: Awaited<ReturnType<typeof payableLine>>[] = [];
  for (const [index, item] of input.items.entries()) {
    try {
      lines.push(
        await payableLine(ctx, payer, {
          studentId: item.student_id,
          feeId: item.fee_id,
          amount: item.amount,
          method,
        }),
      );
    } catch (error) {
      throw ofLine(error, index);
    }
  }
  const [first] = lines;
  if (!first) throw checkoutNotFound();
  const schoolIds = [...new Set(lines.map((line) => line.fee.schoolId))];
  const named = new Map((await schoolsByIds(ctx.db, schoolIds)).map((school) => [school.id, school]));
  const account = providerAccountKey(ctx, first.profile, method);
  const elsewhere = [
    ...new Set(
      lines
        .filter((line) => providerAccountKey(ctx, line.profile, method) !== account)
        .map((line) => named.get(line.fee.schoolId)?.name ?? line.fee.schoolId),
    ),
  ];
  if (elsewhere.length)
    throw checkoutAccountsDiffer(named.get(first.fee.schoolId)?.name ?? 'the first school', elsewhere);

  const total = lines.reduce((sum, line) => sum + line.amountKobo, 0n);
  const reference = newReference();
  const { checkout, created } = await ctx.db.transaction(async (tx) => {
    const checkout = await insertCheckout(tx, {
      reference,
      groupSchoolId: named.get(first.fee.schoolId)!.groupSchoolId,
      schoolId: first.fee.schoolId,
      payerId: auth.userId,
      method,
      amountKobo: total,
      currency: 'NGN',
    });
    const created = [];
    for (const [index, line] of lines.entries()) {
      created.push(
        await insertPayment(tx, {
          schoolId: line.fee.schoolId,
          studentId: line.student.user.id,
          feeId: line.fee.id,
          amountKobo: line.amountKobo,
          method,
          reference: `${reference}-${index + 1}`,
          currency: 'NGN',
          isInstallment: line.amountKobo < line.owed,
          initiatedBy: auth.userId,
          checkoutId: checkout.id,
        }),
      );
    }
    for (const payment of created) {
      await recordAudit(tx, actor, {
        action: 'payment.checkout',
        entity: 'payment',
        entityId: payment.id,
        schoolId: payment.schoolId,
        after: {
          checkout: reference,
          reference: payment.reference,
          amountKobo: payment.amountKobo.toString(),
          totalKobo: total.toString(),
          feeId: payment.feeId,
          studentId: payment.studentId,
          method,
        },
      });
    }
    return { checkout, created };
  });

  const email = auth.row.user.email ?? `${reference.toLowerCase()}@payers.schoolledger.ng`;
  try {
    const started = await first.provider.initialize({
      reference,
      amountKobo: total,
      currency: 'NGN',
      email,
      callbackUrl: `${ctx.config.appUrl}/api/v1/payment/${method}_callback`,
      metadata: { checkout_id: checkout.id, payments: created.length },
    });
    await updateCheckout(ctx.db, checkout.id, { paymentUrl: started.paymentUrl });
    return {
      reference,
      paymentUrl: started.paymentUrl,
      total,
      items: created.map((payment) => ({
        student_id: payment.studentId,
        fee_id: payment.feeId,
        amount: payment.amountKobo,
        reference: payment.reference,
      })),
    };
  } catch (error) {
    // The checkout stays pending: the reconciliation job verifies it and fails it if the provider never saw it.
    throw startFailure(error);
  }
}

/**
 * GET /payment/checkout/{reference}: the payer's return page. The payer sees every line; staff
 * who may view payments see the lines of their own schools (none: not found). A pending checkout
 * is verified with the provider first, so the answer is the truth.
 */
export async function checkoutStatus(ctx: AppContext, auth: AuthContext, reference: string): Promise<CheckoutStatus> {
  const found = await findCheckoutByReference(ctx.db, reference);
  if (!found) throw checkoutNotFound();
  const isPayer = found.payerId === auth.userId;
  const staffScope = can(auth.roles, 'payments.view') ? auth.scope : null;
  if (!isPayer && !staffScope) throw checkoutNotFound();
  const where = isPayer ? undefined : inSchoolScope(staffScope!, payments.schoolId);
  if (!(await checkoutLines(ctx.db, found.id, where)).length) throw checkoutNotFound();

  if (found.status === 'pending') {
    try {
      await settleCheckout(ctx, found, { source: 'status' });
    } catch (error) {
      // The provider could not be asked now; the checkout stays pending and the job asks again.
      if (!(error instanceof ProviderError) && (error as Error).name !== 'TimeoutError') throw error;
    }
  }
  const checkout = (await findCheckoutByReference(ctx.db, reference))!;
  const lines = await checkoutLines(ctx.db, checkout.id, where);
  return {
    reference: checkout.reference,
    status: checkout.status,
    method: checkout.method,
    total: checkout.amountKobo,
    paid_at: checkout.paidAt?.toISOString() ?? null,
    lines: await Promise.all(
      lines.map(async ({ payment, student, fee, school }) => ({
        paymentId: payment.id,
        reference: payment.reference,
        status: payment.status,
        amount: payment.amountKobo,
        receiptNo: payment.receiptNo,
        student,
        fee: { _id: fee._id, name: fee.name },
        school,
        outstanding: await owedOn(ctx.db, payment.studentId, { id: fee._id, amountKobo: fee.amountKobo }),
      })),
    ),
  };
}

/** Whether the provider's return is a family checkout's, which has a page of its own. */
export async function isCheckoutReference(ctx: AppContext, reference: string) {
  return (await findCheckoutByReference(ctx.db, reference)) !== undefined;
}

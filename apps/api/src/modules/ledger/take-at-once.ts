import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { fees } from '../../db/schema.js';
import type { Actor } from '../audit/audit.queries.js';
import { owedOn } from '../fees/fee-ledger.queries.js';
import { feeNotPayable } from './ledger.errors.js';
import { refuseOverpayment } from './overpayment.js';
import { newReference } from './payment-rows.js';
import type { PaymentRow } from './payments.queries.js';
import { recordPayment } from './record-payment.js';

export interface TakeAtOnce {
  tx: DbOrTx;
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  studentId: string;
  /** The fee row, held by the caller (lock-order.ts, step 1): what is owed cannot move under the check. */
  fee: typeof fees.$inferSelect;
  /** Defaults to everything still owed. */
  amountKobo?: bigint | undefined;
  method: 'cash' | 'credit';
  initiatedBy: string | null;
  idempotencyKey?: string | null;
  notes?: string | null;
  /** What the `payment.credit` audit row says of where the payment came from. */
  audit: Record<string, unknown>;
}

/**
 * Money taken at once (cash at the desk, a family's credit): the fee payable, something owed,
 * never more than is owed; then the row, recorded already credited in the same transaction with
 * its receipt number. Every such path goes through here, one fee at a time.
 */
export async function takeAtOnce(input: TakeAtOnce): Promise<{ payment: PaymentRow; owedBefore: bigint }> {
  const { tx, ctx, actor, fee } = input;
  if (fee.status !== 'approved' || !fee.isActive) throw feeNotPayable();
  const owed = await owedOn(tx, input.studentId, fee);
  const amountKobo = input.amountKobo ?? owed;
  refuseOverpayment({ amountKobo, owedKobo: owed });
  const now = ctx.clock();
  const reference = newReference();
  const payment = await recordPayment({
    tx,
    ctx,
    actor,
    values: {
      schoolId: input.schoolId,
      studentId: input.studentId,
      feeId: fee.id,
      amountKobo,
      method: input.method,
      reference,
      currency: 'NGN',
      isInstallment: amountKobo < owed,
      initiatedBy: input.initiatedBy,
      idempotencyKey: input.idempotencyKey ?? null,
      notes: input.notes || null,
    },
    details: { paidAt: now, verifiedAt: now, channel: input.method },
    audit: { reference, ...input.audit },
  });
  return { payment, owedBefore: owed };
}

import { amountOverOutstanding } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { fees } from '../../db/schema.js';
import type { Actor } from '../audit/audit.queries.js';
import { owedOn } from '../fees/fee-ledger.queries.js';
import { insertCreditedPayment, newReference } from './credit.service.js';
import { amountAboveOutstanding, feeAlreadyPaid, feeNotPayable } from './payments.errors.js';
import type { PaymentRow } from './payments.queries.js';

export interface DeskPayment {
  schoolId: string;
  studentId: string;
  /** The fee row, locked by the caller's transaction: what is owed cannot move under the check. */
  fee: typeof fees.$inferSelect;
  /** Defaults to everything still owed. */
  amountKobo?: bigint | undefined;
  method: 'cash' | 'credit';
  initiatedBy: string | null;
  idempotencyKey?: string | null;
  notes?: string | null;
  /** What the `payment.credit` audit row says of where the payment came from. */
  auditDetails: Record<string, unknown>;
}

/**
 * The rules of money taken at once (the cash desk, a family's credit): the fee payable, something
 * owed, never more than is owed; then the row, credited in the same transaction with its receipt
 * number. Every desk path goes through here, one item at a time.
 */
export async function takeDeskPayment(
  tx: DbOrTx,
  ctx: AppContext,
  actor: Actor,
  item: DeskPayment,
): Promise<{ payment: PaymentRow; owedBefore: bigint }> {
  const { fee } = item;
  if (fee.status !== 'approved' || !fee.isActive) throw feeNotPayable();
  const owed = await owedOn(tx, item.studentId, fee);
  if (owed === 0n) throw feeAlreadyPaid();
  const amountKobo = item.amountKobo ?? owed;
  const over = amountOverOutstanding(amountKobo, owed);
  if (over) throw amountAboveOutstanding(over);
  const now = ctx.clock();
  const reference = newReference();
  const payment = await insertCreditedPayment(
    tx,
    ctx,
    actor,
    {
      schoolId: item.schoolId,
      studentId: item.studentId,
      feeId: fee.id,
      amountKobo,
      method: item.method,
      reference,
      currency: 'NGN',
      isInstallment: amountKobo < owed,
      initiatedBy: item.initiatedBy,
      idempotencyKey: item.idempotencyKey ?? null,
      notes: item.notes || null,
    },
    { paidAt: now, verifiedAt: now, channel: item.method },
    { reference, ...item.auditDetails },
  );
  return { payment, owedBefore: owed };
}

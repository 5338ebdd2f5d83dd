import { formatKobo, PAYMENT_ERROR_CODES } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { Tx } from '../../../db/client.js';
import { conflict } from '../../../lib/errors.js';
import type { Actor } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { holdFeeForStudent } from '../../ledger/lock-order.js';
import { newReference } from '../../ledger/payment-rows.js';
import { insertPayment, type PaymentRow } from '../../ledger/payments.queries.js';
import { recordPayment } from '../../ledger/record-payment.js';
import { creditHolderOf, owedFeesOf } from '../family-credit/family-credit.queries.js';
import { moveExcessToCredit } from '../family-credit/family-credit.service.js';

type HeldFee = NonNullable<Awaited<ReturnType<typeof holdFeeForStudent>>>;
/** One fee of one child still owed, under its lock. */
interface OwedLine {
  fee: HeldFee;
  studentId: string;
  owed: bigint;
}

/** Whose owed fees money pays: one student's, or those of all a parent's children at the school. */
export type FeesOf = { studentId: string } | { parentId: string };

/**
 * What is owed on `whose` fees of the school now, oldest due first, each fee held for its child
 * (lock-order.ts, step 1: the fees by id, each child's turn by student id, before any payment row).
 */
async function heldOwedFees(tx: Tx, whose: FeesOf, schoolId: string): Promise<OwedLine[]> {
  const owing = await owedFeesOf(tx, whose, schoolId);
  const byLock = [...owing].sort((a, b) =>
    a.feeId === b.feeId ? a.studentId.localeCompare(b.studentId) : a.feeId.localeCompare(b.feeId),
  );
  const held = new Map<string, HeldFee>();
  for (const line of byLock) {
    const fee = await holdFeeForStudent({ tx, feeId: line.feeId, studentId: line.studentId });
    if (fee) held.set(`${line.feeId}|${line.studentId}`, fee);
  }
  const lines: OwedLine[] = [];
  for (const line of owing) {
    const fee = held.get(`${line.feeId}|${line.studentId}`);
    const owed = fee ? await owedOn(tx, line.studentId, fee) : 0n;
    if (fee && owed > 0n) lines.push({ fee, studentId: line.studentId, owed });
  }
  return lines;
}

interface Placement {
  tx: Tx;
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  amountKobo: bigint;
  paidAt: Date;
  audit: Record<string, unknown>;
  /** How the money came, on each payment (`bank_transfer`, `dedicated_nuban`). */
  channel: string;
  /** The provider's reference of the money, when a provider took it. */
  providerReference?: string | null;
}

/**
 * Pays `lines` in their order, each fee its own credited payment and receipt, until the money
 * runs out. With a `holder`, the last fee takes whatever is left and what is beyond it goes to
 * the holder's family credit; without one, each fee takes at most what it is owed. Answers the
 * payments and what was not placed.
 */
async function payLines(
  placement: Placement & { lines: readonly OwedLine[]; holder: string | undefined },
): Promise<{ payments: PaymentRow[]; unplacedKobo: bigint }> {
  const { tx, ctx, actor, lines, holder } = placement;
  const payments: PaymentRow[] = [];
  let left = placement.amountKobo;
  for (const [index, { fee, studentId, owed }] of lines.entries()) {
    if (left === 0n) break;
    const last = index === lines.length - 1;
    const share = last && holder ? left : left < owed ? left : owed;
    const now = ctx.clock();
    const payment = await insertPayment(tx, {
      schoolId: placement.schoolId,
      studentId,
      feeId: fee.id,
      amountKobo: share,
      method: 'bank_transfer',
      status: 'pending',
      reference: newReference(),
      currency: 'NGN',
      isInstallment: share < owed,
      initiatedBy: null,
      reviewedBy: actor.userId,
      reviewedAt: now,
    });
    const done = await recordPayment({
      tx,
      ctx,
      actor,
      payment,
      details: {
        paidAt: placement.paidAt,
        verifiedAt: now,
        channel: placement.channel,
        ...(placement.providerReference ? { providerReference: placement.providerReference } : {}),
      },
      audit: placement.audit,
    });
    payments.push(done);
    if (share > owed && holder) {
      await moveExcessToCredit({ tx, ctx, actor, payment: done, excessKobo: share - owed, parentId: holder });
    }
    left -= share;
  }
  return { payments, unplacedKobo: left };
}

/**
 * Money that arrived by transfer for a student, with no fee named (their payment code in the
 * narration): it pays their owed fees of the school oldest first, each fee its own credited
 * payment and receipt, in the caller's transaction. What is left beyond everything owed becomes
 * their family's credit; a student with no parent to hold it, or one who owes nothing, is refused
 * (the money stays for a person to place), as the transfer confirmation does.
 */
export async function payFeesInOrder({
  tx,
  ctx,
  actor,
  schoolId,
  studentId,
  studentName,
  amountKobo,
  paidAt,
  audit,
}: {
  tx: Tx;
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  studentId: string;
  /** For the refusals' wording. */
  studentName: string;
  amountKobo: bigint;
  /** The bank's day of the credit. */
  paidAt: Date;
  /** What each `payment.credit` audit row says of where the money was seen. */
  audit: Record<string, unknown>;
}): Promise<PaymentRow[]> {
  const lines = await heldOwedFees(tx, { studentId }, schoolId);
  const totalOwed = lines.reduce((sum, line) => sum + line.owed, 0n);
  if (totalOwed === 0n) {
    throw conflict(
      `${studentName} owes nothing on this school's fees now, so the ${formatKobo(amountKobo)} cannot be placed on a fee. Choose another student, or leave the line unmatched.`,
      PAYMENT_ERROR_CODES.amountAboveOutstanding,
    );
  }
  const holder = amountKobo > totalOwed ? await creditHolderOf(tx, studentId, null) : undefined;
  if (amountKobo > totalOwed && !holder) {
    throw conflict(
      `${formatKobo(amountKobo)} is more than the ${formatKobo(totalOwed)} ${studentName} owes, and no parent is linked to keep the rest as credit. Link a parent first, or leave the line unmatched.`,
      PAYMENT_ERROR_CODES.amountAboveOutstanding,
    );
  }
  const { payments } = await payLines({
    tx,
    ctx,
    actor,
    schoolId,
    amountKobo,
    paidAt,
    audit,
    channel: 'bank_transfer',
    lines,
    holder,
  });
  return payments;
}

/**
 * Money that arrived for a family (a parent's account: all their children at the school) or for
 * one student, placed by the default policy without refusing any of it: the owed fees of the
 * school oldest due first across the children, each its own credited payment, then what is left
 * becomes the family's credit (the parent's, or for a student the parent linked first). What
 * cannot be placed (nothing is owed, so there is no fee to receive it; or no parent to keep the
 * rest) is answered as `unplacedKobo` for the caller to hold for a person, never lost.
 */
export async function payFamilyFeesInOrder(
  placement: Placement & { whose: FeesOf },
): Promise<{ payments: PaymentRow[]; unplacedKobo: bigint; owedKobo: bigint }> {
  const { tx, whose, schoolId, amountKobo } = placement;
  const lines = await heldOwedFees(tx, whose, schoolId);
  const owedKobo = lines.reduce((sum, line) => sum + line.owed, 0n);
  const holder =
    amountKobo > owedKobo
      ? 'parentId' in whose
        ? whose.parentId
        : await creditHolderOf(tx, whose.studentId, null)
      : undefined;
  return { ...(await payLines({ ...placement, lines, holder })), owedKobo };
}

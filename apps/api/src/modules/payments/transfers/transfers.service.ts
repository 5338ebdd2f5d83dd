import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type bankTransferClaimInputSchema, formatKobo, MSG, PAYMENT_ERROR_CODES, todayIn } from '@schoolledger/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import type { Tx } from '../../../db/client.js';
import { payments } from '../../../db/schema.js';
import { conflict, fieldError, forbidden, validationFailed } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { inSchoolScope } from '../../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { feeNotFound } from '../../fees/fees.errors.js';
import { findPayableFee } from '../../fees/fees.queries.js';
import { IMAGE_TYPES } from '../../files/image-upload.js';
import { holdFeeForStudent } from '../../ledger/lock-order.js';
import { refuseOverpayment } from '../../ledger/overpayment.js';
import { newReference } from '../../ledger/payment-rows.js';
import { insertPayment, lockPayment, type PaymentRow, updatePayment } from '../../ledger/payments.queries.js';
import { recordPayment } from '../../ledger/record-payment.js';
import { notifyTransferClaimed, notifyTransferRejected } from '../../notifications/notices.service.js';
import { findPaymentProfile } from '../../payment-profiles/payment-profiles.queries.js';
import { studentNotFound } from '../../students/students.errors.js';
import { findStudent, visibleTo } from '../../students/students.queries.js';
import { creditHolderOfPayment, moveExcessToCredit } from '../family-credit/family-credit.service.js';
import { paymentMethodUnavailable, paymentNotFound, transferNotPending } from '../payments.errors.js';
import { getVisiblePayment, visiblePayments } from '../reporting/lists.service.js';
import { feeAndStudentOfPayment, pendingClaimsKobo, proofPathOf } from './transfers.queries.js';

type ClaimInput = z.output<typeof bankTransferClaimInputSchema>;

export const TRANSFER_RECORDED = 'Transfer recorded. The bursary will confirm it once the money arrives.';
export const TRANSFER_CONFIRMED = 'Transfer confirmed and credited.';
export const TRANSFER_REJECTED = 'Transfer rejected.';
const PROOF_FOLDER = 'transfer-proofs';

/** Proof images live outside the public uploads folder: only the payer and the bursary may see them. */
export const proofFile = (ctx: AppContext, proofPath: string) =>
  path.join(ctx.config.dataDir, 'private', ...proofPath.split('/'));

async function proofExtension(buffer: Buffer) {
  const type = await fileTypeFromBuffer(buffer);
  const extension = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!extension) throw fieldError('proof', MSG.selectImage);
  return extension;
}

/**
 * A student (for themself) or a parent (for a linked child) tells the school they paid a fee by
 * transfer. Recorded as a pending payment for the bursary to confirm; the claims pending on a fee
 * never add up to more than is outstanding, so the same naira cannot be claimed twice.
 */
export async function claimTransfer({
  ctx,
  auth,
  input,
  proof,
  actor,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: ClaimInput;
  /** The picture of the transfer receipt, when the payer sent one. */
  proof: Buffer | null;
  actor: Actor;
}) {
  const selfId = auth.roles.includes('Student') ? auth.userId : null;
  const parentId = auth.roles.includes('Parent') ? auth.userId : null;
  if (!selfId && !parentId) throw forbidden();
  const studentId = input.student_id ?? selfId;
  if (!studentId) throw validationFailed([{ field: 'student_id', message: 'Please select a student' }]);
  const student = await findStudent(ctx.db, visibleTo({ scope: null, parentId, selfId }), studentId);
  if (!student) throw studentNotFound();
  const row = await findPayableFee(ctx.db, studentId, input.fee_id);
  if (!row) throw feeNotFound();
  const schoolId = row.fee.schoolId;

  if (input.transfer_date > todayIn('Africa/Lagos', ctx.clock())) {
    throw validationFailed([{ field: 'transfer_date', message: 'The transfer date cannot be in the future' }]);
  }
  if (!(await findPaymentProfile(ctx.db, schoolId))?.activateBankTransfer)
    throw paymentMethodUnavailable('Bank transfer is not available for this school');

  const amountKobo = input.amount;
  const proofPath = proof ? `${PROOF_FOLDER}/${randomUUID()}.${await proofExtension(proof)}` : null;
  if (proof && proofPath) {
    await mkdir(path.dirname(proofFile(ctx, proofPath)), { recursive: true });
    await writeFile(proofFile(ctx, proofPath), proof);
  }

  let created: PaymentRow;
  try {
    created = await ctx.db.transaction(async (tx) => {
      // Held (lock-order.ts) so the outstanding seen here holds until the claim is written.
      const fee = await holdFeeForStudent({ tx, feeId: input.fee_id, studentId });
      if (fee?.status !== 'approved' || !fee.isActive) throw feeNotFound();
      const owed = await owedOn(tx, studentId, fee);
      refuseOverpayment({ amountKobo, owedKobo: owed, heldKobo: await pendingClaimsKobo(tx, studentId, fee.id) });
      const inserted = await insertPayment(tx, {
        schoolId,
        studentId,
        feeId: fee.id,
        amountKobo,
        method: 'bank_transfer',
        status: 'pending',
        reference: newReference(),
        currency: 'NGN',
        isInstallment: amountKobo < owed,
        initiatedBy: auth.userId,
        payerBankReference: input.bank_reference,
        transferDate: input.transfer_date,
        proofPath,
      });
      await recordAudit(tx, actor, {
        action: 'payment.claim',
        entity: 'payment',
        entityId: inserted.id,
        schoolId,
        after: {
          status: 'pending',
          method: 'bank_transfer',
          amountKobo: amountKobo.toString(),
          feeId: fee.id,
          studentId,
          reference: inserted.reference,
          bankReference: input.bank_reference,
          transferDate: input.transfer_date,
          hasProof: proofPath !== null,
        },
      });
      await notifyTransferClaimed(tx, ctx, inserted.id);
      return inserted;
    });
  } catch (error) {
    if (proofPath) await rm(proofFile(ctx, proofPath), { force: true });
    throw error;
  }
  return getVisiblePayment(ctx.db, auth, created.id);
}

/** Only a claim still waiting may be confirmed or rejected; anything else says what it already is. */
function assertPendingClaim(payment: PaymentRow | undefined): asserts payment is PaymentRow {
  if (!payment) throw paymentNotFound();
  if (payment.method !== 'bank_transfer' || payment.kind !== 'payment') {
    throw transferNotPending('Only a bank transfer claim can be confirmed or rejected');
  }
  if (payment.status === 'success') throw transferNotPending('This transfer has already been confirmed');
  if (payment.status === 'failed') throw transferNotPending('This transfer has already been rejected');
  if (payment.status !== 'pending') throw transferNotPending('This transfer is not waiting for confirmation');
}

/** The bank's day is known, not the hour: a transfer from an earlier day is dated midday in Lagos (UTC+1, no DST). */
function paidAtOf(transferDate: string | null, now: Date): Date {
  if (!transferDate || transferDate >= todayIn('Africa/Lagos', now)) return now;
  return new Date(`${transferDate}T12:00:00+01:00`);
}

/**
 * The bursary saw the money arrive: the claim is credited like any other payment (receipt
 * number, audit). What is beyond what the student still owes at this moment becomes the family's
 * credit; without a parent to hold it, a claim for more than is owed is refused.
 */
export async function confirmTransfer(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  await ctx.db.transaction((tx) => creditClaim({ tx, ctx, auth, id, actor }));
  return getVisiblePayment(ctx.db, auth, id);
}

/**
 * `confirmTransfer` in the caller's transaction, for a confirmation that writes more beside it
 * (a bank statement's line). `evidence` is what the audit row says of where the money was seen.
 */
export async function creditClaim({
  tx,
  ctx,
  auth,
  id,
  actor,
  evidence,
}: {
  tx: Tx;
  ctx: AppContext;
  auth: AuthContext;
  id: string;
  actor: Actor;
  evidence?: { statementLineId: string; bookedOn: string; narration: string };
}): Promise<PaymentRow> {
  const scoped = inSchoolScope(auth.scope, payments.schoolId);
  const found = await feeAndStudentOfPayment(tx, scoped, id);
  if (!found) throw paymentNotFound();
  // The fee before the payment (lock-order.ts).
  const fee = await holdFeeForStudent({ tx, feeId: found.feeId, studentId: found.studentId });
  const payment = await lockPayment(tx, scoped, id);
  assertPendingClaim(payment);
  if (!fee) throw feeNotFound();
  const owed = await owedOn(tx, payment.studentId, fee);
  // More than is owed by now (another payment came first): the family keeps the excess as credit.
  const holder = payment.amountKobo > owed ? await creditHolderOfPayment(tx, payment) : undefined;
  if (payment.amountKobo > owed && !holder) {
    throw conflict(
      `This transfer of ${formatKobo(payment.amountKobo)} is more than the ${formatKobo(owed)} still owed on the fee. Reject it and record what was actually received.`,
      PAYMENT_ERROR_CODES.amountAboveOutstanding,
    );
  }
  const now = ctx.clock();
  await updatePayment(tx, payment.id, { reviewedBy: auth.userId, reviewedAt: now });
  const credited = await recordPayment({
    tx,
    ctx,
    actor,
    payment,
    details: { paidAt: paidAtOf(payment.transferDate, now), verifiedAt: now, channel: 'bank_transfer' },
    audit: {
      source: evidence ? 'bank_statement' : 'bank_transfer_confirm',
      reference: payment.reference,
      bankReference: payment.payerBankReference,
      transferDate: payment.transferDate,
      ...evidence,
    },
  });
  if (holder) {
    await moveExcessToCredit({
      tx,
      ctx,
      actor,
      payment: credited,
      excessKobo: payment.amountKobo - owed,
      parentId: holder,
    });
  }
  return credited;
}

/** The money never arrived (or not as claimed): the claim fails with the bursar's reason. */
export async function rejectTransfer({
  ctx,
  auth,
  id,
  reason,
  actor,
}: {
  ctx: AppContext;
  auth: AuthContext;
  id: string;
  reason: string;
  actor: Actor;
}) {
  const scoped = inSchoolScope(auth.scope, payments.schoolId);
  await ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, scoped, id);
    assertPendingClaim(payment);
    const now = ctx.clock();
    await updatePayment(tx, payment.id, { status: 'failed', reason, reviewedBy: auth.userId, reviewedAt: now });
    await recordAudit(tx, actor, {
      action: 'payment.reject_transfer',
      entity: 'payment',
      entityId: payment.id,
      schoolId: payment.schoolId,
      before: { status: payment.status },
      after: { status: 'failed', reason, amountKobo: payment.amountKobo.toString(), reference: payment.reference },
    });
    await notifyTransferRejected(tx, ctx, payment.id, reason);
  });
  return getVisiblePayment(ctx.db, auth, id);
}

/** Where the proof image of a transfer claim is, for the payer and for staff in scope. */
export async function proofOf(ctx: AppContext, auth: AuthContext, id: string) {
  const proofPath = await proofPathOf(ctx.db, visiblePayments(auth), id);
  if (!proofPath) throw paymentNotFound();
  return proofPath;
}

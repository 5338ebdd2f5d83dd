import { createHash } from 'node:crypto';
import type { CashPaymentInput, CashPaymentResult, FamilyCashInput, FamilyCashResult } from '@schoolledger/domain';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { AppError, isUniqueViolation, validationFailed } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import type { Actor } from '../../audit/audit.queries.js';
import { owedOn } from '../../fees/fee-ledger.queries.js';
import { feeNotFound } from '../../fees/fees.errors.js';
import { feeOfStudentInScope } from '../../fees/fees.queries.js';
import { holdFees } from '../../ledger/lock-order.js';
import type { PaymentRow } from '../../ledger/payments.queries.js';
import { takeAtOnce, takeLinesAtOnce } from '../../ledger/take-at-once.js';
import { preparePaymentSucceededNotices } from '../../notifications/notices.service.js';
import { studentNotFound } from '../../students/students.errors.js';
import { studentWhere, visibleTo } from '../../students/students.queries.js';
import { assertTillForCash } from '../../tills/tills.service.js';
import { creditHolderOf, isParentOf } from '../family-credit/family-credit.queries.js';
import { spendCredit } from '../family-credit/family-credit.service.js';
import { idempotencyKeyReused } from '../payments.errors.js';
import { recordedPayment } from './cash.presenter.js';
import { paymentByIdempotencyKey as byKey, deskTargets, paymentsByIdempotencyKeys } from './cash.queries.js';

export const CASH_RECORDED = 'Cash payment processed successfully!';
export const FAMILY_CASH_RECORDED = 'Payments recorded. Print the receipts for the family.';

interface DeskItem {
  user_id: string;
  fee_id: string;
}

/**
 * The desk's first check of each item, read in one statement: a student of the caller's schools,
 * and a fee of theirs that applies to the student. The first item out of reach is the refusal.
 */
async function deskItemsInScope(db: DbOrTx, auth: AuthContext, items: readonly DeskItem[]) {
  const targets = await deskTargets(
    db,
    studentWhere(visibleTo({ scope: auth.scope, parentId: null, selfId: null })),
    items.map((item) => ({
      studentId: item.user_id,
      feeWhere: feeOfStudentInScope(auth.scope, item.user_id, item.fee_id),
    })),
  );
  return targets.map((target) => {
    if (!target?.schoolId) throw studentNotFound();
    if (!target.fee) throw feeNotFound();
    return { studentId: target.studentId, schoolId: target.schoolId, visibleFee: target.fee };
  });
}

/**
 * A repeated Idempotency-Key: the same caller asking for the same student and fee gets the
 * payment the first request recorded; anything else is a misuse of the key.
 */
async function replay({
  db,
  auth,
  input,
  feeAmountKobo,
  existing,
}: {
  db: DbOrTx;
  auth: AuthContext;
  input: CashPaymentInput;
  feeAmountKobo: bigint;
  existing: PaymentRow;
}): Promise<CashPaymentResult> {
  if (
    existing.initiatedBy !== auth.userId ||
    existing.studentId !== input.user_id ||
    existing.feeId !== input.fee_id ||
    existing.method !== 'cash'
  ) {
    throw idempotencyKeyReused();
  }
  return {
    payment: recordedPayment(existing),
    outstanding: await owedOn(db, existing.studentId, { id: existing.feeId, amountKobo: feeAmountKobo }),
  };
}

/** What the desk's two routes hand over: the caller, the checked body, its Idempotency-Key. */
interface DeskRequest<Input> {
  ctx: AppContext;
  auth: AuthContext;
  input: Input;
  idempotencyKey: string;
  actor: Actor;
}

/**
 * The bursary desk records cash for a student in the caller's scope: full or partial, never more
 * than is outstanding, credited at once with a receipt number. The student's position on the fee
 * is held while the outstanding is computed (lock-order.ts) so two desks cannot both take the last
 * naira; the Idempotency-Key makes a double submit (or a retry) return the first payment.
 */
export async function payWithCash({
  ctx,
  auth,
  input,
  idempotencyKey,
  actor,
}: DeskRequest<CashPaymentInput>): Promise<CashPaymentResult> {
  const { studentId, schoolId, visibleFee } = (await deskItemsInScope(ctx.db, auth, [input]))[0]!;

  // A first request does not look for an earlier one under its key: a retry is rare, and fails
  // either at the key's unique index or, when the first request paid the fee, at the desk's rules;
  // only then is the key looked for, and its payment answered. The payment is one statement, its
  // own transaction (takeAtOnce).
  try {
    // Inside the try: a retry after the till closed still finds the payment its first request made.
    await assertTillForCash({ ctx, userId: auth.userId, schoolIds: [schoolId] });
    const { payment, owedBefore } = await takeAtOnce({
      db: ctx.db,
      ctx,
      actor,
      schoolId,
      studentId,
      fee: visibleFee,
      feeHeld: false,
      amountKobo: input.amount,
      method: 'cash',
      initiatedBy: auth.userId,
      idempotencyKey,
      notes: input.notes ?? null,
      audit: { source: 'cash_desk', idempotencyKey, notes: input.notes ?? null },
    });
    return { payment: recordedPayment(payment), outstanding: owedBefore - payment.amountKobo };
  } catch (error) {
    // What a retry meets; anything else (the database gone, say) is reported as it is.
    if (!(error instanceof AppError) && !isUniqueViolation(error)) throw error;
    const earlier = await byKey(ctx.db, schoolId, idempotencyKey);
    if (!earlier) throw error;
    return replay({ db: ctx.db, auth, input, feeAmountKobo: visibleFee.amountKobo, existing: earlier });
  }
}

type Part = 'cash' | 'credit';

/**
 * Each row of a family submission carries its own key (the index is unique per school), derived
 * from the request's key, the item and the part, so a retry finds exactly the rows it made.
 */
function keyOf(requestKey: string, index: number, part: Part) {
  const hex = createHash('sha256').update(`${requestKey}:${index}:${part}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface Split {
  index: number;
  part: Part;
  amountKobo: bigint;
}

/** What of each item the family's credit pays (first items first) and what is cash. */
function splitOf(items: FamilyCashInput['items'], creditKobo: bigint): Split[] {
  let left = creditKobo;
  return items.flatMap((item, index) => {
    const credit = item.amount < left ? item.amount : left;
    left -= credit;
    const parts: Split[] = [];
    if (credit > 0n) parts.push({ index, part: 'credit', amountKobo: credit });
    if (item.amount > credit) parts.push({ index, part: 'cash', amountKobo: item.amount - credit });
    return parts;
  });
}

/** One family submission as the desk sees it: its items, how they split, and the request's key. */
interface FamilySubmission {
  input: FamilyCashInput;
  splits: Split[];
  requestKey: string;
}

/**
 * What each item owes after the submission: from what the recording answered where the submission
 * was just recorded (`owedAfter`, keyed by student and fee), else read.
 */
async function familyResult(
  db: DbOrTx,
  { input, splits, requestKey }: FamilySubmission,
  rows: Map<string, PaymentRow>,
  feeAmounts: Map<string, bigint>,
  owedAfter?: Map<string, bigint>,
): Promise<FamilyCashResult> {
  const { items } = input;
  const payments: FamilyCashResult['payments'] = [];
  let cash = 0n;
  let credit = 0n;
  for (const split of splits) {
    const row = rows.get(keyOf(requestKey, split.index, split.part))!;
    const item = items[split.index]!;
    if (split.part === 'cash') cash += row.amountKobo;
    else credit += row.amountKobo;
    payments.push({
      student_id: item.user_id,
      fee_id: item.fee_id,
      method: split.part,
      payment: recordedPayment(row),
      outstanding:
        owedAfter?.get(`${item.user_id}:${item.fee_id}`) ??
        (await owedOn(db, item.user_id, { id: item.fee_id, amountKobo: feeAmounts.get(item.fee_id)! })),
    });
  }
  return { payments, cash, credit_used: credit };
}

/** The rows an earlier submission under the same key made, when it is the same request by the same person. */
async function familyReplay(db: DbOrTx, auth: AuthContext, { input, splits, requestKey }: FamilySubmission) {
  const keys = splits.map((split) => keyOf(requestKey, split.index, split.part));
  const found = await paymentsByIdempotencyKeys(db, keys);
  if (!found.length) return null;
  const rows = new Map(found.map((row) => [row.idempotencyKey!, row]));
  const same = splits.every((split) => {
    const row = rows.get(keyOf(requestKey, split.index, split.part));
    const item = input.items[split.index]!;
    return (
      row?.initiatedBy === auth.userId &&
      row.studentId === item.user_id &&
      row.feeId === item.fee_id &&
      row.method === split.part &&
      row.amountKobo === split.amountKobo
    );
  });
  if (!same || found.length !== splits.length) throw idempotencyKeyReused();
  return rows;
}

/**
 * One desk submission for several children: every item checked as a single cash payment would
 * be, all recorded in one transaction or none, each its own payment with its own receipt number.
 * Part of the total may come from the family's credit (`use_credit`, taken from the first items).
 * The fees are held first, all of them (lock-order.ts).
 */
export async function payFamilyWithCash({
  ctx,
  auth,
  input,
  idempotencyKey,
  actor,
}: DeskRequest<FamilyCashInput>): Promise<FamilyCashResult> {
  const checked = await deskItemsInScope(ctx.db, auth, input.items);
  const feeAmounts = new Map(checked.map((item) => [item.visibleFee.id, item.visibleFee.amountKobo]));
  const total = input.items.reduce((sum, item) => sum + item.amount, 0n);
  const creditKobo = input.use_credit ?? 0n;
  if (creditKobo > total) {
    throw validationFailed([{ field: 'use_credit', message: 'Credit used cannot be more than the total' }]);
  }
  const parentId = creditKobo > 0n ? await familyOf(ctx.db, input.items) : null;
  const submission: FamilySubmission = { input, splits: splitOf(input.items, creditKobo), requestKey: idempotencyKey };
  const { splits } = submission;

  // Who hears of the payments, read once for all of them and before any lock.
  const notices = await preparePaymentSucceededNotices(
    ctx.db,
    ctx,
    splits.map((split) => ({
      studentId: checked[split.index]!.studentId,
      feeId: input.items[split.index]!.fee_id,
      method: split.part,
      initiatedBy: auth.userId,
    })),
    actor.userId,
  );
  /** The cash part of an item, as a payment taken at once. */
  const cashLine = (db: DbOrTx, split: Split) => {
    const { schoolId, studentId, visibleFee } = checked[split.index]!;
    return {
      db,
      ctx,
      actor,
      schoolId,
      studentId,
      fee: visibleFee,
      amountKobo: split.amountKobo,
      method: 'cash' as const,
      initiatedBy: auth.userId,
      idempotencyKey: keyOf(idempotencyKey, split.index, split.part),
      field: `items.${split.index}.amount`,
      notes: input.notes ?? null,
      audit: { source: 'cash_desk_family', idempotencyKey, notes: input.notes ?? null },
      notices,
    };
  };
  /** The submission's answer from what recording each split answered, in the order of the splits. */
  const answer = (db: DbOrTx, taken: readonly { payment: PaymentRow; owedBefore: bigint }[]) => {
    const rows = new Map<string, PaymentRow>();
    const owedAfter = new Map<string, bigint>();
    splits.forEach((split, at) => {
      const { payment, owedBefore } = taken[at]!;
      const item = input.items[split.index]!;
      rows.set(keyOf(idempotencyKey, split.index, split.part), payment);
      // The fees are held, so each line of the same student and fee owes less than the one before.
      const owing = `${item.user_id}:${item.fee_id}`;
      const after = owedBefore - payment.amountKobo;
      const known = owedAfter.get(owing);
      if (known === undefined || after < known) owedAfter.set(owing, after);
    });
    return familyResult(db, submission, rows, feeAmounts, owedAfter);
  };

  try {
    if (splits.some((split) => split.part === 'cash')) {
      await assertTillForCash({
        ctx,
        userId: auth.userId,
        schoolIds: splits.filter((split) => split.part === 'cash').map((split) => checked[split.index]!.schoolId),
      });
    }
    // All cash, the usual submission: one statement, its own transaction. A retry is rare, so its
    // earlier payments are looked for only once the statement is refused (below).
    if (!parentId) return await answer(ctx.db, await takeLinesAtOnce(splits.map((split) => cashLine(ctx.db, split))));
    return await ctx.db.transaction(async (tx) => {
      const held = await holdFees({ tx, feeIds: checked.map((item) => item.visibleFee.id) });
      if ([...held.values()].some((fee) => !fee)) throw feeNotFound();
      const again = await familyReplay(tx, auth, submission);
      if (again) return familyResult(tx, submission, again, feeAmounts);
      const taken = [];
      for (const split of splits) {
        const { studentId, visibleFee } = checked[split.index]!;
        taken.push(
          split.part === 'credit'
            ? await spendCredit({
                tx,
                ctx,
                actor,
                parentId,
                studentId,
                fee: held.get(visibleFee.id)!,
                amountKobo: split.amountKobo,
                initiatedBy: auth.userId,
                idempotencyKey: keyOf(idempotencyKey, split.index, split.part),
                source: 'cash_desk_family',
                notices,
              })
            : await takeAtOnce({ ...cashLine(tx, split), feeHeld: true }),
        );
      }
      return answer(tx, taken);
    });
  } catch (error) {
    // A retry, refused at the keys' unique index (a concurrent submission with the same key won) or,
    // when the first submission paid the fees, at the desk's rules: answer with the first's payments.
    if (!(error instanceof AppError) && !isUniqueViolation(error)) throw error;
    const earlier = await familyReplay(ctx.db, auth, submission);
    if (!earlier) throw error;
    return familyResult(ctx.db, submission, earlier, feeAmounts);
  }
}

/** The family whose credit pays: the first child's parent linked first, a parent of every child in the submission. */
async function familyOf(db: DbOrTx, items: FamilyCashInput['items']) {
  const parentId = await creditHolderOf(db, items[0]!.user_id, null);
  const field = [{ field: 'use_credit', message: "Credit can pay only the fees of the family's own children" }];
  if (!parentId) throw validationFailed(field);
  for (const item of items) if (!(await isParentOf(db, parentId, item.user_id))) throw validationFailed(field);
  return parentId;
}

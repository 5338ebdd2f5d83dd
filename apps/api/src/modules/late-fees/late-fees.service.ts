import type { LateFeePolicy, LateFeePolicyInput, lateFeePolicyListQuerySchema } from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { lateFeePolicies } from '../../db/schema.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { feeNotFound } from '../fees/fees.errors.js';
import { lateFeePolicyInUse, lateFeePolicyNotFound } from './late-fees.errors.js';
import { toLateFeePolicy } from './late-fees.presenters.js';
import {
  chargesOfPolicy,
  deletePolicy,
  findFeeOfSchool,
  findPolicy,
  listPolicies,
  lockPolicy,
  lockPolicyOf,
  policiesInScope,
  upsertPolicy,
} from './late-fees.queries.js';

export const LATE_FEE_POLICY = {
  loaded: 'Late-fee policies loaded',
  saved: 'Late-fee policy saved',
  deleted: 'Late-fee policy deleted',
} as const;

const inScope = (auth: AuthContext) => policiesInScope(auth.scope);

const auditable = (row: typeof lateFeePolicies.$inferSelect) => ({
  feeId: row.feeId,
  basis: row.basis,
  amountKobo: row.amountKobo?.toString() ?? null,
  percentBp: row.percentBp,
  graceDays: row.graceDays,
  repeat: row.repeat,
  capKobo: row.capKobo?.toString() ?? null,
  isActive: row.isActive,
});

export async function listLateFeePolicies(
  ctx: AppContext,
  auth: AuthContext,
  query: z.output<typeof lateFeePolicyListQuerySchema>,
) {
  return { policies: (await listPolicies(ctx.db, policiesInScope(auth.scope, query.school_id))).map(toLateFeePolicy) };
}

/**
 * Sets the school's default policy (no fee) or one fee's own, replacing the one there was: a
 * school has one default and a fee one policy. Charges already made keep their amounts.
 */
export async function saveLateFeePolicy(
  ctx: AppContext,
  auth: AuthContext,
  input: LateFeePolicyInput,
  actor: Actor,
): Promise<LateFeePolicy> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id);
  const feeId = input.fee_id ?? null;
  if (feeId && !(await findFeeOfSchool(ctx.db, input.school_id, feeId))) throw feeNotFound();
  const id = await ctx.db.transaction(async (tx) => {
    const before = await lockPolicyOf(tx, input.school_id, feeId);
    const row = await upsertPolicy(tx, {
      schoolId: input.school_id,
      feeId,
      basis: input.basis,
      amountKobo: input.basis === 'fixed' ? (input.amount ?? null) : null,
      percentBp: input.basis === 'percent' ? (input.percent ?? null) : null,
      graceDays: input.grace_days,
      repeat: input.repeat,
      capKobo: input.cap ?? null,
      isActive: input.is_active,
      updatedBy: auth.userId,
      updatedAt: ctx.clock(),
    });
    await recordAudit(tx, actor, {
      action: 'late_fee_policy.update',
      entity: 'late_fee_policy',
      entityId: row.id,
      schoolId: row.schoolId,
      before: before ? auditable(before) : null,
      after: auditable(row),
    });
    return row.id;
  });
  const saved = await findPolicy(ctx.db, inScope(auth), id);
  if (!saved) throw lateFeePolicyNotFound();
  return toLateFeePolicy(saved);
}

/** Removes a policy that never charged; one that did stays with its charges and can be switched off. */
export async function deleteLateFeePolicy(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockPolicy(tx, inScope(auth), id);
    if (!before) throw lateFeePolicyNotFound();
    if ((await chargesOfPolicy(tx, id)) > 0) throw lateFeePolicyInUse();
    await deletePolicy(tx, id);
    await recordAudit(tx, actor, {
      action: 'late_fee_policy.delete',
      entity: 'late_fee_policy',
      entityId: id,
      schoolId: before.schoolId,
      before: auditable(before),
    });
  });
}

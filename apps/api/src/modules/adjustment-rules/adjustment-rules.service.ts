import type { AdjustmentDecision, AdjustmentRule, AdjustmentRuleInput } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { adjustmentRules } from '../../db/schema.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { adjustmentNotPending } from '../adjustments/adjustments.errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { studentNotFound } from '../students/students.errors.js';
import { adjustmentRuleNotFound, groupRuleForbidden, ownRuleApproval } from './adjustment-rules.errors.js';
import { toAdjustmentRule } from './adjustment-rules.presenters.js';
import {
  groupExists,
  groupOfSchool,
  insertRule,
  listRules,
  lockRule,
  type RuleValues,
  rulesManagedBy,
  rulesVisibleTo,
  ruleWithId,
  studentsOfRuleSchools,
  studentsOfRules,
  updateRule,
} from './adjustment-rules.queries.js';

export const ADJUSTMENT_RULE = {
  loaded: 'Adjustment rules loaded',
  created: 'Rule saved. It makes adjustments once another person approves it.',
  approved: 'Rule approved',
  rejected: 'Rule rejected',
  switchedOn: 'Rule switched on',
  switchedOff: 'Rule switched off. The adjustments it made stay until reversed.',
} as const;

type Rule = typeof adjustmentRules.$inferSelect;

const auditable = (rule: Rule, studentIds?: string[]) => ({
  kind: rule.kind,
  name: rule.name,
  schoolId: rule.schoolId,
  feeTypes: rule.feeTypes,
  secondPercentBp: rule.secondPercentBp,
  laterPercentBp: rule.laterPercentBp,
  basis: rule.basis,
  amountKobo: rule.amountKobo?.toString() ?? null,
  percentBp: rule.percentBp,
  isActive: rule.isActive,
  status: rule.status,
  ...(studentIds ? { studentIds } : {}),
});

/** Where a rule's audit row goes: its school's chain, or its group's for a group-wide rule. */
const trailOf = (rule: Rule) => ({ schoolId: rule.schoolId, groupSchoolId: rule.groupSchoolId });

async function presented(ctx: AppContext, where: Parameters<typeof listRules>[1]) {
  const rows = await listRules(ctx.db, where);
  const students = await studentsOfRules(
    ctx.db,
    rows.map((row) => row.rule.id),
  );
  return rows.map((row) => toAdjustmentRule(row, students.get(row.rule.id) ?? []));
}

export async function listAdjustmentRules(ctx: AppContext, auth: AuthContext) {
  return { rules: await presented(ctx, rulesVisibleTo(auth.scope)) };
}

async function getRule(ctx: AppContext, auth: AuthContext, id: string): Promise<AdjustmentRule> {
  const [rule] = await presented(ctx, ruleWithId(rulesVisibleTo(auth.scope), id));
  if (!rule) throw adjustmentRuleNotFound();
  return rule;
}

/** The group a new rule belongs to: its school's, or for a group-wide rule the caller's own group. */
async function groupOfNewRule(ctx: AppContext, auth: AuthContext, input: AdjustmentRuleInput) {
  if (input.school_id) {
    await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id);
    return (await groupOfSchool(ctx.db, input.school_id))!;
  }
  if (auth.scope.kind === 'group') return auth.scope.groupSchoolId;
  if (auth.scope.kind !== 'all') throw groupRuleForbidden();
  if (!input.group_school_id) throw fieldError('group_school_id', 'Choose the group of a group-wide rule');
  if (!(await groupExists(ctx.db, input.group_school_id))) throw notFound('School group not found');
  return input.group_school_id;
}

/**
 * A bursar or principal proposes a rule for a school, or (someone overseeing the group) for every
 * school of it. It makes nothing until a second person approves it. A scholarship's holders must
 * be students of the rule's school or schools.
 */
export async function createAdjustmentRule(
  ctx: AppContext,
  auth: AuthContext,
  input: AdjustmentRuleInput,
  actor: Actor,
): Promise<AdjustmentRule> {
  const groupSchoolId = await groupOfNewRule(ctx, auth, input);
  const schoolId = input.school_id ?? null;
  const studentIds = input.kind === 'scholarship' ? [...new Set(input.student_ids)] : [];
  const found = await studentsOfRuleSchools(ctx.db, { schoolId, groupSchoolId }, studentIds);
  if (found.length !== studentIds.length) throw studentNotFound();
  const sibling = input.kind === 'sibling';
  const values: RuleValues = {
    groupSchoolId,
    schoolId,
    kind: input.kind,
    name: input.name,
    feeTypes: [...new Set(input.fee_types)],
    secondPercentBp: sibling ? (input.second_percent ?? null) : null,
    laterPercentBp: sibling ? (input.later_percent ?? null) : null,
    basis: sibling ? null : (input.basis ?? null),
    amountKobo: !sibling && input.basis === 'fixed' ? (input.amount ?? null) : null,
    percentBp: !sibling && input.basis === 'percent' ? (input.percent ?? null) : null,
    isActive: input.is_active,
    status: 'pending',
    createdBy: auth.userId,
  };
  const id = await ctx.db.transaction(async (tx) => {
    const rule = await insertRule(tx, values, studentIds);
    await recordAudit(tx, actor, {
      action: 'adjustment_rule.create',
      entity: 'adjustment_rule',
      entityId: rule.id,
      ...trailOf(rule),
      after: auditable(rule, studentIds),
    });
    return rule.id;
  });
  return getRule(ctx, auth, id);
}

/** Asks the rules job for a pass after the transaction, so it sees what was just committed. */
const applySoon = (ctx: AppContext) => ctx.jobs.send('adjustments.rules', {});

/** Four eyes, as for adjustments: someone other than its author approves or rejects a pending rule. */
export async function decideAdjustmentRule(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  decision: AdjustmentDecision,
  actor: Actor,
): Promise<AdjustmentRule> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockRule(tx, rulesManagedBy(auth.scope), id);
    if (!before) throw adjustmentRuleNotFound();
    if (before.createdBy === auth.userId) throw ownRuleApproval();
    if (before.status !== 'pending') throw adjustmentNotPending();
    const after = await updateRule(
      tx,
      id,
      decision.status === 'approved'
        ? { status: 'approved', decidedBy: auth.userId, decidedAt: ctx.clock() }
        : { status: 'rejected', rejectionReason: decision.reason, decidedBy: auth.userId, decidedAt: ctx.clock() },
    );
    await recordAudit(tx, actor, {
      action: decision.status === 'approved' ? 'adjustment_rule.approve' : 'adjustment_rule.reject',
      entity: 'adjustment_rule',
      entityId: id,
      ...trailOf(before),
      before: auditable(before),
      after: auditable(after),
    });
  });
  if (decision.status === 'approved') await applySoon(ctx);
  return getRule(ctx, auth, id);
}

/** Switching a rule off stops new adjustments; those it made stay, each reversible on its own. */
export async function setAdjustmentRuleActive(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  isActive: boolean,
  actor: Actor,
): Promise<AdjustmentRule> {
  const after = await ctx.db.transaction(async (tx) => {
    const before = await lockRule(tx, rulesManagedBy(auth.scope), id);
    if (!before) throw adjustmentRuleNotFound();
    const updated = await updateRule(tx, id, { isActive });
    await recordAudit(tx, actor, {
      action: 'adjustment_rule.update',
      entity: 'adjustment_rule',
      entityId: id,
      ...trailOf(before),
      before: auditable(before),
      after: auditable(updated),
    });
    return updated;
  });
  if (after.isActive && after.status === 'approved') await applySoon(ctx);
  return getRule(ctx, auth, id);
}

import { percentOf } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { adjustmentRules } from '../../db/schema.js';
import { applyAutomaticAdjustment } from '../adjustments/adjustments.service.js';
import { owedOn } from '../fees/fee-ledger.queries.js';
import { lockFee } from '../fees/fees.queries.js';
import {
  activeRules,
  type FamilyLink,
  familyLinks,
  ruleCandidates,
  scholarsOf,
  staffChildren,
} from './adjustment-rules.queries.js';

type Rule = typeof adjustmentRules.$inferSelect;

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * Each child's place in their family, 1 for the eldest. A family is the children joined by a
 * common parent, across every school of the group (a parent's children and, through a second
 * parent, theirs). Eldest first by date of birth; a child without one after those with one; then
 * by enrolment (the account's creation), then by id, so the order never depends on the query.
 */
export function siblingRanks(links: FamilyLink[]): Map<string, number> {
  const root = new Map<string, string>();
  const find = (id: string): string => {
    const parent = root.get(id) ?? id;
    if (parent === id) return id;
    const top = find(parent);
    root.set(id, top);
    return top;
  };
  const children = new Map<string, FamilyLink>();
  const firstChildOf = new Map<string, string>();
  for (const link of links) {
    children.set(link.student_id, link);
    const first = firstChildOf.get(link.parent_id);
    if (first === undefined) firstChildOf.set(link.parent_id, link.student_id);
    else root.set(find(link.student_id), find(first));
  }
  const families = new Map<string, FamilyLink[]>();
  for (const child of children.values()) {
    const family = find(child.student_id);
    families.set(family, [...(families.get(family) ?? []), child]);
  }
  const key = (child: FamilyLink) => [child.dob ?? '9999-12-31', child.created_at, child.student_id] as const;
  const ranks = new Map<string, number>();
  for (const family of families.values()) {
    family.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    });
    for (const [index, child] of family.entries()) ranks.set(child.student_id, index + 1);
  }
  return ranks;
}

interface Reduction {
  basis: 'fixed' | 'percent';
  amountKobo: bigint | null;
  percentBp: number | null;
  reason: string;
}

/** Who a rule reduces and by how much: null for a student it does not cover. */
async function qualifierOf(ctx: AppContext, rule: Rule): Promise<(studentId: string) => Reduction | null> {
  if (rule.kind === 'sibling') {
    const ranks = siblingRanks(await familyLinks(ctx.db, rule.groupSchoolId));
    return (studentId) => {
      const rank = ranks.get(studentId) ?? 1;
      const percentBp = rank === 1 ? null : rank === 2 ? rule.secondPercentBp : rule.laterPercentBp;
      if (!percentBp) return null;
      return { basis: 'percent', amountKobo: null, percentBp, reason: `${rule.name}: ${ordinal(rank)} child` };
    };
  }
  const covered =
    rule.kind === 'staff_child' ? await staffChildren(ctx.db, rule.groupSchoolId) : await scholarsOf(ctx.db, rule.id);
  const reduction: Reduction = {
    basis: rule.basis ?? 'fixed',
    amountKobo: rule.amountKobo,
    percentBp: rule.percentBp,
    reason: rule.name,
  };
  return (studentId) => (covered.has(studentId) ? reduction : null);
}

/**
 * One rule over the fees and students it covers: under each fee's lock, what the rule takes off
 * (a share of the fee, or a fixed amount) but never more than the student owes at that moment;
 * nothing when nothing is owed. Made once per rule, fee and student (the unique index).
 */
async function applyRule(ctx: AppContext, now: Date, rule: Rule) {
  const qualifies = await qualifierOf(ctx, rule);
  let made = 0;
  for (const candidate of await ruleCandidates(ctx.db, rule)) {
    const reduction = qualifies(candidate.student_id);
    if (!reduction) continue;
    const row = await ctx.db.transaction(async (tx) => {
      const fee = await lockFee(tx, candidate.fee_id);
      if (fee?.status !== 'approved' || !fee.isActive) return null;
      const owed = await owedOn(tx, candidate.student_id, fee);
      const full =
        reduction.basis === 'percent'
          ? percentOf(fee.amountKobo, reduction.percentBp ?? 0)
          : (reduction.amountKobo ?? 0n);
      const amount = full < owed ? full : owed;
      if (amount <= 0n) return null;
      return applyAutomaticAdjustment(tx, now, {
        schoolId: fee.schoolId,
        feeId: fee.id,
        studentId: candidate.student_id,
        kind: rule.kind === 'scholarship' ? 'scholarship' : 'discount',
        basis: reduction.basis,
        amountKobo: amount,
        percentBp: reduction.percentBp,
        reason: reduction.reason,
        ruleId: rule.id,
        lateFeePolicyId: null,
        period: null,
      });
    });
    if (row) made++;
  }
  return made;
}

/**
 * The rules pass: every approved rule that is switched on adjusts the fees it covers. Hourly, and
 * soon after a rule or a fee is approved. Safe to run again and from two processes at once.
 */
export async function applyRules(ctx: AppContext, options: { now: Date }) {
  const rules = await activeRules(ctx.db);
  let made = 0;
  for (const rule of rules) made += await applyRule(ctx, options.now, rule);
  return { rules: rules.length, made };
}

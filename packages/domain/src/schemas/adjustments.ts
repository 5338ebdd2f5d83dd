import { z } from 'zod';
import {
  ADJUSTMENT_BASES,
  ADJUSTMENT_KINDS,
  ADJUSTMENT_STATUSES,
  FULL_PERCENT_BP,
  MANUAL_ADJUSTMENT_KINDS,
  parsePercent,
} from '../adjustments.js';
import { idSchema, nameText, paginationSchema, requiredText } from './common.js';
import { FEE_TYPES } from './fees.js';
import { nairaAmountSchema, nairaResponseAmount } from './money.js';

export const PERCENT_MESSAGE = 'Enter a percentage between 0.01 and 100 with at most two decimal places';

/** A percentage as typed (a number or a decimal string), as basis points: 12.5 is 1250. */
export const percentSchema = z.codec(
  z.union([z.number(), z.string()], { error: PERCENT_MESSAGE }).meta({
    description: 'A percentage with at most two decimal places, above 0 and at most 100',
    examples: [12.5],
  }),
  z.number().int(),
  {
    decode: (value, ctx) => {
      const bp = parsePercent(typeof value === 'number' ? value : value.trim());
      if (bp === null || bp < 1 || bp > FULL_PERCENT_BP) {
        ctx.issues.push({ code: 'custom', message: PERCENT_MESSAGE, input: value });
        return z.NEVER;
      }
      return bp;
    },
    encode: (bp) => bp / 100,
  },
);

export const percentResponse = z.codec(z.number(), z.number().int(), {
  decode: (percent) => Math.round(percent * 100),
  encode: (bp) => bp / 100,
});

const reasonSchema = requiredText('Reason is required', 500);

/**
 * A discount, scholarship or waiver on one student's fee. A fixed amount names `amount`, a
 * percentage of the fee names `percent`; a waiver may take the whole `balance` still owed when it
 * is approved.
 */
export const adjustmentInputSchema = z
  .object({
    student_id: z.uuid({ error: 'Student is required' }),
    fee_id: z.uuid({ error: 'Fee is required' }),
    kind: z.enum(MANUAL_ADJUSTMENT_KINDS, { error: 'Choose discount, scholarship or waiver' }),
    basis: z.enum(ADJUSTMENT_BASES, { error: 'Choose a fixed amount, a percentage or the whole balance' }),
    amount: nairaAmountSchema.optional(),
    percent: percentSchema.optional(),
    reason: reasonSchema,
  })
  .superRefine((input, ctx) => {
    if (input.basis === 'fixed' && input.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required' });
    if (input.basis === 'percent' && input.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: PERCENT_MESSAGE });
    if (input.basis === 'balance' && input.kind !== 'waiver')
      ctx.addIssue({ code: 'custom', path: ['basis'], message: 'Only a waiver can take the whole balance' });
  });
export type AdjustmentInput = z.output<typeof adjustmentInputSchema>;
export type AdjustmentFormValues = z.input<typeof adjustmentInputSchema>;

export const adjustmentDecisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved') }),
  z.object({ status: z.literal('rejected'), reason: reasonSchema }),
]);
export type AdjustmentDecision = z.output<typeof adjustmentDecisionSchema>;

export const adjustmentReversalSchema = z.object({ reason: reasonSchema });

const personRef = z.object({ _id: idSchema, name: z.string() });

export const adjustmentSchema = z.object({
  _id: idSchema,
  kind: z.enum(ADJUSTMENT_KINDS),
  basis: z.enum(ADJUSTMENT_BASES),
  /** The kobo it changes what is owed by (naira on the wire); null for a waiver of the balance until approved. */
  amount: nairaResponseAmount.nullable(),
  percent: percentResponse.nullable(),
  reason: z.string(),
  /** A document is attached (GET /adjustments/:id/document). */
  hasDocument: z.boolean(),
  status: z.enum(ADJUSTMENT_STATUSES),
  student: z.object({ _id: idSchema, name: z.string(), regNo: z.string().nullable() }),
  fee: z.object({ _id: idSchema, name: z.string() }),
  school: z.object({ _id: idSchema, name: z.string() }),
  /** The rule that made it (sibling discount, staff child, named scholarship, late fee), if any. */
  rule: z.object({ _id: idSchema, name: z.string() }).nullable(),
  createdBy: personRef.nullable(),
  createdAt: z.string(),
  decidedBy: personRef.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reversedBy: personRef.nullable(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentListQuerySchema = z.object({
  school_id: idSchema.optional(),
  student_id: idSchema.optional(),
  fee_id: idSchema.optional(),
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export const adjustmentListSchema = z.object({ adjustments: z.array(adjustmentSchema), pagination: paginationSchema });

/* Late fees: a school's default, or one fee's own. */

export const LATE_FEE_REPEATS = ['once', 'monthly'] as const;

export const lateFeePolicyInputSchema = z
  .object({
    school_id: z.uuid({ error: 'School is required' }),
    /** Omitted or null: the school's default for every fee without a policy of its own. */
    fee_id: idSchema.nullable().optional(),
    basis: z.enum(['fixed', 'percent'], { error: 'Choose a fixed amount or a percentage' }),
    amount: nairaAmountSchema.optional(),
    percent: percentSchema.optional(),
    grace_days: z.coerce
      .number({ error: 'Grace period must be a number of days' })
      .int('Grace period must be a whole number of days')
      .min(0, 'Grace period cannot be negative')
      .max(365, 'Grace period must be at most 365 days'),
    repeat: z.enum(LATE_FEE_REPEATS, { error: 'Choose once or monthly' }),
    /** The most late fees can add to one student's fee; required when they repeat. */
    cap: nairaAmountSchema.optional().nullable(),
    is_active: z.boolean().optional().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.basis === 'fixed' && input.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required' });
    if (input.basis === 'percent' && input.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: PERCENT_MESSAGE });
    if (input.repeat === 'monthly' && !input.cap)
      ctx.addIssue({ code: 'custom', path: ['cap'], message: 'A monthly late fee needs a cap' });
  });
export type LateFeePolicyInput = z.output<typeof lateFeePolicyInputSchema>;

export const lateFeePolicySchema = z.object({
  _id: idSchema,
  school: z.object({ _id: idSchema, name: z.string() }),
  fee: z.object({ _id: idSchema, name: z.string() }).nullable(),
  basis: z.enum(['fixed', 'percent']),
  amount: nairaResponseAmount.nullable(),
  percent: percentResponse.nullable(),
  graceDays: z.number().int(),
  repeat: z.enum(LATE_FEE_REPEATS),
  cap: nairaResponseAmount.nullable(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type LateFeePolicy = z.infer<typeof lateFeePolicySchema>;
export const lateFeePolicyListSchema = z.object({ policies: z.array(lateFeePolicySchema) });
export const lateFeePolicyListQuerySchema = z.object({ school_id: idSchema.optional() });

/* Rules that make adjustments by themselves once a second person approves them. */

export const ADJUSTMENT_RULE_KINDS = ['sibling', 'staff_child', 'scholarship'] as const;
export type AdjustmentRuleKind = (typeof ADJUSTMENT_RULE_KINDS)[number];
export const ADJUSTMENT_RULE_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const adjustmentRuleInputSchema = z
  .object({
    /** Omitted or null: every school of the group. */
    school_id: idSchema.nullable().optional(),
    /** A group-wide rule of the super-admin, who belongs to no group, names its group; others' is their own. */
    group_school_id: idSchema.optional(),
    kind: z.enum(ADJUSTMENT_RULE_KINDS, { error: 'Choose sibling discount, staff child or scholarship' }),
    name: nameText('Name is required', 120),
    fee_types: z.array(z.enum(FEE_TYPES)).min(1, 'Choose at least one fee type'),
    /** Sibling discounts: the second child's percentage and the third's and later children's. */
    second_percent: percentSchema.optional(),
    later_percent: percentSchema.optional(),
    /** Staff-child discounts and scholarships: a fixed amount or a percentage of each fee. */
    basis: z.enum(['fixed', 'percent']).optional(),
    amount: nairaAmountSchema.optional(),
    percent: percentSchema.optional(),
    /** Scholarships: the students who hold it. */
    student_ids: z.array(idSchema).optional().default([]),
    is_active: z.boolean().optional().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'sibling') {
      if (input.second_percent === undefined)
        ctx.addIssue({ code: 'custom', path: ['second_percent'], message: PERCENT_MESSAGE });
      if (input.later_percent === undefined)
        ctx.addIssue({ code: 'custom', path: ['later_percent'], message: PERCENT_MESSAGE });
      return;
    }
    if (!input.basis)
      ctx.addIssue({ code: 'custom', path: ['basis'], message: 'Choose a fixed amount or a percentage' });
    if (input.basis === 'fixed' && input.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required' });
    if (input.basis === 'percent' && input.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: PERCENT_MESSAGE });
    if (input.kind === 'scholarship' && input.student_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['student_ids'], message: 'Choose at least one student' });
  });
export type AdjustmentRuleInput = z.output<typeof adjustmentRuleInputSchema>;

export const adjustmentRuleSchema = z.object({
  _id: idSchema,
  kind: z.enum(ADJUSTMENT_RULE_KINDS),
  name: z.string(),
  school: z.object({ _id: idSchema, name: z.string() }).nullable(),
  feeTypes: z.array(z.enum(FEE_TYPES)),
  secondPercent: percentResponse.nullable(),
  laterPercent: percentResponse.nullable(),
  basis: z.enum(['fixed', 'percent']).nullable(),
  amount: nairaResponseAmount.nullable(),
  percent: percentResponse.nullable(),
  students: z.array(z.object({ _id: idSchema, name: z.string() })),
  isActive: z.boolean(),
  status: z.enum(ADJUSTMENT_RULE_STATUSES),
  rejectionReason: z.string().nullable(),
  createdBy: personRef.nullable(),
  decidedBy: personRef.nullable(),
  /** Adjustments it has made that still count. */
  applied: z.number().int(),
});
export type AdjustmentRule = z.infer<typeof adjustmentRuleSchema>;
export const adjustmentRuleListSchema = z.object({ rules: z.array(adjustmentRuleSchema) });
/** Switching a rule off stops new adjustments; those it made stay until reversed one by one. */
export const adjustmentRuleActiveSchema = z.object({ is_active: z.boolean({ error: 'Choose on or off' }) });

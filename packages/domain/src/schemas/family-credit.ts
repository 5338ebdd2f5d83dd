import { z } from 'zod';
import { idSchema, paginationSchema, requiredText } from './common.js';
import { nairaAmount, nairaResponseAmount } from './money.js';
import { cashPaymentResultSchema, recordedPaymentSchema } from './payments.js';

/** Plus what comes in, minus what is used or paid back: the ledger's own words for each entry. */
export const FAMILY_CREDIT_ENTRY_KINDS = ['overpayment', 'refund_to_credit', 'applied', 'refunded'] as const;
export type FamilyCreditEntryKind = (typeof FAMILY_CREDIT_ENTRY_KINDS)[number];

export const FAMILY_CREDIT_KIND_LABELS: Record<FamilyCreditEntryKind, string> = {
  overpayment: 'Overpayment kept as credit',
  refund_to_credit: 'Refund kept as credit',
  applied: 'Used to pay a fee',
  refunded: 'Paid back to the payer',
};

/** Credit moves in kobo like any payment; at least ₦1 at a time. */
const creditAmount = nairaAmount({ min: 100n, belowMin: 'Amount must be at least ₦1' });

/** GET /family-credit: a parent reads their own; staff name the family (`parent_id`). */
export const familyCreditQuerySchema = z.object({
  parent_id: idSchema.optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type FamilyCreditQuery = z.output<typeof familyCreditQuerySchema>;

const ref = z.object({ _id: idSchema, name: z.string() });

export const familyCreditEntrySchema = z.object({
  _id: idSchema,
  kind: z.enum(FAMILY_CREDIT_ENTRY_KINDS),
  /** Signed: positive adds to the balance, negative takes from it. */
  amount: nairaResponseAmount,
  school: ref.nullable(),
  /** The payment that brought the money in or that the credit paid. */
  payment: z
    .object({
      _id: idSchema,
      receiptNo: z.string().nullable(),
      trx_ref: z.string(),
      fee: z.string(),
      student: z.string(),
    })
    .nullable(),
  reason: z.string().nullable(),
  createdBy: ref.nullable(),
  createdAt: z.string(),
});
export type FamilyCreditEntry = z.infer<typeof familyCreditEntrySchema>;

export const familyCreditSchema = z.object({
  parent: ref,
  balance: nairaResponseAmount,
  entries: z.array(familyCreditEntrySchema),
  pagination: paginationSchema,
});
export type FamilyCredit = z.infer<typeof familyCreditSchema>;

/** POST /family-credit/apply: pay (part of) a child's fee from the family's credit. */
export const applyCreditInputSchema = z.object({
  student_id: z.uuid({ error: 'Please select a student' }),
  fee_id: z.uuid({ error: 'Please select a fee' }),
  amount: creditAmount,
  /** The desk names the family when the student has several parents; by default the parent linked first. */
  parent_id: idSchema.optional(),
});
export type ApplyCreditInput = z.output<typeof applyCreditInputSchema>;

export const applyCreditResultSchema = cashPaymentResultSchema.extend({
  /** The family's credit left after this use. */
  balance: nairaResponseAmount,
});
export type ApplyCreditResult = z.infer<typeof applyCreditResultSchema>;

/**
 * POST /family-credit/refund: asks for credit to be paid back to the family from the school's own
 * bank; it leaves once another person approves it.
 */
export const refundCreditInputSchema = z.object({
  parent_id: z.uuid({ error: 'Please select a family' }),
  amount: creditAmount,
  reason: requiredText('Please give a reason for the refund', 500),
});
export type RefundCreditInput = z.output<typeof refundCreditInputSchema>;

export const familyCreditBalanceSchema = z.object({ parent: ref, balance: nairaResponseAmount });

/**
 * Credit paid back to the family is money leaving the school, so it waits for a second person:
 * asked for (`pending`), then approved (the credit goes down and the school pays) or rejected.
 */
export const CREDIT_PAYBACK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CreditPaybackStatus = (typeof CREDIT_PAYBACK_STATUSES)[number];
export const CREDIT_PAYBACK_STATUS_LABELS: Record<CreditPaybackStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const creditPaybackSchema = z.object({
  _id: idSchema,
  parent: ref,
  /** The school that pays the money back. */
  school: ref,
  amount: nairaResponseAmount,
  reason: z.string(),
  status: z.enum(CREDIT_PAYBACK_STATUSES),
  requestedBy: ref.nullable(),
  requestedAt: z.string(),
  decidedBy: ref.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The family's credit now. */
  balance: nairaResponseAmount,
});
export type CreditPayback = z.infer<typeof creditPaybackSchema>;

/** GET /family-credit/paybacks: newest first, in the caller's schools. */
export const creditPaybackListQuerySchema = z.object({
  status: z.enum(CREDIT_PAYBACK_STATUSES).optional(),
  parent_id: idSchema.optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type CreditPaybackListQuery = z.output<typeof creditPaybackListQuerySchema>;

export const creditPaybackListSchema = z.object({
  paybacks: z.array(creditPaybackSchema),
  pagination: paginationSchema,
});
export type CreditPaybackList = z.infer<typeof creditPaybackListSchema>;

/** PATCH /family-credit/paybacks/{id}/decision: by someone other than the person who asked. */
export const creditPaybackRejectionSchema = z.object({
  reason: requiredText('Please give a reason for rejecting it', 500),
});

export const creditPaybackDecisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved') }),
  creditPaybackRejectionSchema.extend({ status: z.literal('rejected') }),
]);
export type CreditPaybackDecision = z.output<typeof creditPaybackDecisionSchema>;

/** POST /payment/pay-with-cash/family: one desk submission for several children's fees. */
export const familyCashInputSchema = z.object({
  items: z
    .array(
      z.object({
        user_id: z.uuid({ error: 'Please select a student' }),
        fee_id: z.uuid({ error: 'Please select a fee' }),
        amount: creditAmount,
      }),
    )
    .min(1, 'Add at least one fee')
    .max(20, 'At most 20 fees in one payment'),
  /** Of the total, what the family's credit pays; the rest is the cash handed over. */
  use_credit: creditAmount.optional(),
  notes: z.string().trim().max(500, 'Notes must be at most 500 characters').optional(),
});
export type FamilyCashInput = z.output<typeof familyCashInputSchema>;

export const familyCashResultSchema = z.object({
  /** One line per payment row, each with its own receipt; an item part paid by credit has two. */
  payments: z.array(
    z.object({
      student_id: idSchema,
      fee_id: idSchema,
      method: z.enum(['cash', 'credit']),
      payment: recordedPaymentSchema,
      /** What the student still owes on the fee after the whole submission. */
      outstanding: nairaResponseAmount,
    }),
  ),
  cash: nairaResponseAmount,
  credit_used: nairaResponseAmount,
});
export type FamilyCashResult = z.infer<typeof familyCashResultSchema>;

/** GET /students/{id}/siblings: the children of the student's parents the caller may take payment for. */
export const siblingsSchema = z.object({
  students: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      regNo: z.string().nullable(),
      school: ref,
      classArm: z.string().nullable(),
    }),
  ),
  /** The family whose credit the desk can use: the student's first linked parent, when there is one. */
  family: familyCreditBalanceSchema.nullable(),
});
export type Siblings = z.infer<typeof siblingsSchema>;

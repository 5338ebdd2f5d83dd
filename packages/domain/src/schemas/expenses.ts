import { z } from 'zod';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_PAYEE_KINDS,
  EXPENSE_STATUSES,
  isValidNuban,
  NIGERIAN_BANKS,
  NUBAN_FORMAT,
  OTHER_BANK_CODE,
  PAYOUT_METHODS,
} from '../expenses.js';
import {
  calendarDate,
  idSchema,
  nameText,
  optionalNameText,
  optionalText,
  paginationSchema,
  requiredText,
} from './common.js';
import { nairaAmountSchema, nairaResponseAmount } from './money.js';

const reasonSchema = requiredText('Reason is required', 500);
const ref = z.object({ _id: idSchema, name: z.string() });
const personRef = ref;

/** A bank account money is paid into, as approved. */
export const bankAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/* Expense requests */

export const EXPENSE_ATTACHMENT_KINDS = ['invoice', 'quotation', 'receipt', 'other'] as const;
export type ExpenseAttachmentKind = (typeof EXPENSE_ATTACHMENT_KINDS)[number];
export const EXPENSE_ATTACHMENT_KIND_LABELS: Record<ExpenseAttachmentKind, string> = {
  invoice: 'Invoice',
  quotation: 'Quotation',
  receipt: 'Receipt',
  other: 'Other document',
};

/**
 * A draft expense request, created or edited. The payee is a staff member of the school
 * (`payee_user_id`), a vendor of the group (`vendor_id`) or anyone else by name (`payee_name`).
 */
export const expenseInputSchema = z
  .object({
    school_id: z.uuid({ error: 'School is required' }),
    session_id: z.uuid({ error: 'Session is required' }),
    term_id: z.uuid({ error: 'Term is required' }),
    title: requiredText('Title is required', 150),
    description: optionalText(2000),
    category: z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category' }),
    amount: nairaAmountSchema,
    payee_kind: z.enum(EXPENSE_PAYEE_KINDS, { error: 'Choose who is paid' }),
    payee_user_id: idSchema.nullable().optional(),
    vendor_id: idSchema.nullable().optional(),
    payee_name: optionalNameText(150),
    due_date: calendarDate('Use a date as YYYY-MM-DD').nullable().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.payee_kind === 'staff' && !input.payee_user_id)
      ctx.addIssue({ code: 'custom', path: ['payee_user_id'], message: 'Choose the member of staff' });
    if (input.payee_kind === 'vendor' && !input.vendor_id)
      ctx.addIssue({ code: 'custom', path: ['vendor_id'], message: 'Choose the vendor' });
    if (input.payee_kind === 'other' && !input.payee_name)
      ctx.addIssue({ code: 'custom', path: ['payee_name'], message: 'Payee name is required' });
  });
export type ExpenseInput = z.output<typeof expenseInputSchema>;
export type ExpenseFormValues = z.input<typeof expenseInputSchema>;

/** A person's step on a request (see `expenseTransition`); rejecting and cancelling need a reason. */
export const expenseTransitionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('submit') }),
  z.object({ action: z.literal('approve') }),
  z.object({ action: z.literal('reject'), reason: reasonSchema }),
  z.object({ action: z.literal('reopen') }),
  z.object({ action: z.literal('cancel'), reason: reasonSchema }),
]);
export type ExpenseTransition = z.output<typeof expenseTransitionSchema>;

export const expenseSchema = z.object({
  _id: idSchema,
  /** The school's own running number, e.g. EXP-000042. */
  reference: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount: nairaResponseAmount,
  paid: nairaResponseAmount,
  remaining: nairaResponseAmount,
  status: z.enum(EXPENSE_STATUSES),
  school: ref,
  session: ref,
  term: ref,
  payee: z.object({
    kind: z.enum(EXPENSE_PAYEE_KINDS),
    name: z.string(),
    user: ref.nullable(),
    vendor: ref.nullable(),
    /**
     * A vendor's bank account: once approved, the one fixed by the approval, which every payout
     * of the expense goes to; before, the vendor's approved account, which approval would fix.
     */
    account: bankAccountSchema.nullable(),
    accountFixed: z.boolean(),
  }),
  dueDate: z.string().nullable(),
  /** Above the school's threshold when submitted: only a proprietor (or the group's admin) approves it. */
  needsProprietor: z.boolean(),
  attachmentCount: z.number().int(),
  createdBy: personRef.nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  decidedBy: personRef.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  cancellationReason: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseAttachmentSchema = z.object({
  _id: idSchema,
  kind: z.enum(EXPENSE_ATTACHMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: personRef.nullable(),
  createdAt: z.string(),
});
export type ExpenseAttachment = z.infer<typeof expenseAttachmentSchema>;

export const expensePayoutSchema = z.object({
  _id: idSchema,
  voucherNo: z.string(),
  /** Negative for a reversal. */
  amount: nairaResponseAmount,
  method: z.enum(PAYOUT_METHODS),
  reference: z.string().nullable(),
  paidOn: z.string(),
  /** Who was paid and into which account, as fixed when the payout was made. */
  payee: z.object({ name: z.string(), account: bankAccountSchema.nullable() }),
  note: z.string().nullable(),
  /** A reversal names the payout it reverses; a reversed payout names its reversal. */
  reverses: z.object({ _id: idSchema, voucherNo: z.string() }).nullable(),
  reversedBy: z.object({ _id: idSchema, voucherNo: z.string() }).nullable(),
  createdBy: personRef.nullable(),
  createdAt: z.string(),
});
export type ExpensePayout = z.infer<typeof expensePayoutSchema>;

export const expenseEventSchema = z.object({
  _id: idSchema,
  action: z.string(),
  fromStatus: z.enum(EXPENSE_STATUSES).nullable(),
  toStatus: z.enum(EXPENSE_STATUSES).nullable(),
  note: z.string().nullable(),
  actor: personRef.nullable(),
  createdAt: z.string(),
});
export type ExpenseEvent = z.infer<typeof expenseEventSchema>;

export const expenseDetailSchema = expenseSchema.extend({
  attachments: z.array(expenseAttachmentSchema),
  payouts: z.array(expensePayoutSchema),
  history: z.array(expenseEventSchema),
});
export type ExpenseDetail = z.infer<typeof expenseDetailSchema>;

export const expenseListQuerySchema = z.object({
  school_id: idSchema.optional(),
  term_id: idSchema.optional(),
  status: z.enum(EXPENSE_STATUSES).optional(),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  vendor_id: idSchema.optional(),
  /** Waiting for the caller's decision: pending, not recorded by them, within what their role may approve. */
  awaiting_me: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export const expenseListSchema = z.object({ expenses: z.array(expenseSchema), pagination: paginationSchema });

/** Staff of a school who can be paid: for the payee picker. */
export const expensePayeeQuerySchema = z.object({
  school_id: z.uuid({ error: 'School is required' }),
  search: z.string().trim().max(100).optional(),
});
export const expensePayeeListSchema = z.object({
  payees: z.array(z.object({ _id: idSchema, name: z.string(), email: z.string(), roles: z.array(z.string()) })),
});

/* Payouts */

export const payoutInputSchema = z
  .object({
    amount: nairaAmountSchema,
    method: z.enum(PAYOUT_METHODS, { error: 'Choose how it was paid' }),
    reference: optionalText(100),
    paid_on: calendarDate('Payment date is required'),
    note: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (input.method !== 'cash' && !input.reference)
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'Reference is required for a transfer, a cheque or mobile money',
      });
  });
export type PayoutInput = z.output<typeof payoutInputSchema>;
export type PayoutFormValues = z.input<typeof payoutInputSchema>;
export const payoutReversalSchema = z.object({ reason: reasonSchema });
export const payoutParamsSchema = z.object({ id: idSchema, payoutId: idSchema });
export const attachmentParamsSchema = z.object({ id: idSchema, attachmentId: idSchema });

/* Vendors */

export const VENDOR_ACCOUNT_MESSAGE = 'Enter the 10-digit NUBAN account number';
export const VENDOR_NUBAN_MESSAGE = 'This account number does not match the bank; please check both';

export const vendorInputSchema = z
  .object({
    /** The super-admin, who belongs to no group, names the group; everyone else's is their own. */
    group_school_id: idSchema.optional(),
    name: nameText('Vendor name is required', 150),
    bank_code: z
      .string({ error: 'Choose the bank' })
      .refine(
        (code) => code === OTHER_BANK_CODE || NIGERIAN_BANKS.some((bank) => bank.code === code),
        'Choose the bank',
      ),
    /** Required when the bank is not in the list. */
    bank_name: optionalText(100),
    account_number: z.string({ error: VENDOR_ACCOUNT_MESSAGE }).trim().regex(NUBAN_FORMAT, VENDOR_ACCOUNT_MESSAGE),
    account_name: nameText('Account name is required', 150),
    phone: optionalText(30),
    email: z.email('Please enter a valid email address').optional().nullable().or(z.literal('')),
    address: optionalText(300),
    is_active: z.boolean().optional().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.bank_code === OTHER_BANK_CODE && !input.bank_name)
      ctx.addIssue({ code: 'custom', path: ['bank_name'], message: 'Bank name is required' });
    if (NUBAN_FORMAT.test(input.account_number) && !isValidNuban(input.bank_code, input.account_number))
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: VENDOR_NUBAN_MESSAGE });
  });
export type VendorInput = z.output<typeof vendorInputSchema>;
export type VendorFormValues = z.input<typeof vendorInputSchema>;

/** New bank details for a vendor, waiting for a second approver. */
export const vendorBankChangeSchema = bankAccountSchema.extend({
  _id: idSchema,
  proposedBy: personRef.nullable(),
  proposedAt: z.string(),
});
export type VendorBankChange = z.infer<typeof vendorBankChangeSchema>;
export const vendorBankChangeParamsSchema = z.object({ id: idSchema, changeId: idSchema });
export const vendorBankChangeRejectionSchema = z.object({ reason: reasonSchema });

export const vendorSchema = z.object({
  _id: idSchema,
  name: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  /** The bank details above are the approved ones; this is a change waiting for approval, if any. */
  pendingBankChange: vendorBankChangeSchema.nullable(),
  /** Paid out to it so far, net of reversals, across the group's schools the caller sees. */
  totalPaid: nairaResponseAmount,
  createdAt: z.string(),
});
export type Vendor = z.infer<typeof vendorSchema>;
export const vendorListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  include_inactive: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export const vendorListSchema = z.object({ vendors: z.array(vendorSchema) });

/* Budgets and the approval threshold */

export const budgetInputSchema = z.object({
  school_id: z.uuid({ error: 'School is required' }),
  term_id: z.uuid({ error: 'Term is required' }),
  category: z.enum(EXPENSE_CATEGORIES, { error: 'Choose a category' }),
  amount: nairaAmountSchema,
});
export type BudgetInput = z.output<typeof budgetInputSchema>;
export type BudgetFormValues = z.input<typeof budgetInputSchema>;

export const budgetQuerySchema = z.object({
  school_id: z.uuid({ error: 'School is required' }),
  term_id: idSchema.optional(),
});

/** One category's line of budget against actual (payouts net of reversals on the term's expenses). */
export const budgetLineSchema = z.object({
  /** Null for a category with spending and no budget. */
  _id: idSchema.nullable(),
  category: z.enum(EXPENSE_CATEGORIES),
  budget: nairaResponseAmount.nullable(),
  actual: nairaResponseAmount,
  /** Approved and not yet paid: what is still to go out. */
  committed: nairaResponseAmount,
  /** Whole percent of the budget spent; null without a budget. */
  percentUsed: z.number().int().nullable(),
  level: z.enum(['ok', 'warning', 'over']),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;
export const budgetReportSchema = z.object({
  school: ref,
  term: ref,
  lines: z.array(budgetLineSchema),
  totals: z.object({ budget: nairaResponseAmount, actual: nairaResponseAmount, committed: nairaResponseAmount }),
});
export type BudgetReport = z.infer<typeof budgetReportSchema>;

export const expensePolicyInputSchema = z.object({
  /** Expenses above this need the proprietor's approval; null: any approver may approve any amount. */
  proprietor_above: nairaAmountSchema.nullable(),
});
export const expensePolicySchema = z.object({
  school: ref,
  proprietorAbove: nairaResponseAmount.nullable(),
  updatedBy: personRef.nullable(),
  updatedAt: z.string().nullable(),
});
export type ExpensePolicy = z.infer<typeof expensePolicySchema>;
export const expensePolicyQuerySchema = z.object({ school_id: z.uuid({ error: 'School is required' }) });

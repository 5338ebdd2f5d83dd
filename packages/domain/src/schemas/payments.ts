import { z } from 'zod';
import { ONLINE_METHODS, PAYER_METHODS, PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../payment-methods.js';
import {
  calendarDate,
  cursorPaginationSchema,
  filterDate,
  idSchema,
  listCursorSchema,
  requiredText,
} from './common.js';
import { nairaAmount, nairaResponseAmount } from './money.js';

/**
 * Money handed over (cash, a transfer) is at least ₦1: zero or less gets SPEC §5's 'Amount must be
 * greater than 0', a fraction of a naira 'Amount must be at least ₦1'.
 */
const handedAmountSchema = nairaAmount({ min: 100n, belowMin: 'Amount must be at least ₦1' });

/** POST /payment/pay-with-cash. `amount` (naira) defaults to what the student still owes. */
export const cashPaymentInputSchema = z.object({
  user_id: z.uuid({ error: 'Please select a student' }),
  fee_id: z.uuid({ error: 'Please select a fee' }),
  amount: handedAmountSchema.optional(),
  notes: z.string().trim().max(500, 'Notes must be at most 500 characters').optional(),
});
export type CashPaymentInput = z.output<typeof cashPaymentInputSchema>;

/** The desk sends a fresh uuid per submission; a retry or double click repeats it. */
export const idempotencyHeadersSchema = z
  .object({
    'idempotency-key': z.uuid({ error: 'Idempotency-Key header must be a uuid' }),
  })
  .loose();

export const recordedPaymentSchema = z.object({
  _id: idSchema,
  amount: nairaResponseAmount,
  trx_ref: z.string(),
  receiptNo: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  paid_at: z.string().nullable(),
  /** What the desk wrote on it, printed on the receipt. */
  notes: z.string().nullable(),
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

export const cashPaymentResultSchema = z.object({
  payment: recordedPaymentSchema,
  /** What the student still owes on the fee after this payment. */
  outstanding: nairaResponseAmount,
});
export type CashPaymentResult = z.infer<typeof cashPaymentResultSchema>;

/* ---------------------------------------------------------------- initiate (SPEC §7) */

/** POST /payment/initiate. `amount` (naira) defaults to the outstanding; less only as an installment. */
export const initiatePaymentInputSchema = z.object({
  fee_id: idSchema,
  /** The child a parent pays for; a student pays for themself. SPEC calls it user_id. */
  user_id: idSchema.optional(),
  student_id: idSchema.optional(),
  school_id: idSchema.optional(),
  payment_method: z.enum(ONLINE_METHODS, { error: 'Please choose Paystack or Flutterwave' }).default('paystack'),
  amount: nairaAmount().optional(),
});
export type InitiatePaymentInput = z.output<typeof initiatePaymentInputSchema>;
export const initiatePaymentResultSchema = z.object({
  paymentUrl: z.string(),
  reference: z.string(),
  amount: nairaResponseAmount,
});
export type InitiatePaymentResult = z.infer<typeof initiatePaymentResultSchema>;

/* ---------------------------------------------------------------- family checkout (issue 16) */

export const CHECKOUT_MAX_ITEMS = 20;

/** One fee of one child in a family checkout; `amount` (naira) as for a single payment: the outstanding unless an installment. */
export const checkoutItemInputSchema = z.object({
  student_id: idSchema,
  fee_id: idSchema,
  amount: nairaAmount().optional(),
});

/** POST /payment/checkout: several fees of a parent's children (or a student's own) paid in one provider transaction. */
export const checkoutInputSchema = z.object({
  method: z.enum(ONLINE_METHODS, { error: 'Please choose Paystack or Flutterwave' }),
  items: z
    .array(checkoutItemInputSchema)
    .min(1, 'Choose at least one fee to pay')
    .max(CHECKOUT_MAX_ITEMS, `At most ${CHECKOUT_MAX_ITEMS} fees can be paid in one checkout`)
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const key = `${item.student_id}:${item.fee_id}`;
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: [index, 'fee_id'], message: 'This fee is already in the checkout' });
        seen.add(key);
      });
    }),
});
export type CheckoutInput = z.output<typeof checkoutInputSchema>;

export const checkoutResultSchema = z.object({
  reference: z.string(),
  paymentUrl: z.string(),
  total: nairaResponseAmount,
  items: z.array(
    z.object({ student_id: idSchema, fee_id: idSchema, amount: nairaResponseAmount, reference: z.string() }),
  ),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** GET /payment/checkout/{reference}: a pending checkout is verified with the provider first. */
export const checkoutStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(ONLINE_METHODS),
  total: nairaResponseAmount,
  paid_at: z.string().nullable(),
  /** One payment per fee: each has its own receipt, numbered in its own school's sequence. */
  lines: z.array(
    z.object({
      paymentId: idSchema,
      reference: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      amount: nairaResponseAmount,
      receiptNo: z.string().nullable(),
      student: z.object({ _id: idSchema, firstname: z.string(), lastname: z.string() }),
      fee: z.object({ _id: idSchema, name: z.string() }),
      school: z.object({ _id: idSchema, name: z.string() }),
      /** Still owed on the fee now. */
      outstanding: nairaResponseAmount,
    }),
  ),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/* ---------------------------------------------------------------- the payment record */

const personRef = z.object({
  _id: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  regNo: z.string().nullable(),
});

/** How a payer's dispute (chargeback) with the provider stands: open until the provider rules. */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * The latest dispute of an online payment. `resolution` is the provider's own word for how it
 * ended (Paystack's `merchant-accepted`, `declined`…); a lost one is also a refund entry.
 */
export const paymentDisputeSchema = z.object({
  status: z.enum(DISPUTE_STATUSES),
  resolution: z.string().nullable(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

/** SPEC §3 Payment, plus what our screens need (receipt, refund, transfer claim, dispute). */
export const paymentSchema = z.object({
  _id: idSchema,
  kind: z.enum(PAYMENT_KINDS),
  user: personRef,
  school: z.object({ _id: idSchema, name: z.string() }),
  fee: z.object({
    _id: idSchema,
    name: z.string(),
    type: z.string(),
    amount: nairaResponseAmount,
    term: z.object({ _id: idSchema, name: z.string() }).nullable(),
  }),
  amount: nairaResponseAmount,
  status: z.enum(PAYMENT_STATUSES),
  mode_of_payment: z.enum(PAYMENT_METHODS),
  /** When the money moved: paid_at once credited, else when the row was made. */
  trans_date: z.string(),
  trx_ref: z.string(),
  /** The provider's transaction id once verified. */
  trans_id: z.string().nullable(),
  channel: z.string().nullable(),
  isInstallment: z.boolean(),
  paid_at: z.string().nullable(),
  receiptNo: z.string().nullable(),
  /** Refund rows: the payment they reverse. Payments: the refund made against them, if any. */
  refundOf: idSchema.nullable(),
  refundedBy: idSchema.nullable(),
  /** Cash voided at its till (taken by mistake, approved by a second person): when; its refund is `refundedBy`. */
  voidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  /** Bank transfer claims. */
  bank_reference: z.string().nullable(),
  transfer_date: z.string().nullable(),
  hasProof: z.boolean(),
  /** Online payments the payer disputed with the provider; null for every other. */
  dispute: paymentDisputeSchema.nullable(),
  /** Fee progress for this student after all successful payments (installment progress bar). */
  feePaid: nairaResponseAmount,
  /**
   * An online checkout its payer started and has not paid: nothing was charged. Only that payer
   * is shown it, with the provider's page to continue on (`continueUrl`); staff never are.
   */
  awaiting: z.boolean(),
  continueUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /payment/all, /payment/get-paystack, ... and the payer's own history. Filtered and paged in SQL. */
export const paymentListQuerySchema = z.object({
  school_id: idSchema.optional(),
  term_id: idSchema.optional(),
  student_id: idSchema.optional(),
  fee_id: idSchema.optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  /** `true`: only payments with a dispute (open or ruled on); `false`: only those without. */
  disputed: z.enum(['true', 'false']).optional(),
  /** Student name, registration number, our reference or the receipt number. */
  search: z.string().trim().max(100).optional(),
  from: filterDate().optional(),
  to: filterDate().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** The page after the one that gave this cursor, whatever the list's length; `page` is then ignored. */
  cursor: listCursorSchema.optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentSchema), pagination: cursorPaginationSchema });
export type PaymentList = z.infer<typeof paymentListSchema>;

/** GET /payment/stats (SPEC §3 payment stats). Successful amounts are net of refunds. */
export const paymentStatsQuerySchema = z.object({ school_id: idSchema.optional(), term_id: idSchema.optional() });
export const paymentStatsSchema = z.object({
  totalPayments: z.number().int(),
  successfulPayments: z.number().int(),
  pendingPayments: z.number().int(),
  failedPayments: z.number().int(),
  reviewPayments: z.number().int(),
  totalAmount: nairaResponseAmount,
  successfulAmount: nairaResponseAmount,
  pendingAmount: nairaResponseAmount,
  refundedAmount: nairaResponseAmount,
  paymentsByMethod: z.array(
    z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), amount: nairaResponseAmount }),
  ),
});
export type PaymentStats = z.infer<typeof paymentStatsSchema>;

/** GET /payment/{reference}/status: the payer's dialog asks after the window closes; pending ones are verified first. */
export const paymentStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: nairaResponseAmount,
  method: z.enum(PAYMENT_METHODS),
  receiptNo: z.string().nullable(),
  paymentId: idSchema,
  paid_at: z.string().nullable(),
  /** Still owed on the fee after this payment. */
  outstanding: nairaResponseAmount,
});
export type PaymentStatusResult = z.infer<typeof paymentStatusSchema>;

/* ---------------------------------------------------------------- bank transfer */

/** POST /payment/bank-transfer (multipart: these fields plus an optional `proof` image). */
export const bankTransferClaimInputSchema = z.object({
  fee_id: z.uuid({ error: 'Please select a fee' }),
  student_id: idSchema.optional(),
  amount: handedAmountSchema,
  transfer_date: calendarDate('Please enter the date of the transfer'),
  bank_reference: requiredText('Please enter the reference from your bank', 100),
});
export type BankTransferClaimInput = z.output<typeof bankTransferClaimInputSchema>;

export const rejectTransferInputSchema = z.object({
  reason: requiredText('Please provide a reason for rejection', 500),
});

/* ---------------------------------------------------------------- refunds */

export const REFUND_DESTINATIONS = ['payer', 'credit'] as const;

/**
 * POST /payment/{id}/refund: the whole payment is refunded as a new row; the original stays.
 * `to: 'credit'` keeps the money as the family's credit instead of returning it to the payer.
 */
export const refundInputSchema = z.object({
  reason: requiredText('Please give a reason for the refund', 500),
  to: z.enum(REFUND_DESTINATIONS).default('payer'),
});

/* ---------------------------------------------------------------- payment configuration */

/** SPEC §3 payment method option, for the payer's dialog. */
export const paymentMethodOptionSchema = z.object({
  method: z.enum(PAYER_METHODS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  enabled: z.boolean(),
  bank_details: z
    .object({
      bank_name: z.string(),
      account_name: z.string(),
      account_no: z.string(),
      /** What the payer writes in the transfer's narration: the student's code; null for staff. */
      payment_code: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentMethodOption = z.infer<typeof paymentMethodOptionSchema>;

export const availableMethodsQuerySchema = z.object({
  school_id: idSchema.optional(),
  student_id: idSchema.optional(),
});
export const availableMethodsSchema = z.object({
  methods: z.array(paymentMethodOptionSchema),
  default_payment_method: z.enum(PAYER_METHODS),
  enable_installments: z.boolean(),
  minimum_installment_amount: nairaResponseAmount,
});
export type AvailableMethods = z.infer<typeof availableMethodsSchema>;
/** GET /payment/available-methods/{school_id}: SPEC §7's "list of methods", the list itself. */
export const availableMethodListSchema = z.array(paymentMethodOptionSchema);

const optionalKey = z.string().trim().max(200, 'Must be at most 200 characters').optional();

/** The character the API masks secrets with (`sk_test_••••••••0001`); no real key contains it. */
export const SECRET_MASK_CHAR = '•';

/**
 * A write-only secret: a new value replaces the stored one; absent, empty, or sent back in the
 * masked form the API shows, it means "keep what is stored".
 */
const storedUnlessGiven = optionalKey
  .nullable()
  .transform((value) => (!value || value.includes(SECRET_MASK_CHAR) ? undefined : value));
/** A public field: sent empty or null, it is cleared. */
const publicText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional();
const secretKey = storedUnlessGiven.meta({
  description:
    'A new value replaces the stored secret. Absent, empty, null or the masked form returned by GET keeps the stored one; set the matching clear_* flag to remove it.',
});

const clearFlag = (secret: string) =>
  z
    .boolean()
    .optional()
    .meta({ description: `true removes the stored ${secret}; the only way to clear it.` });

/**
 * POST /paymentprofile/create and PUT /paymentprofile/update, a partial update: a field left out
 * keeps its stored value (for a school without a profile, the value GET shows). Secrets follow
 * `secretKey`; public text fields sent empty or null are cleared. SPEC §5: all keys optional, minimum
 * installment ≥ 0.
 */
export const paymentProfileInputSchema = z.object({
  school_id: z.uuid({ error: 'Please select a school' }),
  ps_public_key: publicText(200),
  ps_secret_key: secretKey,
  activate_ps: z.boolean().optional(),
  fw_public_key: publicText(200),
  fw_secret_key: secretKey,
  fw_secret_hash: secretKey,
  activate_fw: z.boolean().optional(),
  activate_bank_transfer: z.boolean().optional(),
  activate_cash: z.boolean().optional(),
  account_no: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'Account number must be 10 digits')
    .nullable()
    .optional(),
  account_name: publicText(120),
  bank_name: publicText(120),
  default_payment_method: z.enum(PAYER_METHODS, { error: 'Choose a default payment method' }).optional(),
  enable_installments: z.boolean().optional(),
  /** Family credit pays the family's oldest owed fees of the school as soon as it arises. */
  auto_apply_credit: z.boolean().optional(),
  minimum_installment_amount: nairaAmount({
    min: 0n,
    notPositive: 'Minimum installment amount must be 0 or more',
  }).optional(),
  clear_ps_secret_key: clearFlag('Paystack secret key'),
  clear_fw_secret_key: clearFlag('Flutterwave secret key'),
  clear_fw_secret_hash: clearFlag('Flutterwave webhook hash'),
});
export type PaymentProfileInput = z.input<typeof paymentProfileInputSchema>;

/** What the API returns: secrets masked (`sk_test_••••••••1234`), never the value. */
export const paymentProfileSchema = z.object({
  _id: idSchema.nullable(),
  school: z.object({ _id: idSchema, name: z.string() }),
  ps_public_key: z.string().nullable(),
  ps_secret_key: z.string().nullable(),
  activate_ps: z.boolean(),
  fw_public_key: z.string().nullable(),
  fw_secret_key: z.string().nullable(),
  fw_secret_hash: z.string().nullable(),
  activate_fw: z.boolean(),
  activate_bank_transfer: z.boolean(),
  activate_cash: z.boolean(),
  account_no: z.string().nullable(),
  account_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  default_payment_method: z.enum(PAYER_METHODS),
  enable_installments: z.boolean(),
  minimum_installment_amount: nairaResponseAmount,
  auto_apply_credit: z.boolean(),
  /** Where the webhooks for this school must point, to copy into the provider's dashboard. */
  webhook_urls: z.object({ paystack: z.string(), flutterwave: z.string() }),
  updatedAt: z.string().nullable(),
});
export type PaymentProfile = z.infer<typeof paymentProfileSchema>;

/** POST /paymentprofile/test-connection: calls the provider with the stored (or given) secret key. */
export const connectionTestInputSchema = z.object({
  school_id: idSchema,
  provider: z.enum(ONLINE_METHODS),
  /** Absent, empty or masked: the stored key is tested. */
  secret_key: storedUnlessGiven,
});
export const connectionTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });

/** GET /payment/analytics: the Payment Configuration Analytics tab, from real rows. */
export const paymentAnalyticsQuerySchema = z.object({
  school_id: idSchema.optional(),
  from: filterDate().optional(),
  to: filterDate().optional(),
});
export const paymentAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalPayments: z.number().int(),
  totalAmount: nairaResponseAmount,
  methods: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      count: z.number().int(),
      amount: nairaResponseAmount,
      percentage: z.number(),
      /** Against the same-length period just before `from`. */
      trend: z.enum(['up', 'down', 'stable']),
    }),
  ),
  monthly: z.array(z.object({ month: z.string(), count: z.number().int(), amount: nairaResponseAmount })),
  recommendations: z.array(z.string()),
});
export type PaymentAnalytics = z.infer<typeof paymentAnalyticsSchema>;

/**
 * The public check of a printed receipt (GET /payment/receipt/verify/:code?receipt=). A genuine
 * receipt names its school and the student's initials only; a forged one gets nulls.
 */
export const receiptCheckSchema = z.object({
  valid: z.boolean(),
  receiptNo: z.string().nullable(),
  school: z.string().nullable(),
  student: z.string().nullable(),
  amount: nairaResponseAmount.nullable(),
  paidAt: z.string().nullable(),
  /** A genuine receipt whose cash was voided at the till: when (approved) and why. */
  voided: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;

/**
 * CVC-2026-000123 (the school's receipt code, the year, the school's running number), or the
 * RCP-2026-000123 of a receipt issued before schools had codes: checked before asking the server.
 */
export const RECEIPT_NO_PATTERN = /^[A-Z0-9]{2,6}-\d{4}-\d{6,}$/;

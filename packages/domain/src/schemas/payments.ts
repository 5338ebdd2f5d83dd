import { z } from 'zod';
import { nairaToKobo } from '../money.js';
import { calendarDate, idSchema, paginationSchema, requiredText } from './common.js';
import { MAX_FEE_NAIRA, nairaAmountSchema } from './fees.js';

export const PAYMENT_METHODS = ['paystack', 'flutterwave', 'bank_transfer', 'cash'] as const;
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'review'] as const;

/** A desk payment must be at least ₦1 (SPEC §5 cash form: 'Amount must be greater than 0'). */
const cashAmountSchema = nairaAmountSchema.refine((value) => {
  try {
    return nairaToKobo(value) >= 100n;
  } catch {
    return false;
  }
}, 'Amount must be at least ₦1');

/** POST /payment/pay-with-cash. `amount` (naira) defaults to what the student still owes. */
export const cashPaymentInputSchema = z.object({
  user_id: z.uuid({ error: 'Please select a student' }),
  fee_id: z.uuid({ error: 'Please select a fee' }),
  amount: cashAmountSchema.optional(),
  notes: z.string().trim().max(500, 'Notes must be at most 500 characters').optional(),
});
export type CashPaymentInput = z.infer<typeof cashPaymentInputSchema>;

/** The desk sends a fresh uuid per submission; a retry or double click repeats it. */
export const idempotencyHeadersSchema = z
  .object({
    'idempotency-key': z.uuid({ error: 'Idempotency-Key header must be a uuid' }),
  })
  .loose();

export const recordedPaymentSchema = z.object({
  _id: idSchema,
  amount: z.number(),
  trx_ref: z.string(),
  receiptNo: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  paid_at: z.string().nullable(),
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

export const cashPaymentResultSchema = z.object({
  payment: recordedPaymentSchema,
  /** Naira the student still owes on the fee after this payment. */
  outstanding: z.number(),
});
export type CashPaymentResult = z.infer<typeof cashPaymentResultSchema>;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ONLINE_METHODS = ['paystack', 'flutterwave'] as const satisfies readonly PaymentMethod[];
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const PAYMENT_KINDS = ['payment', 'refund'] as const;

/** How SPEC §2 names each method to the payer. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
  bank_transfer: 'Bank Transfer',
  cash: 'Cash Payment',
};

/* ---------------------------------------------------------------- initiate (SPEC §7) */

/** POST /payment/initiate. `amount` (naira) defaults to the outstanding; less only as an installment. */
export const initiatePaymentInputSchema = z.object({
  fee_id: idSchema,
  /** The child a parent pays for; a student pays for themself. SPEC calls it user_id. */
  user_id: idSchema.optional(),
  student_id: idSchema.optional(),
  school_id: idSchema.optional(),
  payment_method: z.enum(ONLINE_METHODS, { error: 'Please choose Paystack or Flutterwave' }).default('paystack'),
  amount: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d{1,2})?$/)]).optional(),
});
export type InitiatePaymentInput = z.input<typeof initiatePaymentInputSchema>;
export const initiatePaymentResultSchema = z.object({
  paymentUrl: z.string(),
  reference: z.string(),
  amount: z.number(),
});
export type InitiatePaymentResult = z.infer<typeof initiatePaymentResultSchema>;

/* ---------------------------------------------------------------- the payment record */

const personRef = z.object({
  _id: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  regNo: z.string().nullable(),
});

/** SPEC §3 Payment, plus what our screens need (receipt, refund, transfer claim). Amounts in naira. */
export const paymentSchema = z.object({
  _id: idSchema,
  kind: z.enum(PAYMENT_KINDS),
  user: personRef,
  school: z.object({ _id: idSchema, name: z.string() }),
  fee: z.object({
    _id: idSchema,
    name: z.string(),
    type: z.string(),
    amount: z.number(),
    term: z.object({ _id: idSchema, name: z.string() }).nullable(),
  }),
  amount: z.number(),
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
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  /** Bank transfer claims. */
  bank_reference: z.string().nullable(),
  transfer_date: z.string().nullable(),
  hasProof: z.boolean(),
  /** Fee progress for this student after all successful payments (installment progress bar). */
  feePaid: z.number(),
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
  /** Student name, registration number, our reference or the receipt number. */
  search: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export const paymentListSchema = z.object({ payments: z.array(paymentSchema), pagination: paginationSchema });
export type PaymentList = z.infer<typeof paymentListSchema>;

/** GET /payment/stats (SPEC §3 payment stats). Successful amounts are net of refunds. */
export const paymentStatsQuerySchema = z.object({ school_id: idSchema.optional(), term_id: idSchema.optional() });
export const paymentStatsSchema = z.object({
  totalPayments: z.number().int(),
  successfulPayments: z.number().int(),
  pendingPayments: z.number().int(),
  failedPayments: z.number().int(),
  reviewPayments: z.number().int(),
  totalAmount: z.number(),
  successfulAmount: z.number(),
  pendingAmount: z.number(),
  refundedAmount: z.number(),
  paymentsByMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), amount: z.number() })),
});
export type PaymentStats = z.infer<typeof paymentStatsSchema>;

/** GET /payment/{reference}/status: the payer's dialog asks after the window closes; pending ones are verified first. */
export const paymentStatusSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  receiptNo: z.string().nullable(),
  paymentId: idSchema,
  paid_at: z.string().nullable(),
  /** Naira still owed on the fee after this payment. */
  outstanding: z.number(),
});
export type PaymentStatusResult = z.infer<typeof paymentStatusSchema>;

/* ---------------------------------------------------------------- bank transfer */

/** POST /payment/bank-transfer (multipart: these fields plus an optional `proof` image). */
export const bankTransferClaimInputSchema = z.object({
  fee_id: z.uuid({ error: 'Please select a fee' }),
  student_id: idSchema.optional(),
  amount: cashAmountSchema,
  transfer_date: calendarDate('Please enter the date of the transfer'),
  bank_reference: requiredText('Please enter the reference from your bank', 100),
});
export type BankTransferClaimInput = z.input<typeof bankTransferClaimInputSchema>;

export const rejectTransferInputSchema = z.object({
  reason: requiredText('Please provide a reason for rejection', 500),
});

/* ---------------------------------------------------------------- refunds */

/** POST /payment/{id}/refund: the whole payment is refunded as a new row; the original stays. */
export const refundInputSchema = z.object({
  reason: requiredText('Please give a reason for the refund', 500),
});

/* ---------------------------------------------------------------- payment configuration */

/** SPEC §3 payment method option, for the payer's dialog. */
export const paymentMethodOptionSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  enabled: z.boolean(),
  bank_details: z.object({ bank_name: z.string(), account_name: z.string(), account_no: z.string() }).nullable(),
});
export type PaymentMethodOption = z.infer<typeof paymentMethodOptionSchema>;

export const availableMethodsQuerySchema = z.object({
  school_id: idSchema.optional(),
  student_id: idSchema.optional(),
});
export const availableMethodsSchema = z.object({
  methods: z.array(paymentMethodOptionSchema),
  default_payment_method: z.enum(PAYMENT_METHODS),
  enable_installments: z.boolean(),
  minimum_installment_amount: z.number(),
});
export type AvailableMethods = z.infer<typeof availableMethodsSchema>;

const optionalKey = z.string().trim().max(200, 'Must be at most 200 characters').optional();

/**
 * POST /paymentprofile/create and PUT /paymentprofile/update. A secret left empty or absent keeps
 * the stored one; `clear_*` removes it. SPEC §5: all keys optional, minimum installment ≥ 0.
 */
export const paymentProfileInputSchema = z.object({
  school_id: z.uuid({ error: 'Please select a school' }),
  ps_public_key: optionalKey,
  ps_secret_key: optionalKey,
  activate_ps: z.boolean().default(false),
  fw_public_key: optionalKey,
  fw_secret_key: optionalKey,
  fw_secret_hash: optionalKey,
  activate_fw: z.boolean().default(false),
  activate_bank_transfer: z.boolean().default(false),
  activate_cash: z.boolean().default(true),
  account_no: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'Account number must be 10 digits')
    .optional(),
  account_name: z.string().trim().max(120, 'Must be at most 120 characters').optional(),
  bank_name: z.string().trim().max(120, 'Must be at most 120 characters').optional(),
  default_payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose a default payment method' }).default('cash'),
  enable_installments: z.boolean().default(false),
  minimum_installment_amount: z.coerce
    .number({ error: 'Minimum installment amount must be 0 or more' })
    .min(0, 'Minimum installment amount must be 0 or more')
    .max(MAX_FEE_NAIRA, 'Must be at most ₦100,000,000')
    .default(1000),
  clear_ps_secret_key: z.boolean().optional(),
  clear_fw_secret_key: z.boolean().optional(),
  clear_fw_secret_hash: z.boolean().optional(),
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
  default_payment_method: z.enum(PAYMENT_METHODS),
  enable_installments: z.boolean(),
  minimum_installment_amount: z.number(),
  /** Where the webhooks for this school must point, to copy into the provider's dashboard. */
  webhook_urls: z.object({ paystack: z.string(), flutterwave: z.string() }),
  updatedAt: z.string().nullable(),
});
export type PaymentProfile = z.infer<typeof paymentProfileSchema>;

/** POST /paymentprofile/test-connection: calls the provider with the stored (or given) secret key. */
export const connectionTestInputSchema = z.object({
  school_id: idSchema,
  provider: z.enum(ONLINE_METHODS),
  secret_key: optionalKey,
});
export const connectionTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });

/** GET /payment/analytics: the Payment Configuration Analytics tab, from real rows. */
export const paymentAnalyticsQuerySchema = z.object({
  school_id: idSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const paymentAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totalPayments: z.number().int(),
  totalAmount: z.number(),
  methods: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      count: z.number().int(),
      amount: z.number(),
      percentage: z.number(),
      /** Against the same-length period just before `from`. */
      trend: z.enum(['up', 'down', 'stable']),
    }),
  ),
  monthly: z.array(z.object({ month: z.string(), count: z.number().int(), amount: z.number() })),
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
  /** Naira. */
  amount: z.number().nullable(),
  paidAt: z.string().nullable(),
});
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;

/** RCP-2026-000123: what a receipt number looks like, checked before asking the server. */
export const RECEIPT_NO_PATTERN = /^RCP-\d{4}-\d{6,}$/;

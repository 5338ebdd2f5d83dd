import { z } from 'zod';
import { nairaToKobo } from '../money.js';
import { idSchema } from './common.js';
import { nairaAmountSchema } from './fees.js';

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

import { z } from 'zod';
import {
  MAX_PIECES,
  NAIRA_DENOMINATIONS,
  type NairaDenomination,
  PAYMENT_VOID_STATUSES,
  TILL_STATUSES,
  VOID_REASON_MIN,
} from '../tills.js';
import { filterDate, idSchema, optionalText, requiredText, timestampSchema } from './common.js';
import { nairaAmount, nairaResponseAmount } from './money.js';

const pieces = z
  .number({ error: 'Enter a whole number of pieces' })
  .int('Enter a whole number of pieces')
  .min(0, 'A count cannot be negative')
  .max(MAX_PIECES, `At most ${MAX_PIECES.toLocaleString('en-NG')} pieces of one note or coin`);

/**
 * A drawer counted by note and coin: pieces of each denomination, named by its face value in naira
 * ("1000", "500", … "0.5"); one left out counts none, an unknown one is refused.
 */
export const denominationCountSchema = z
  .object(
    Object.fromEntries(NAIRA_DENOMINATIONS.map((d) => [d, pieces.optional()])) as Record<
      NairaDenomination,
      z.ZodOptional<typeof pieces>
    >,
  )
  .strict();

const personSchema = z.object({ _id: idSchema, name: z.string() });

export const tillOpenInputSchema = z.object({
  /** The school of the desk; the caller's own school when left out. */
  school_id: idSchema.optional(),
  desk: requiredText('Desk is required', 60),
  float: denominationCountSchema,
});
export type TillOpenInput = z.infer<typeof tillOpenInputSchema>;

export const tillListQuerySchema = z.object({
  school_id: idSchema.optional(),
  status: z.enum(TILL_STATUSES, { error: 'Unknown till status' }).optional(),
  /** Sessions opened on this day (Lagos). */
  date: filterDate().optional(),
});
export type TillListQuery = z.infer<typeof tillListQuerySchema>;

export const tillCloseInputSchema = z.object({
  count: denominationCountSchema,
  variance_reason: optionalText(500),
});
export type TillCloseInput = z.infer<typeof tillCloseInputSchema>;

export const tillConfirmInputSchema = z.object({ note: optionalText(500) });
export type TillConfirmInput = z.infer<typeof tillConfirmInputSchema>;

export const tillBankInputSchema = z.object({
  deposit_slip_no: requiredText('Deposit slip number is required', 60),
  bank_name: requiredText('Bank is required', 100),
  amount: nairaAmount(),
});
export type TillBankInput = z.infer<typeof tillBankInputSchema>;

export const tillSessionSchema = z.object({
  _id: idSchema,
  school_id: idSchema,
  desk: z.string(),
  status: z.enum(TILL_STATUSES),
  opened_by: personSchema,
  opened_at: timestampSchema,
  float: denominationCountSchema,
  float_total: nairaResponseAmount,
  count: denominationCountSchema.nullable(),
  counted: nairaResponseAmount.nullable(),
  expected: nairaResponseAmount.nullable(),
  variance: nairaResponseAmount.nullable(),
  variance_reason: z.string().nullable(),
  closed_by: personSchema.nullable(),
  closed_at: timestampSchema.nullable(),
  confirmed_by: personSchema.nullable(),
  confirmed_at: timestampSchema.nullable(),
  banking: z
    .object({
      deposit_slip_no: z.string(),
      bank_name: z.string(),
      amount: nairaResponseAmount,
      banked_by: personSchema,
      banked_at: timestampSchema,
    })
    .nullable(),
  /** What the list warns of, from the school's cash desk settings and today's date (Lagos). */
  flags: z.object({
    /** The day (YYYY-MM-DD) a till still open was opened, once that day is over. */
    left_open_since: z.string().nullable(),
    /** Days since a confirmed till was closed, once past the days the school allows to bank it. */
    not_banked_days: z.number().int().nullable(),
  }),
});
export type TillSession = z.infer<typeof tillSessionSchema>;

export const tillListSchema = z.object({ sessions: z.array(tillSessionSchema) });
export type TillList = z.infer<typeof tillListSchema>;

/** A bursar asks to void cash taken into their open till by mistake. */
export const tillVoidInputSchema = z.object({
  payment_id: idSchema,
  reason: requiredText('Say why this payment is being voided', 500).min(
    VOID_REASON_MIN,
    `Say why in at least ${VOID_REASON_MIN} characters`,
  ),
});
export type TillVoidInput = z.infer<typeof tillVoidInputSchema>;

export const tillVoidApproveInputSchema = z.object({ note: optionalText(500) });
export type TillVoidApproveInput = z.infer<typeof tillVoidApproveInputSchema>;

export const tillVoidRejectInputSchema = z.object({ note: requiredText('Say why the void is rejected', 500) });
export type TillVoidRejectInput = z.infer<typeof tillVoidRejectInputSchema>;

export const tillVoidParamsSchema = z.object({ id: idSchema, voidId: idSchema });

export const tillVoidListQuerySchema = z.object({
  school_id: idSchema.optional(),
  status: z.enum(PAYMENT_VOID_STATUSES, { error: 'Unknown void status' }).optional(),
});
export type TillVoidListQuery = z.infer<typeof tillVoidListQuerySchema>;

/** A void asked for on a till's payment, with who asked and who decided. */
export const paymentVoidSchema = z.object({
  _id: idSchema,
  school_id: idSchema,
  till_id: idSchema,
  desk: z.string(),
  payment_id: idSchema,
  receipt_no: z.string().nullable(),
  student: personSchema,
  amount: nairaResponseAmount,
  reason: z.string(),
  status: z.enum(PAYMENT_VOID_STATUSES),
  requested_by: personSchema,
  requested_at: timestampSchema,
  decided_by: personSchema.nullable(),
  decided_at: timestampSchema.nullable(),
  decision_note: z.string().nullable(),
});
export type PaymentVoid = z.infer<typeof paymentVoidSchema>;

export const paymentVoidListSchema = z.object({ voids: z.array(paymentVoidSchema) });
export type PaymentVoidList = z.infer<typeof paymentVoidListSchema>;

/** The X report: the session so far (or as it closed). */
export const tillReportSchema = z.object({
  session: tillSessionSchema,
  report: z.object({
    float: nairaResponseAmount,
    cash_taken: nairaResponseAmount,
    payments: z.number().int(),
    by_recorder: z.array(z.object({ user: personSchema, payments: z.number().int(), amount: nairaResponseAmount })),
    refunds: z.array(
      z.object({
        payment_id: idSchema,
        receipt_no: z.string().nullable(),
        amount: nairaResponseAmount,
        at: timestampSchema,
        /** Paid back out of this drawer while it was open (else from the cash on hand, after it closed). */
        from_drawer: z.boolean(),
      }),
    ),
    /** Paid back out of the drawer (refunds of its payments while it was open, less any kept as family credit). */
    refunded: nairaResponseAmount,
    /** The cash payments taken into the till, newest first, each with its void if one was asked for. */
    cash_payments: z.array(
      z.object({
        payment_id: idSchema,
        receipt_no: z.string().nullable(),
        student: personSchema,
        amount: nairaResponseAmount,
        at: timestampSchema,
        recorded_by: personSchema.nullable(),
        refunded: z.boolean(),
        void_status: z.enum(PAYMENT_VOID_STATUSES).nullable(),
      }),
    ),
    /** Voids of its payments, apart from the refunds: each approved one was paid back out of the drawer. */
    voids: z.array(paymentVoidSchema),
    voided: nairaResponseAmount,
    expected: nairaResponseAmount,
  }),
});
export type TillReport = z.infer<typeof tillReportSchema>;

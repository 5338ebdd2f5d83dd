import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods.js';
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

/** The X report: the session so far; once the drawer is counted, the Z report of the closed session. */
export const tillReportSchema = z.object({
  session: tillSessionSchema,
  report: z.object({
    /** `x` while the till is open, `z` once its drawer is counted. */
    kind: z.enum(['x', 'z']),
    school: z.object({ _id: idSchema, name: z.string() }),
    float: nairaResponseAmount,
    cash_taken: nairaResponseAmount,
    payments: z.number().int(),
    by_recorder: z.array(z.object({ user: personSchema, payments: z.number().int(), amount: nairaResponseAmount })),
    /** The takings by the method they were paid by (cash at the desk), largest first. */
    by_method: z.array(
      z.object({ method: z.enum(PAYMENT_METHODS), payments: z.number().int(), amount: nairaResponseAmount }),
    ),
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
    /** Once banked: what was counted and not banked (the float kept back, returned to the cash on hand). */
    remaining: nairaResponseAmount.nullable(),
  }),
});
export type TillReport = z.infer<typeof tillReportSchema>;

export const tillCashUpQuerySchema = z.object({
  /** The caller's own school when left out. */
  school_id: idSchema.optional(),
  /** The day (Lagos) whose tills to add up; today when left out. */
  date: filterDate().optional(),
});
export type TillCashUpQuery = z.infer<typeof tillCashUpQuerySchema>;

const cashUpTotalsSchema = z.object({
  float: nairaResponseAmount,
  cash_taken: nairaResponseAmount,
  payments: z.number().int(),
  refunded: nairaResponseAmount,
  voided: nairaResponseAmount,
  expected: nairaResponseAmount,
  /** Of the tills counted so far. */
  counted: nairaResponseAmount,
  variance: nairaResponseAmount,
  banked: nairaResponseAmount,
  /** What the tills not yet banked hold: counted, or expected while still open. */
  not_banked: nairaResponseAmount,
});

/** A school's day at the cash desk: every till opened that day (Lagos), and their totals. */
export const tillCashUpSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string() }),
  date: z.string(),
  tills: z.array(
    z.object({
      _id: idSchema,
      desk: z.string(),
      status: z.enum(TILL_STATUSES),
      opened_by: personSchema,
      opened_at: timestampSchema,
      closed_at: timestampSchema.nullable(),
      float: nairaResponseAmount,
      cash_taken: nairaResponseAmount,
      payments: z.number().int(),
      refunded: nairaResponseAmount,
      /** Paid back out of the drawer by approved voids. */
      voided: nairaResponseAmount,
      expected: nairaResponseAmount,
      counted: nairaResponseAmount.nullable(),
      variance: nairaResponseAmount.nullable(),
      variance_reason: z.string().nullable(),
      banked: nairaResponseAmount.nullable(),
      not_banked: nairaResponseAmount,
    }),
  ),
  totals: cashUpTotalsSchema,
});
export type TillCashUp = z.infer<typeof tillCashUpSchema>;

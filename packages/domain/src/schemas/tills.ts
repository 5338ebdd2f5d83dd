import { z } from 'zod';
import { MAX_PIECES, NAIRA_DENOMINATIONS, type NairaDenomination, TILL_STATUSES } from '../tills.js';
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
    expected: nairaResponseAmount,
  }),
});
export type TillReport = z.infer<typeof tillReportSchema>;

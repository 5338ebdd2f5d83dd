import { z } from 'zod';
import { filterDate, idSchema } from './common.js';
import { nairaResponseAmount } from './money.js';

/**
 * Providers' settlements beside the bank: what Paystack paid out to the school's bank for a day's
 * online collections (net of its charges), what SchoolLedger recorded of the same transactions,
 * and the statement line it arrived as, with every difference between them.
 */

/** Days the reconciliation reads at once: a quarter. */
export const RECONCILIATION_MAX_DAYS = 92;

const dayRange = z
  .object({ school_id: idSchema, from: filterDate().optional(), to: filterDate().optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    message: 'The end date must be on or after the start date',
  });

/** POST /settlements/fetch: ask the provider for the settlements of these days (the last two weeks unless given). */
export const fetchSettlementsInputSchema = dayRange;
export type FetchSettlementsInput = z.infer<typeof fetchSettlementsInputSchema>;

export const fetchSettlementsResultSchema = z.object({
  /** Settlements the provider reported for the days asked. */
  reported: z.number().int(),
  /** Of them, the ones not known before. */
  new: z.number().int(),
  /** Settlements matched to a statement line by this call. */
  matched: z.number().int(),
});
export type FetchSettlementsResult = z.infer<typeof fetchSettlementsResultSchema>;

/** GET /settlements/reconciliation: the last 30 days unless given, at most a quarter. */
export const reconciliationQuerySchema = dayRange;
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const RECONCILIATION_PROVIDERS = ['paystack', 'flutterwave'] as const;
export const RECONCILIATION_PROVIDER_LABELS: Record<(typeof RECONCILIATION_PROVIDERS)[number], string> = {
  paystack: 'Paystack',
  flutterwave: 'Flutterwave',
};

const bankLine = z.object({
  _id: idSchema,
  bookedOn: z.string(),
  amount: nairaResponseAmount,
  narration: z.string(),
});

/**
 * One settlement, or one statement line that reads as a settlement and matches none. Each side is
 * null where it has nothing: a settlement not yet on any statement has no `bank`, a line no
 * settlement explains has no `provider` and no `recorded`.
 */
export const reconciliationRowSchema = z.object({
  /** The settlement's day, or the line's. */
  day: z.string(),
  provider: z.enum(RECONCILIATION_PROVIDERS),
  settlement: z
    .object({
      _id: idSchema,
      reference: z.string(),
      status: z.string(),
      gross: nairaResponseAmount,
      charges: nairaResponseAmount,
      net: nairaResponseAmount,
      transactions: z.number().int(),
    })
    .nullable(),
  /** Our successful payments among the settlement's transactions, and the provider's references we have none for. */
  recorded: z.object({ amount: nairaResponseAmount, count: z.number().int(), missing: z.array(z.string()) }).nullable(),
  bank: bankLine.nullable(),
  /** Each difference in words, empty when the three agree. */
  differences: z.array(z.string()),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(reconciliationRowSchema),
  totals: z.object({
    gross: nairaResponseAmount,
    charges: nairaResponseAmount,
    net: nairaResponseAmount,
    recorded: nairaResponseAmount,
    bank: nairaResponseAmount,
    /** Rows with at least one difference. */
    differing: z.number().int(),
  }),
  /** Whether the school has a provider key of its own to ask; without one, settlements go to the app's account, not the school's. */
  canFetch: z.boolean(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

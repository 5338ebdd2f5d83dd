import { z } from 'zod';
import { PAYMENT_METHODS } from '../payment-methods.js';
import { idSchema, timestampSchema } from './common.js';
import { nairaResponseAmount } from './money.js';

/*
 * The pieces every dashboard response is built from (issue 14). Each role's response schema is in
 * its own file beside this one and composes these, so a chart or a card reads the same shape on
 * every dashboard.
 */

/** Money credited in a Lagos calendar month, net of refunds (a trend chart's point). */
export const monthCollectedSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM, Lagos time', examples: ['2026-05'] }),
  amount: nairaResponseAmount,
  payments: z.number().int(),
});

/**
 * Issue 17: what came in against what went out, for the bursar's and the proprietor's dashboards:
 * fee income net of refunds by the day the money moved, expenditure as payouts net of reversals.
 */
export const incomeExpenditureMonthSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM, Lagos time', examples: ['2026-05'] }),
  income: nairaResponseAmount,
  expenditure: nairaResponseAmount,
});
export const incomeExpenditureSchema = z.object({
  months: z.array(incomeExpenditureMonthSchema).meta({ description: 'The last 6 Lagos months, oldest first' }),
  /** The current term of the school (or of each school, added up across the group). */
  term: z.object({
    income: nairaResponseAmount,
    expenditure: nairaResponseAmount,
    /** Income less expenditure; negative for a deficit. */
    surplus: nairaResponseAmount,
  }),
  /** Approved expenses not yet fully paid: money still to go out. */
  committed: nairaResponseAmount,
});
export type IncomeExpenditure = z.output<typeof incomeExpenditureSchema>;

/** One payment method's part of the money credited (a breakdown chart's slice). */
export const methodShareSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  totalAmount: nairaResponseAmount,
  payments: z.number().int(),
  percentage: z.number().meta({ description: 'Share of the amount in percent, one decimal; the shares add up to 100' }),
});

export const dashboardTermSchema = z.object({
  _id: idSchema,
  name: z.string(),
  session: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

/**
 * A term's position over some students: what the payable fees that apply to them ask, what they
 * have paid on those fees (net of refunds) and what is left, counted per student and fee and
 * never below zero. `collectionRate` is paid ÷ expected in percent, null when nothing is expected.
 */
export const termFiguresSchema = z.object({
  students: z.number().int().meta({ description: 'Active students with at least one payable fee' }),
  owing: z.number().int().meta({ description: 'Of those, how many still owe something' }),
  expected: nairaResponseAmount,
  collected: nairaResponseAmount,
  outstanding: nairaResponseAmount,
  collectionRate: z.number().nullable(),
});

/** A line of a "recent activities" list, read from the audit trail. */
export const dashboardActivitySchema = z.object({
  _id: idSchema,
  type: z.string(),
  title: z.string(),
  description: z.string(),
  timestamp: timestampSchema,
  user: z.string().nullable(),
  severity: z.string(),
});

export type MonthCollected = z.output<typeof monthCollectedSchema>;
export type MethodShare = z.output<typeof methodShareSchema>;
export type TermFigures = z.output<typeof termFiguresSchema>;
export type DashboardActivity = z.output<typeof dashboardActivitySchema>;

import { z } from 'zod';
import { calendarDate, filterDate, idSchema, requiredText, timestampSchema } from './common.js';
import { nairaAmount, nairaResponseAmount } from './money.js';

export const forecastQuerySchema = z.object({
  /** One school; without it, every school in the caller's scope. */
  school_id: idSchema.optional(),
  /** The day to read from (Lagos); today by default. */
  date: filterDate().optional(),
});
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;

/** A term's share of its bill collected by the end of each day since it began (0 to 1), day 0 first. */
const curveSchema = z.array(z.number());

export const pastTermCurveSchema = z.object({
  _id: idSchema,
  name: z.string(),
  session: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  billed: nairaResponseAmount,
  collected: nairaResponseAmount,
  curve: curveSchema,
  /** The same term of the year before: the first to compare with. */
  same_term_last_year: z.boolean(),
});

export const forecastLineSchema = z.object({
  date: z.string(),
  expected: nairaResponseAmount,
  low: nairaResponseAmount,
  high: nairaResponseAmount,
});

export const forecastAccuracySchema = z.object({
  term: z.string(),
  session: z.string(),
  /** The day of that term the method was run from: two weeks in, and the same day of the term as today. */
  from_day: z.number().int(),
  forecast: nairaResponseAmount,
  low: nairaResponseAmount,
  high: nairaResponseAmount,
  actual: nairaResponseAmount,
  /** (forecast − actual) as a percentage of that term's bill: positive was too hopeful. */
  error_percent: z.number(),
  within_band: z.boolean(),
});

export const cashFlowOutgoingSchema = z.object({
  /** An approved expense not yet paid, a monthly commitment, or a month's part of a budget left to spend. */
  kind: z.enum(['expense', 'commitment', 'budget']),
  label: z.string(),
  due_on: z.string(),
  amount: nairaResponseAmount,
});

export const cashFlowWeekSchema = z.object({
  starts_on: z.string(),
  ends_on: z.string(),
  expected_in: nairaResponseAmount,
  low_in: nairaResponseAmount,
  high_in: nairaResponseAmount,
  out: nairaResponseAmount,
  outgoings: z.array(cashFlowOutgoingSchema),
  expected_balance: nairaResponseAmount,
  low_balance: nairaResponseAmount,
  /** Days on which what is due by then passes the cash on hand plus the low line's collections. */
  uncovered_days: z.array(z.string()),
});

export const cashFlowSchema = z.object({
  /** Cash, tills, bank and provider clearing in the books at the end of the day read. */
  opening: nairaResponseAmount,
  weeks: z.array(cashFlowWeekSchema),
});
export type CashFlowAhead = z.infer<typeof cashFlowSchema>;

export const schoolForecastSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string() }),
  /** The school's term on the day read; null between terms. */
  term: z
    .object({
      _id: idSchema,
      name: z.string(),
      session: z.string(),
      starts_on: z.string(),
      ends_on: z.string(),
      /** Days since the term began (0 on its first day). */
      day: z.number().int(),
      days: z.number().int(),
    })
    .nullable(),
  billed: nairaResponseAmount,
  collected: nairaResponseAmount,
  curve: curveSchema,
  past_terms: z.array(pastTermCurveSchema),
  forecast: z.object({
    /** Fewer than two past terms with a bill: no forecast is drawn. */
    enough: z.boolean(),
    past_terms: z.number().int(),
    lines: z.array(forecastLineSchema),
  }),
  accuracy: z.array(forecastAccuracySchema),
  cash_flow: cashFlowSchema,
});
export type SchoolForecast = z.infer<typeof schoolForecastSchema>;

export const forecastSchema = z.object({
  date: z.string(),
  schools: z.array(schoolForecastSchema),
  /** With more than one school: their cash flows added, to the last of their terms' ends. */
  group_cash_flow: cashFlowSchema.nullable(),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const commitmentInputSchema = z
  .object({
    school_id: idSchema,
    label: requiredText('Name the payment (e.g. Staff salaries)', 120),
    amount: nairaAmount(),
    day_of_month: z
      .number({ error: 'Choose the day of the month it is paid' })
      .int('Choose the day of the month it is paid')
      .min(1, 'Choose a day from 1 to 31')
      .max(31, 'Choose a day from 1 to 31'),
    starts_on: calendarDate('Choose the first month it is paid'),
    ends_on: calendarDate('Use a date as YYYY-MM-DD').nullable().optional(),
  })
  .refine((input) => !input.ends_on || input.ends_on >= input.starts_on, {
    path: ['ends_on'],
    message: 'The last payment cannot be before the first',
  });
export type CommitmentInput = z.infer<typeof commitmentInputSchema>;

export const commitmentSchema = z.object({
  _id: idSchema,
  school_id: idSchema,
  label: z.string(),
  amount: nairaResponseAmount,
  day_of_month: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  created_at: timestampSchema,
});
export type Commitment = z.infer<typeof commitmentSchema>;

export const commitmentListQuerySchema = z.object({ school_id: idSchema.optional() });
export const commitmentListSchema = z.object({ commitments: z.array(commitmentSchema) });
export type CommitmentList = z.infer<typeof commitmentListSchema>;

export const forecastDebtorsQuerySchema = z.object({
  school_id: idSchema,
  date: filterDate().optional(),
});
export type ForecastDebtorsQuery = z.infer<typeof forecastDebtorsQuerySchema>;

/** What moves the forecast: the families whose payment would close the gap, and how past reminder waves moved it. */
export const forecastDebtorsSchema = z.object({
  school_id: idSchema,
  /** What the low line leaves uncovered of all that falls due by the term's end (0: it covers it all). */
  gap: nairaResponseAmount,
  /** The term's largest debtors, largest first. */
  debtors: z.array(
    z.object({
      student: z.object({
        _id: idSchema,
        name: z.string(),
        reg_no: z.string().nullable(),
        class_arm: z.string().nullable(),
      }),
      outstanding: nairaResponseAmount,
      /** The fee they owe most on, which a reminder to them is about. */
      remind_about: z.object({ _id: idSchema, name: z.string(), outstanding: nairaResponseAmount }).nullable(),
      /** Among the largest debts that together close the gap. */
      closes_gap: z.boolean(),
      /** Payment reminders sent to the student or a parent of theirs. */
      reminders: z.object({
        days: z.number().int(),
        last_at: timestampSchema.nullable(),
        channels: z.array(z.enum(['email', 'sms', 'whatsapp'])),
      }),
    }),
  ),
  /** Days the school reminded many families at once, with what came in the week before and the week after. */
  reminder_waves: z.array(
    z.object({
      date: z.string(),
      people: z.number().int(),
      collected_week_before: nairaResponseAmount,
      collected_week_after: nairaResponseAmount,
    }),
  ),
});
export type ForecastDebtors = z.infer<typeof forecastDebtorsSchema>;

import { type CommitmentInput, commitmentInputSchema } from '@schoolledger/domain';
import { z } from 'zod';

/** The dialog's fields: months as the month picker gives them ("2026-12"), the amount as typed. */
export interface CommitmentFormValues {
  school_id: string;
  label: string;
  amount: string;
  day_of_month: number | undefined;
  starts_on: string;
  ends_on: string;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** "2026-12" → "2026-12-01": the commitment counts from its first month's first day. */
export function firstDayOf(month: string): string {
  return MONTH.test(month) ? `${month}-01` : month;
}

/** "2027-02" → "2027-02-28": the last month's payment falls on any day of it, so it runs to its end. */
export function lastDayOf(month: string): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  const days = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

/**
 * The shared schema, read from the dialog's months: the server's rules and messages, under the
 * same field names, so a refusal lands under its input.
 */
export const commitmentFormSchema = z.preprocess((values) => {
  const form = values as CommitmentFormValues;
  return {
    ...form,
    starts_on: firstDayOf(form.starts_on),
    ends_on: form.ends_on ? lastDayOf(form.ends_on) : null,
  };
}, commitmentInputSchema) as unknown as z.ZodType<CommitmentInput, CommitmentFormValues>;

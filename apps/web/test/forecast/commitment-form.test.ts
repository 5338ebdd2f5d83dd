import { describe, expect, it } from 'vitest';
import { commitmentFormSchema, firstDayOf, lastDayOf } from '@/features/forecast/lib/commitment-form';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const form = (values: Record<string, unknown> = {}) => ({
  school_id: SCHOOL,
  label: 'Staff salaries',
  amount: '2500000',
  day_of_month: 25,
  starts_on: '2026-12',
  ends_on: '',
  ...values,
});

/** Each field's first message: the one the form shows under it. */
const messages = (values: Record<string, unknown>) => {
  const result = commitmentFormSchema.safeParse(form(values));
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
  return first;
};

describe('the monthly commitment form', () => {
  it('counts from the first month’s first day to the last month’s last day', () => {
    expect(firstDayOf('2026-12')).toBe('2026-12-01');
    expect(lastDayOf('2027-02')).toBe('2027-02-28');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2027-03')).toBe('2027-03-31');
  });

  it('sends the amount in kobo and the months as days; no last month means it goes on', () => {
    expect(commitmentFormSchema.parse(form())).toEqual({
      school_id: SCHOOL,
      label: 'Staff salaries',
      amount: 250_000_000n,
      day_of_month: 25,
      starts_on: '2026-12-01',
      ends_on: null,
    });
    expect(commitmentFormSchema.parse(form({ ends_on: '2027-07' })).ends_on).toBe('2027-07-31');
  });

  it('says what is missing or wrong under each field, in the shared schema’s words', () => {
    expect(messages({ label: '', amount: '', day_of_month: undefined, starts_on: '' })).toEqual({
      label: 'Name the payment (e.g. Staff salaries)',
      amount: 'Amount must be greater than 0',
      day_of_month: 'Choose the day of the month it is paid',
      starts_on: 'Choose the first month it is paid',
    });
    expect(messages({ starts_on: '2027-03', ends_on: '2027-01' })).toEqual({
      ends_on: 'The last payment cannot be before the first',
    });
  });
});

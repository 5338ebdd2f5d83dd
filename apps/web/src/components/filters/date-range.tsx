import { addDays, todayIn } from '@schoolledger/domain';
import { useState } from 'react';
import { FormField, Input } from '@/components/ui';

export interface DateRange {
  from: string;
  to: string;
}

/** The last `days` days up to today (Lagos), the range a statistics panel opens with. */
export function useDateRange(days = 30) {
  const today = todayIn();
  const [range, setRange] = useState<DateRange>({ from: addDays(today, -days), to: today });
  return { range, setRange, today, invalid: range.from > range.to };
}

/** From and To date fields, neither past today; a start after the end is flagged under From. */
export function DateRangeFields({
  range,
  today,
  onChange,
}: {
  range: DateRange;
  today: string;
  onChange(update: (current: DateRange) => DateRange): void;
}) {
  const invalid = range.from > range.to;
  return (
    <>
      <FormField label="From" error={invalid ? 'The start must be on or before the end' : undefined}>
        <Input
          type="date"
          value={range.from}
          max={today}
          onChange={(event) => event.target.value && onChange((current) => ({ ...current, from: event.target.value }))}
        />
      </FormField>
      <FormField label="To">
        <Input
          type="date"
          value={range.to}
          max={today}
          onChange={(event) => event.target.value && onChange((current) => ({ ...current, to: event.target.value }))}
        />
      </FormField>
    </>
  );
}

/** From and To of a list's filters, each optional; neither may cross the other. */
export function DateFilterFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange(changes: { from: string } | { to: string }): void;
}) {
  return (
    <>
      <FormField label="From">
        <Input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </FormField>
      <FormField label="To">
        <Input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </FormField>
    </>
  );
}

import { addDays, type CalendarDate, daysUntil, formatCalendarDate } from './calendar.js';
import { formatKobo, type Kobo } from './money.js';
import { plural } from './text.js';

export const DUE_SOON_DAYS = 7;
export const URGENT_DAYS = 3;

/** SPEC §9: the fee's due date; else the term's end minus 30 days; else creation plus 60 days. */
export function effectiveDueDate(fee: {
  dueDate: CalendarDate | null;
  termEndDate: CalendarDate | null;
  createdAt: CalendarDate;
}): CalendarDate {
  if (fee.dueDate) return fee.dueDate;
  if (fee.termEndDate) return addDays(fee.termEndDate, -30);
  return addDays(fee.createdAt, 60);
}

/** 'overdue by N day(s)', 'Due today', 'Due in N day(s)' within a week, else the date. */
export function dueLabel(dueDate: CalendarDate, today: CalendarDate): string {
  const days = daysUntil(dueDate, today);
  if (days < 0) return `overdue by ${plural(-days, 'day')}`;
  if (days === 0) return 'Due today';
  if (days <= DUE_SOON_DAYS) return `Due in ${plural(days, 'day')}`;
  return formatCalendarDate(dueDate);
}

export type FeeDueStatus = 'OVERDUE' | 'DUE SOON' | 'PENDING';

export function feeDueStatus(dueDate: CalendarDate, today: CalendarDate): FeeDueStatus {
  const days = daysUntil(dueDate, today);
  if (days < 0) return 'OVERDUE';
  if (days <= DUE_SOON_DAYS) return 'DUE SOON';
  return 'PENDING';
}

/** An installment is the amount divided by the count, rounded up to the kobo. */
export function installmentAmount(amount: Kobo, installments: number): Kobo {
  const count = BigInt(Math.max(1, Math.trunc(installments)));
  return (amount + count - 1n) / count;
}

/**
 * The one rule for money paid against a fee, wherever it is paid (online, cash desk, transfer
 * claim, and the web's forms): never more than is still owed. `held` is owed money already
 * claimed by transfers awaiting confirmation. The field message for `amount`, or null when it fits.
 */
export function amountOverOutstanding(amount: Kobo, owed: Kobo, held: Kobo = 0n): string | null {
  const room = owed > held ? owed - held : 0n;
  if (amount <= room) return null;
  if (held === 0n) return `Amount cannot be more than the outstanding ${formatKobo(owed)}`;
  return `Amount cannot be more than ${formatKobo(room)}: ${formatKobo(held)} of the outstanding ${formatKobo(owed)} is already in transfers waiting for confirmation`;
}

/** The smallest installment: the fee's own installment, or the school's minimum when that is higher. */
export const minimumInstallment = (feeInstallment: Kobo, schoolMinimum: Kobo): Kobo =>
  feeInstallment > schoolMinimum ? feeInstallment : schoolMinimum;

/** The installment rule both sides share: the field message for `amount` below the minimum, or null. */
export function amountBelowMinimum(amount: Kobo, minimum: Kobo): string | null {
  return amount < minimum ? `The minimum installment is ${formatKobo(minimum)}` : null;
}

/** The outstanding-fees export's file name, the same whether the server or the browser names it. */
export function outstandingReportFileName(term: { name: string; session: string }): string {
  const slug = `${term.name} ${term.session}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `outstanding-${slug || 'report'}.csv`;
}

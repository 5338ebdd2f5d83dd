import type { FillBadge, TermBadge } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

// Calendar dates carry no time zone; formatting them at UTC midnight keeps the day unchanged.
const dateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatDate(date: string) {
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed);
}

export function formatRange(period: { startDate: string; endDate: string }) {
  return `${formatDate(period.startDate)} – ${formatDate(period.endDate)}`;
}

export const TERM_BADGE_VARIANT: Record<TermBadge, BadgeVariant> = {
  Active: 'green',
  Upcoming: 'blue',
  Completed: 'gray',
  Inactive: 'yellow',
};

export const FILL_BADGE_VARIANT: Record<FillBadge, BadgeVariant> = {
  Full: 'red',
  'Nearly Full': 'yellow',
  Available: 'green',
};

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

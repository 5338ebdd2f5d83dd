import type { FillBadge, TermBadge } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

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

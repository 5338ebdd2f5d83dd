import type { FeeDueStatus } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

export const DUE_STATUS_VARIANT: Record<FeeDueStatus, BadgeVariant> = {
  OVERDUE: 'red',
  'DUE SOON': 'yellow',
  PENDING: 'gray',
};

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '1 fee', '3 fees'. */
export const feeCount = (count: number) => `${count} fee${count === 1 ? '' : 's'}`;

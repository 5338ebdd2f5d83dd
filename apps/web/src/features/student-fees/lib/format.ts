import type { FeeDueStatus } from '@schoolledger/domain';
import { plural } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

export const DUE_STATUS_VARIANT: Record<FeeDueStatus, BadgeVariant> = {
  OVERDUE: 'red',
  'DUE SOON': 'yellow',
  PENDING: 'gray',
};

/** '1 fee', '3 fees'. */
export const feeCount = (count: number) => plural(count, 'fee');

import type { PaymentStatus } from '@schoolledger/domain';
import { Badge, type BadgeVariant } from '@/components/ui';

/** SPEC §9 status colours; success reads 'Completed' (SPEC §4). */
const LOOK: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  success: { label: 'Completed', variant: 'green' },
  pending: { label: 'Pending', variant: 'yellow' },
  failed: { label: 'Failed', variant: 'red' },
  review: { label: 'Under review', variant: 'blue' },
};

export function PaymentStatusBadge({ status, refund = false }: { status: PaymentStatus; refund?: boolean }) {
  if (refund) return <Badge variant="gray">Refund</Badge>;
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

import type { PaymentStatus } from '@schoolledger/domain';
import { Badge, type BadgeVariant } from '@/components/ui';

/** SPEC §9 status colours; success reads 'Completed' (SPEC §4). */
const LOOK: Record<PaymentStatus, { label: string; variant: BadgeVariant }> = {
  success: { label: 'Completed', variant: 'green' },
  pending: { label: 'Pending', variant: 'yellow' },
  failed: { label: 'Failed', variant: 'red' },
  review: { label: 'Under review', variant: 'blue' },
};

/**
 * An online refund is pending until the provider reports it processed, and may fail; a done
 * refund (and every refund at the desk) reads plain 'Refund'.
 */
const REFUND_LOOK: Partial<Record<PaymentStatus, { label: string; variant: BadgeVariant }>> = {
  pending: { label: 'Refund pending', variant: 'yellow' },
  failed: { label: 'Refund failed', variant: 'red' },
};

/** A checkout its payer started and left: no money moved, so it must not read as a payment. */
const AWAITING_LOOK = { label: 'Awaiting payment — not charged', variant: 'gray' } as const;

export function PaymentStatusBadge({
  status,
  refund = false,
  awaiting = false,
}: {
  status: PaymentStatus;
  refund?: boolean;
  awaiting?: boolean;
}) {
  const look = awaiting
    ? AWAITING_LOOK
    : refund
      ? (REFUND_LOOK[status] ?? { label: 'Refund', variant: 'gray' })
      : LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}

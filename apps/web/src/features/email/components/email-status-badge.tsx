import type { EmailStatus } from '@schoolledger/domain';
import { Badge, type BadgeVariant } from '@/components/ui';

const STATUS: Record<EmailStatus, { label: string; variant: BadgeVariant }> = {
  sent: { label: 'Delivered', variant: 'green' },
  queued: { label: 'Queued', variant: 'blue' },
  retrying: { label: 'Retrying', variant: 'yellow' },
  failed: { label: 'Failed', variant: 'red' },
  stored: { label: 'Kept in outbox', variant: 'gray' },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

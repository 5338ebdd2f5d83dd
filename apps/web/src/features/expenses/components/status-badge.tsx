import { EXPENSE_STATUS_LABELS, type ExpenseStatus } from '@schoolledger/domain';
import { Badge } from '@/components/ui';
import { STATUS_VARIANT } from '../lib/format';

export function StatusBadge({ status, className }: { status: ExpenseStatus; className?: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} className={className ?? 'whitespace-nowrap'}>
      {EXPENSE_STATUS_LABELS[status]}
    </Badge>
  );
}

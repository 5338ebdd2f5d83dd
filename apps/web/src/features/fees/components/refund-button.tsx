import type { Payment } from '@schoolledger/domain';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui';

/** Only a successful payment not refunded yet can be refunded. */
export const isRefundable = (payment: Payment) =>
  payment.kind !== 'refund' && payment.status === 'success' && payment.refundedBy === null;

export function RefundButton({ payment, onRefund }: { payment: Payment; onRefund(): void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onRefund}
      aria-label={`Refund payment ${payment.trx_ref}`}
      className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/40"
    >
      <RotateCcw className="size-4" aria-hidden="true" />
      Refund
    </Button>
  );
}

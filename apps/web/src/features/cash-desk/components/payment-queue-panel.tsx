import { formatKobo, lagosDateTime } from '@schoolledger/domain';
import { CloudOff, RefreshCw } from 'lucide-react';
import { ReceiptButton } from '@/components/payments';
import { Badge, type BadgeVariant, Button, Card, CardBody, CardHeader } from '@/components/ui';
import type { QueuedPayment, QueuedStatus } from '../lib/desk-store';

const STATUS: Record<QueuedStatus, { label: string; variant: BadgeVariant }> = {
  waiting: { label: 'Waiting', variant: 'yellow' },
  synced: { label: 'Sent', variant: 'green' },
  attention: { label: 'Needs attention', variant: 'red' },
};

function QueuedRow({ payment, onShowSlip }: { payment: QueuedPayment; onShowSlip(payment: QueuedPayment): void }) {
  const status = STATUS[payment.status];
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words text-slate-900 dark:text-white">{payment.student.name}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </p>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {formatKobo(payment.input.amount)} · {payment.fee.name} ·{' '}
          <span className="font-mono">{payment.shortCode}</span> · {lagosDateTime(payment.recordedAt)}
        </p>
        {payment.status === 'attention' && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-300">
            The school's records refused it: {payment.problem}. The cash is still in hand: settle it with the payer.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {payment.status === 'synced' && payment.receipt?.receiptNo ? (
          <>
            <span className="self-center font-mono text-sm text-slate-700 dark:text-slate-300">
              <span className="sr-only">Receipt number </span>
              {payment.receipt.receiptNo}
            </span>
            <ReceiptButton
              paymentId={payment.receipt.paymentId}
              receiptNo={payment.receipt.receiptNo}
              label="Receipt"
            />
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => onShowSlip(payment)}>
            Slip
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Cash taken while offline and what became of it: waiting to be sent, sent (with its receipt), or
 * refused by the server (with its reason). Newest first; nothing is removed from the device.
 */
export function PaymentQueuePanel({
  payments,
  online,
  syncing,
  onSyncNow,
  onShowSlip,
}: {
  payments: QueuedPayment[];
  online: boolean;
  syncing: boolean;
  onSyncNow(): void;
  onShowSlip(payment: QueuedPayment): void;
}) {
  const waiting = payments.filter((payment) => payment.status === 'waiting').length;
  const attention = payments.filter((payment) => payment.status === 'attention').length;
  const synced = payments.length - waiting - attention;
  const newestFirst = [...payments].reverse();
  return (
    <Card aria-labelledby="offline-payments-title">
      <CardHeader
        title={
          <span id="offline-payments-title" className="flex flex-wrap items-center gap-2">
            Payments taken offline
            {waiting + attention > 0 && (
              <Badge variant={attention > 0 ? 'red' : 'yellow'}>
                <span className="sr-only">To see to: </span>
                {waiting + attention}
              </Badge>
            )}
          </span>
        }
        description={`${waiting} waiting · ${synced} sent · ${attention} need attention`}
        actions={
          waiting > 0 && (
            <Button size="sm" variant="secondary" onClick={onSyncNow} disabled={!online || syncing} loading={syncing}>
              {!syncing &&
                (online ? (
                  <RefreshCw className="size-4" aria-hidden="true" />
                ) : (
                  <CloudOff className="size-4" aria-hidden="true" />
                ))}
              {syncing ? 'Sending...' : online ? 'Send now' : 'Sent when back online'}
            </Button>
          )
        }
      />
      <CardBody>
        {/* A busy day's queue scrolls within the panel, so the desk itself stays in view. */}
        <ul
          aria-label="Payments taken offline"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to scroll it
          tabIndex={0}
          className="max-h-80 divide-y divide-slate-200 overflow-y-auto rounded-md focus-visible:ring-2 focus-visible:ring-emerald-600/40 focus-visible:outline-none dark:divide-slate-800"
        >
          {newestFirst.map((payment) => (
            <QueuedRow key={payment.idempotencyKey} payment={payment} onShowSlip={onShowSlip} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

import { formatKobo, type Payment, rejectTransferInputSchema } from '@schoolledger/domain';
import { Check, FileImage, Landmark, X } from 'lucide-react';
import { useState } from 'react';
import { payerName } from '@/components/payments';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, ConfirmDialog, LoadingState, ReasonDialog } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useConfirmTransfer } from '../api/confirm-transfer';
import { usePayments } from '../api/get-payments';
import { useRejectTransfer } from '../api/reject-transfer';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';
import { ProofDialog } from './proof-dialog';

const QUEUE_SIZE = 50;

/**
 * Transfers payers say they made, waiting for the bursar to find the money in the bank statement.
 * Confirming credits the payment (with a receipt); rejecting fails it with a reason.
 */
export function TransferQueue({ schoolId, showSchool }: { schoolId: string; showSchool: boolean }) {
  const queue = usePayments({
    school_id: schoolId || undefined,
    method: 'bank_transfer',
    status: 'pending',
    kind: 'payment',
    page: 1,
    limit: QUEUE_SIZE,
  });
  const confirm = useConfirmTransfer();
  const reject = useRejectTransfer();
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const [rejecting, setRejecting] = useState<Payment | null>(null);
  const [proofOf, setProofOf] = useState<Payment | null>(null);
  const count = queue.data?.pagination.total;

  const body = (
    <QueryState
      query={queue}
      loading={<LoadingState label="Loading bank transfers..." className="py-6" />}
      errorTitle={PAYMENT_MESSAGES.loadFailed}
      errorFrame="p-4"
      isEmpty={(data) => data.payments.length === 0}
      empty={<p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">No bank transfers are waiting.</p>}
    >
      {(data) => (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.payments.map((payment) => (
            <li
              key={payment._id}
              aria-label={`Transfer ${payment.bank_reference ?? payment.trx_ref}`}
              className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:justify-between"
            >
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium text-slate-900 dark:text-white">
                  {payerName(payment)}
                  <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
                    {payment.user.regNo}
                  </span>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  <span className="font-semibold text-slate-900 dark:text-white">{formatKobo(payment.amount)}</span> ·{' '}
                  {payment.fee.name}
                  {showSchool && ` · ${payment.school.name}`}
                </p>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  Sent {payment.transfer_date ? formatDate(payment.transfer_date) : 'date not given'} · Bank ref.{' '}
                  <span className="font-mono text-xs break-all">{payment.bank_reference ?? '—'}</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
                {payment.hasProof && (
                  <Button variant="ghost" size="sm" onClick={() => setProofOf(payment)}>
                    <FileImage className="size-4" aria-hidden="true" />
                    View proof
                  </Button>
                )}
                <Button variant="secondary" size="sm" onClick={() => setRejecting(payment)}>
                  <X className="size-4 text-red-600" aria-hidden="true" />
                  Reject
                </Button>
                <Button size="sm" onClick={() => setConfirming(payment)}>
                  <Check className="size-4" aria-hidden="true" />
                  Confirm
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <Card aria-labelledby="transfer-queue-title">
      <CardHeader
        title={
          <span id="transfer-queue-title" className="flex items-center gap-2">
            <Landmark className="size-4 text-sky-600" aria-hidden="true" />
            Bank transfers awaiting confirmation
            {count !== undefined && (
              <span
                className={`rounded-full px-2 text-xs font-semibold ${count > 0 ? 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}`}
              >
                <span className="sr-only">(</span>
                {count}
                <span className="sr-only"> waiting)</span>
              </span>
            )}
          </span>
        }
        description="Check each against the school's bank statement before confirming."
      />
      {body}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !confirm.isPending && setConfirming(null)}
          title="Confirm bank transfer"
          description={`Confirm that ${formatKobo(confirming.amount)} from ${payerName(confirming)} (bank ref. ${confirming.bank_reference ?? '—'}) reached the school's account? The payment is credited and a receipt is issued.`}
          confirmLabel="Confirm transfer"
          loading={confirm.isPending}
          onConfirm={() => confirm.mutate(confirming._id, { onSettled: () => setConfirming(null) })}
        />
      )}
      {rejecting && (
        <ReasonDialog
          title="Reject bank transfer"
          description={`Reject the ${formatKobo(rejecting.amount)} transfer claimed by ${payerName(rejecting)}? The payer sees your reason.`}
          label="Reason for rejection"
          confirmLabel="Reject transfer"
          schema={rejectTransferInputSchema}
          pending={reject.isPending}
          onConfirm={(reason) =>
            reject.mutate({ paymentId: rejecting._id, reason }, { onSuccess: () => setRejecting(null) })
          }
          onClose={() => setRejecting(null)}
        />
      )}
      {proofOf && <ProofDialog paymentId={proofOf._id} payer={payerName(proofOf)} onClose={() => setProofOf(null)} />}
    </Card>
  );
}

import { formatKobo, type TillReport, tillVoidInputSchema } from '@schoolledger/domain';
import { type FormEvent, useState } from 'react';
import { FormDialog, FormField, Textarea } from '@/components/ui';
import { useRequestVoid } from '../api/request-void';

type CashPayment = TillReport['report']['cash_payments'][number];

/**
 * Asks to void a cash payment taken by mistake: the reason is what the approver reads, so it is
 * checked here with the server's own rule before it is sent.
 */
export function VoidPaymentDialog({
  tillId,
  payment,
  onClose,
}: {
  tillId: string;
  payment: CashPayment;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestVoid();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = tillVoidInputSchema.shape.reason.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    request.mutate({ tillId, input: { payment_id: payment.payment_id, reason: checked.data } }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={`Void receipt ${payment.receipt_no ?? ''}`.trim()}
      description={`${formatKobo(payment.amount)} from ${payment.student.name}. A second person must approve the void before the money goes back to the payer; the receipt is then marked void.`}
      submitLabel="Ask for the void"
      busyLabel="Sending..."
      pending={request.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label="Reason" required error={error} hint="What went wrong, for the person who approves it.">
        <Textarea
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}

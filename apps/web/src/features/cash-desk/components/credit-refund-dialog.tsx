import { zodResolver } from '@hookform/resolvers/zod';
import { formatKobo, type Kobo, type RefundCreditInput, refundCreditInputSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, FormField, Input, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useRefundFamilyCredit } from '../api/refund-family-credit';

type Values = z.input<typeof refundCreditInputSchema>;

/**
 * Asking to pay a family's credit back: how much (at most the balance) and why. The money leaves
 * by the school's bank once another person who may refund approves it.
 */
export function CreditRefundDialog({
  parent,
  balance,
  onClose,
}: {
  parent: { _id: string; name: string };
  balance: Kobo;
  onClose(): void;
}) {
  const refund = useRefundFamilyCredit();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, RefundCreditInput>({
    resolver: zodResolver(refundCreditInputSchema),
    defaultValues: { parent_id: parent._id, reason: '' },
  });
  const onSubmit = handleSubmit((input) =>
    refund.mutate(input, {
      onSuccess: onClose,
      onError: (error) => applyFieldErrors(error, setError, ['amount', 'reason']),
    }),
  );
  return (
    <FormDialog
      title="Pay credit back"
      description={`${parent.name}'s family holds ${formatKobo(balance)} of credit. Say what the school should pay back from its own bank; another person approves it before the money is paid.`}
      submitLabel="Ask for approval"
      busyLabel="Sending..."
      pending={refund.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <input type="hidden" {...register('parent_id')} />
      <FormField label="Amount (₦)" required error={errors.amount?.message} hint={`At most ${formatKobo(balance)}`}>
        <Input type="number" inputMode="decimal" min={0} step={0.01} {...register('amount')} />
      </FormField>
      <FormField label="Reason" required error={errors.reason?.message}>
        <Textarea rows={2} {...register('reason')} />
      </FormField>
    </FormDialog>
  );
}

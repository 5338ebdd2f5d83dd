import { zodResolver } from '@hookform/resolvers/zod';
import { adjustmentReversalSchema } from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Modal, Textarea } from '@/components/ui';

export interface ReasonDialogProps {
  title: string;
  description: ReactNode;
  label: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm(reason: string): void;
  onClose(): void;
}

/** Rejecting or reversing, which must say why; the reason goes on record with the decision. */
export function ReasonDialog({
  title,
  description,
  label,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(adjustmentReversalSchema), defaultValues: { reason: '' } });
  const submit = handleSubmit(({ reason }) => onConfirm(reason));

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="space-y-2 text-sm text-slate-600 dark:text-slate-300">{description}</div>
        <FormField label={label} error={errors.reason?.message} required>
          <Textarea rows={3} {...register('reason')} />
        </FormField>
      </form>
    </Modal>
  );
}

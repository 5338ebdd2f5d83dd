import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from './button';
import { FormField } from './form-field';
import { Modal } from './modal';
import { Textarea } from './textarea';

export interface ReasonDialogProps {
  title: string;
  description: ReactNode;
  label: string;
  confirmLabel: string;
  /** The domain schema of the request: it carries the text for a missing reason. */
  schema: z.ZodObject<{ reason: z.ZodString }>;
  pending: boolean;
  onConfirm(reason: string): void;
  onClose(): void;
  /** More choices shown under the reason, such as where a refund goes. */
  children?: ReactNode;
}

/** An action that must say why (a refund, a rejected transfer or adjustment, a reversal); the reason goes on record with it. */
export function ReasonDialog({
  title,
  description,
  label,
  confirmLabel,
  schema,
  pending,
  onConfirm,
  onClose,
  children,
}: ReasonDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
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
        <div className="text-sm text-slate-600 dark:text-slate-300">{description}</div>
        <FormField label={label} error={errors.reason?.message} required>
          <Textarea rows={3} {...register('reason')} />
        </FormField>
        {children}
      </form>
    </Modal>
  );
}

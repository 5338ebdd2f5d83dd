import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  size?: 'md' | 'lg';
  children: ReactNode;
}

/**
 * A create or edit form in a dialog. Escape, the close button and Cancel dismiss it, except while
 * the request is in flight; the buttons stay visible below the scrolling fields.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  busyLabel,
  pending,
  onSubmit,
  onClose,
  size = 'md',
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {pending ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
      </form>
    </Modal>
  );
}

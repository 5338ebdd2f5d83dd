import { ConfirmDialog } from '@/components/ui';

export interface DeleteDialogProps {
  /** 'session', 'class arm' and so on, for the title. */
  entity: string;
  name: string;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function DeleteDialog({ entity, name, pending, onConfirm, onClose }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={`Delete ${entity}`}
      description={`Are you sure you want to delete ${name}?`}
      confirmLabel={pending ? 'Deleting...' : 'Delete'}
      danger
      loading={pending}
      onConfirm={onConfirm}
    />
  );
}

import { clsx } from 'clsx';
import { CircleCheck, CircleSlash, Download, Trash2 } from 'lucide-react';
import { Button, ConfirmDialog } from '@/components/ui';

export type BulkAction = 'activate' | 'deactivate' | 'delete';

export interface BulkActionBarProps {
  count: number;
  onAction(action: BulkAction): void;
  onExport(): void;
  exporting: boolean;
}

/**
 * Always on screen so the actions are easy to find; with nothing selected the three bulk actions
 * only explain that users must be selected first. Export takes the current filters, not the
 * selection, because the server writes the file.
 */
export function BulkActionBar({ count, onAction, onExport, exporting }: BulkActionBarProps) {
  return (
    <section
      aria-label="Bulk actions"
      className={clsx(
        'flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-3 sm:px-5',
        count > 0
          ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-500/10'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <p
        aria-live="polite"
        className={clsx(
          'min-w-0 flex-1 basis-40 text-sm',
          count > 0 ? 'font-medium text-emerald-900 dark:text-emerald-200' : 'text-slate-500 dark:text-slate-400',
        )}
      >
        {count > 0 ? `${count} selected` : 'Select users to act on them'}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onAction('activate')}>
          <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
          Activate
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onAction('deactivate')}>
          <CircleSlash className="size-4 text-amber-600" aria-hidden="true" />
          Deactivate
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onAction('delete')}>
          <Trash2 className="size-4 text-red-600" aria-hidden="true" />
          Delete
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onExport}
          loading={exporting}
          title="Export every user matching the filters to users.csv"
        >
          {!exporting && <Download className="size-4" aria-hidden="true" />}
          Export
        </Button>
      </div>
    </section>
  );
}

const CONFIRM: Record<BulkAction, { verb: string; busy: string; consequence: string }> = {
  activate: { verb: 'Activate', busy: 'Activating...', consequence: 'They will be able to sign in again.' },
  deactivate: {
    verb: 'Deactivate',
    busy: 'Deactivating...',
    consequence: 'They will not be able to sign in until they are activated again.',
  },
  delete: {
    verb: 'Delete',
    busy: 'Deleting...',
    consequence: 'Their accounts will be removed. This cannot be undone.',
  },
};

export interface BulkConfirmDialogProps {
  action: BulkAction;
  count: number;
  /** Selected users left out: the caller's own account, or accounts holding permissions the caller lacks. */
  skipped: number;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}

const users = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;

export function BulkConfirmDialog({ action, count, skipped, pending, onConfirm, onClose }: BulkConfirmDialogProps) {
  const { verb, busy, consequence } = CONFIRM[action];
  const skipNote =
    skipped > 0
      ? ` ${users(skipped)} you selected will be left out: you cannot change your own account this way, or accounts with permissions you do not have.`
      : '';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={`${verb} ${users(count)}?`}
      description={`${consequence}${skipNote}`}
      confirmLabel={pending ? busy : verb}
      danger={action !== 'activate'}
      loading={pending}
      onConfirm={onConfirm}
    />
  );
}

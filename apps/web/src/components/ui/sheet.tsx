import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface SheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  side?: 'left' | 'right';
  title: ReactNode;
  /** Hide the title visually when the panel draws its own header. */
  hideTitle?: boolean;
  children: ReactNode;
  className?: string;
}

/** A slide-over panel built on Radix Dialog, so it traps focus and closes on Escape or backdrop tap. */
export function Sheet({ open, onOpenChange, side = 'right', title, hideTitle, children, className }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={clsx(
            'fixed inset-y-0 z-50 flex w-full flex-col bg-white shadow-xl focus:outline-none dark:bg-slate-900',
            side === 'left' ? 'left-0 max-w-64' : 'right-0 max-w-md',
            className,
          )}
        >
          <div
            className={clsx(
              'flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3 dark:border-slate-800',
              hideTitle && 'sr-only',
            )}
          >
            <Dialog.Title className="text-base font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The card that holds a list's filters; the caller lays the fields out with `className`. */
export function FilterBar({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={clsx(
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export const controlClasses = (invalid?: boolean) =>
  clsx(
    'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800',
    invalid
      ? 'border-red-500 focus-visible:ring-red-500/40'
      : 'border-slate-300 focus-visible:border-emerald-600 focus-visible:ring-emerald-600/30 dark:border-slate-700',
  );

export function Input({ className, ...props }: ComponentProps<'input'>) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return <input className={clsx(controlClasses(invalid), 'h-10', className)} {...props} />;
}

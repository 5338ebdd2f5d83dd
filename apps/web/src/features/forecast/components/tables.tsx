import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/*
 * The forecast's tables: wider than a phone, so each scrolls sideways inside its card rather than
 * pushing the page wider, with amounts right-aligned in tabular figures.
 */

export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must scroll by keyboard too
      tabIndex={0}
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
    >
      {children}
    </section>
  );
}

export function Th({ numeric = false, className, ...props }: ComponentProps<'th'> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={clsx('px-4 py-2 font-medium whitespace-nowrap', numeric ? 'text-right' : 'text-left', className)}
      {...props}
    />
  );
}

export function Td({ numeric = false, className, ...props }: ComponentProps<'td'> & { numeric?: boolean }) {
  return (
    <td
      className={clsx(
        'px-4 py-2 align-top text-slate-900 dark:text-white',
        numeric && 'text-right whitespace-nowrap tabular-nums',
        className,
      )}
      {...props}
    />
  );
}

export const headRow =
  'border-b border-slate-200 bg-slate-50 text-xs text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800 dark:text-slate-400';
export const bodyRows = 'divide-y divide-slate-100 dark:divide-slate-800';

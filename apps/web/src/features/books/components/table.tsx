import { formatKobo } from '@schoolledger/domain';
import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/*
 * The tables of the books: wide, so each scrolls sideways inside its card on a phone rather than
 * pushing the page wider, with amounts right-aligned in tabular figures.
 */

export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must scroll by keyboard too
      tabIndex={0}
      // Relative, so the screen-reader-only texts (positioned absolutely) scroll inside the frame too
      // rather than stretching the page.
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
    >
      {children}
    </section>
  );
}

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={clsx('w-full text-sm', className)} {...props} />;
}

export function Head({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ numeric = false, className, ...props }: ComponentProps<'th'> & { numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={clsx('px-3 py-2 font-medium whitespace-nowrap', numeric ? 'text-right' : 'text-left', className)}
      {...props}
    />
  );
}

export const Body = ({ children }: { children: ReactNode }) => (
  <tbody className="divide-y divide-slate-100 text-slate-900 dark:divide-slate-800 dark:text-white">{children}</tbody>
);

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={clsx('px-3 py-3 align-top', className)} {...props} />;
}

/** An amount in naira; nothing (a dash) for a zero where the column's other side carries the figure. */
export function MoneyTd({
  kobo,
  blankZero = false,
  className,
}: {
  kobo: bigint;
  blankZero?: boolean;
  className?: string;
}) {
  return (
    <td className={clsx('px-3 py-3 text-right whitespace-nowrap tabular-nums align-top', className)}>
      {blankZero && kobo === 0n ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">none</span>
        </>
      ) : (
        formatKobo(kobo)
      )}
    </td>
  );
}

/** Figures above a table (opening, movements, closing), two to a row on a phone. */
export function Figures({ items }: { items: readonly { label: string; kobo: bigint }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-5 py-4 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd className="text-base font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
            {formatKobo(item.kobo)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

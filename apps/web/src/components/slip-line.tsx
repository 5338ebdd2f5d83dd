import type { ReactNode } from 'react';

/**
 * One line of an 80 mm slip (a receipt, a till's X or Z report): a label and its value, the value
 * wrapping under it when long; a strong line (the amount paid, the till's totals) larger and bold.
 */
export function SlipLine({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-2 ${strong ? 'text-sm font-bold' : ''}`}>
      <span>{label}</span>
      <span className="ml-auto text-right break-words tabular-nums">{children}</span>
    </div>
  );
}

import { BarChart3, Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Card, CardHeader, EmptyState } from '@/components/ui';

export interface ChartRow {
  label: string;
  value: number;
  /** Where the rows behind this figure are listed. */
  to?: string;
}

export const CHART_COLORS = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'].map(
  (name) => `var(${name})`,
);

export interface ChartFrameProps {
  title: string;
  description?: ReactNode;
  /** The table alternative: the same figures, for screen readers and for anyone who prefers numbers. */
  columns: readonly [string, string, ...string[]];
  rows: readonly (readonly ReactNode[])[];
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | false;
  /** The drawing's height in pixels when its rows need more than the usual 16rem. */
  height?: number;
  children: ReactNode;
}

/**
 * A chart in a card with a Chart/Table switch. The drawing is hidden from assistive technology; the
 * table is always in the page (visually hidden while the chart shows), so every chart has its text
 * alternative.
 */
export function ChartFrame({ title, description, columns, rows, empty, height, children }: ChartFrameProps) {
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  // The hiding goes on a wrapper: a table grows to its content whatever width it is given, so a
  // visually hidden table would still widen a phone's page.
  const table = (
    <div className={asTable ? undefined : 'sr-only'}>
      <table className="w-full text-sm" aria-describedby={captionId}>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500 uppercase dark:border-slate-800 dark:text-slate-400">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index === 0 ? 'px-5 py-2' : 'px-5 py-2 text-right'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  key={index}
                  className={
                    index === 0
                      ? 'px-5 py-2 text-slate-700 dark:text-slate-300'
                      : 'px-5 py-2 text-right text-slate-900 tabular-nums dark:text-white'
                  }
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  const toggle = (
    <div className="inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
      {[
        { on: false, label: 'Chart', icon: BarChart3 },
        { on: true, label: 'Table', icon: Table2 },
      ].map(({ on, label, icon: Icon }) => (
        <button
          key={label}
          type="button"
          aria-pressed={asTable === on}
          onClick={() => setAsTable(on)}
          className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ${
            asTable === on
              ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
          }`}
        >
          <Icon className="size-3.5" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
  return (
    <Card className="min-w-0">
      <CardHeader
        title={<span id={captionId}>{title}</span>}
        description={description}
        actions={empty ? undefined : toggle}
      />
      {empty ? (
        <EmptyState title={empty} className="py-10" />
      ) : (
        <div className={asTable ? 'overflow-x-auto py-2' : 'px-2 pt-4 pb-2 sm:px-4'}>
          {!asTable && (
            // inert as well as hidden: recharts makes its drawing focusable, and a focusable element
            // inside aria-hidden would be a stop for the keyboard that a screen reader cannot name.
            <div aria-hidden="true" inert className="h-64" style={height ? { height } : undefined}>
              {children}
            </div>
          )}
          {table}
        </div>
      )}
    </Card>
  );
}

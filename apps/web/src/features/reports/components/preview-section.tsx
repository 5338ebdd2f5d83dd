import type { ReportPreview } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { useId } from 'react';
import { type ColumnKind, formatCell, isFigure, type PreviewCell } from '../lib/cell-format';

type Section = ReportPreview['sections'][number];

const count = (rows: number) => rows.toLocaleString('en-NG');

// A border would scroll away from a sticky row (collapsed borders belong to the table), a shadow stays.
const TOTAL_CELL =
  'px-3 py-2 whitespace-nowrap shadow-[inset_0_2px_0_0_var(--color-slate-300)] dark:shadow-[inset_0_2px_0_0_var(--color-slate-600)]';

const align = (kind: ColumnKind) => (isFigure(kind) ? 'text-right tabular-nums' : 'text-left');

/** The totals row names itself in its first cell and leaves the columns it does not sum blank. */
function totalCell(value: PreviewCell, kind: ColumnKind, first: boolean) {
  if (value === null || value === '') return first ? 'Total' : '';
  return formatCell(value, kind);
}

/** One section of the preview as a table that scrolls sideways inside its box on a narrow screen. */
export function PreviewSection({ section }: { section: Section }) {
  const { columns, rows, totals, totalRows } = section;
  const titleId = useId();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h4 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
          {section.title}
        </h4>
        {totalRows > rows.length && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Showing {count(rows.length)} of {count(totalRows)} rows — the file holds them all
          </p>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
          No entries match these filters.
        </p>
      ) : (
        <section
          aria-labelledby={titleId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must scroll by keyboard too
          tabIndex={0}
          className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-800"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">{section.title}</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={clsx('px-3 py-2 font-medium whitespace-nowrap', align(column.kind))}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((row, index) => (
                // Rows carry no id of their own; their order is the report's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows never move
                <tr key={index}>
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={clsx(
                        'px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300',
                        align(column.kind),
                      )}
                    >
                      {formatCell(row[column.key] ?? null, column.kind)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            {totals && (
              <tfoot className="sticky bottom-0 bg-slate-50 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white">
                <tr>
                  {columns.map((column, index) => (
                    <td key={column.key} className={clsx(TOTAL_CELL, align(column.kind))}>
                      {totalCell(totals[column.key] ?? null, column.kind, index === 0)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            )}
          </table>
        </section>
      )}
    </div>
  );
}

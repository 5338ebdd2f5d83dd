import { clsx } from 'clsx';
import { columnLetter } from '../lib/columns';

/**
 * The file's first rows as a spreadsheet shows them: rows numbered from 1, columns lettered, the
 * header row highlighted. Wide files scroll inside the box, never the page; the box takes focus so
 * the keyboard can scroll it too.
 */
export function ColumnsPreview({ rows, headerRow }: { rows: readonly (readonly string[])[]; headerRow: number }) {
  const width = Math.max(1, ...rows.map((row) => row.length));
  const letters = Array.from({ length: width }, (_, index) => columnLetter(index));
  return (
    <div className="space-y-1">
      <section
        aria-label="The file's first rows"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the box must scroll by keyboard too
        tabIndex={0}
        className="max-h-64 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-slate-800"
      >
        <table className="min-w-full border-collapse text-left text-xs">
          <caption className="sr-only">
            The first {rows.length === 1 ? 'row' : `${rows.length} rows`} of the file, numbered as a spreadsheet numbers
            them; the header row is marked.
          </caption>
          <thead className="sticky top-0 z-10 bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-100 px-2 py-1.5 font-medium dark:bg-slate-800">
                Row
              </th>
              {letters.map((letter) => (
                <th key={letter} scope="col" className="px-2 py-1.5 font-medium">
                  {letter}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row, index) => {
              const number = index + 1;
              const header = number === headerRow;
              return (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the file's, by position, and never move
                  key={index}
                  className={clsx(
                    header
                      ? 'bg-emerald-100 font-semibold text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50'
                      : 'text-slate-700 dark:text-slate-300',
                  )}
                >
                  <th
                    scope="row"
                    className={clsx(
                      'sticky left-0 px-2 py-1.5 text-right font-medium tabular-nums',
                      header
                        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
                        : 'bg-white text-slate-500 dark:bg-slate-900 dark:text-slate-400',
                    )}
                  >
                    {number}
                    {header && <span className="sr-only"> (header row)</span>}
                  </th>
                  {letters.map((letter, column) => (
                    <td key={letter} title={row[column] || undefined} className="px-2 py-1.5 whitespace-nowrap">
                      {/* A cell is cut at 14rem (its full text in the tooltip): one long narration should not hide the rest. */}
                      <div className="max-w-56 truncate">{row[column] ?? ''}</div>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        The header row is highlighted. Scroll the box to see more of the file.
      </p>
    </div>
  );
}

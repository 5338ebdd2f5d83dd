import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** The spreadsheets an import takes (students, term results). */
export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface PreviewRow {
  row: number;
  name?: string | null | undefined;
  regNo?: string | null | undefined;
  errors: { field: string; message: string }[];
}

interface ImportPreviewTableProps {
  preview: { validCount: number; invalidCount: number; rows: PreviewRow[] };
  /** Further lines of the summary (what the import replaces, what it found). */
  children?: ReactNode;
}

/** Every row of an uploaded file with its errors, before anything is written. */
export function ImportPreviewTable({ preview, children }: ImportPreviewTableProps) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        <span className="font-semibold text-emerald-700 dark:text-emerald-400">{preview.validCount} ready</span>
        {preview.invalidCount > 0 && (
          <>
            {', '}
            <span className="font-semibold text-red-700 dark:text-red-400">
              {preview.invalidCount} with errors (they will be skipped)
            </span>
          </>
        )}
        {children}
      </p>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows in the file</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Student
              </th>
              <th scope="col" className="px-3 py-2">
                Check
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {preview.rows.map((row) => (
              <tr key={row.row} className={row.errors.length > 0 ? 'bg-red-50/60 dark:bg-red-950/30' : undefined}>
                <td className="px-3 py-2 align-top text-slate-500 tabular-nums dark:text-slate-400">{row.row}</td>
                <td className="px-3 py-2 align-top">
                  <p className="font-medium text-slate-900 dark:text-white">{row.name || '—'}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{row.regNo ?? 'No registration number'}</p>
                </td>
                <td className="px-3 py-2 align-top">
                  {row.errors.length === 0 ? (
                    <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                      <CheckCircle2 className="size-4" aria-hidden="true" />
                      Ready
                    </span>
                  ) : (
                    <ul className="space-y-0.5 text-red-700 dark:text-red-400">
                      {row.errors.map((error) => (
                        <li key={`${error.field}-${error.message}`} className="flex gap-1">
                          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                          <span>
                            <span className="font-medium">{error.field}:</span> {error.message}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

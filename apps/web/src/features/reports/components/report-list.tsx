import type { ReportId } from '@schoolledger/domain';
import { clsx } from 'clsx';
import type { CatalogReport } from '../api/get-report-catalog';
import { CategoryBadge } from './category-badge';

export interface ReportListProps {
  reports: readonly CatalogReport[];
  chosen: ReportId | null;
  onChoose(report: ReportId): void;
}

/** The reports of a tab as cards; the chosen one is pressed and opens in the panel beside or below. */
export function ReportList({ reports, chosen, onChoose }: ReportListProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {reports.map((report) => {
        const pressed = report.id === chosen;
        return (
          <li key={report.id} className="flex">
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onChoose(report.id)}
              className={clsx(
                'flex w-full flex-col gap-1.5 rounded-xl border p-4 text-left shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
                pressed
                  ? 'border-emerald-500 bg-emerald-50/60 ring-1 ring-emerald-500 dark:border-emerald-500 dark:bg-emerald-500/10'
                  : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700 dark:hover:bg-slate-800/60',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="font-medium text-slate-900 dark:text-white">{report.title}</span>
                <CategoryBadge category={report.category} />
              </span>
              <span className="line-clamp-2 text-sm text-slate-500 dark:text-slate-400">{report.description}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

import { pageItems, pageSummary } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPageChange(page: number): void;
  className?: string;
  /**
   * The list counted no further than `total`: its last page is unknown, so there are no page
   * numbers, only Previous and Next, and Next needs `hasNext`.
   */
  totalIsCapped?: boolean;
  hasNext?: boolean;
  /** Rows on this page; a capped list's last page may hold fewer than `limit`. */
  shown?: number;
}

/** SPEC §2: hidden for one page or fewer; 'Showing X to Y of Z results'. */
export function Pagination({
  page,
  totalPages,
  total,
  limit,
  onPageChange,
  className,
  totalIsCapped = false,
  hasNext = page < totalPages,
  shown,
}: PaginationProps) {
  if (totalPages <= 1 && !totalIsCapped) return null;
  const { from, to, of } = pageSummary({ page, limit, total, totalIsCapped, shown });
  return (
    <nav
      aria-label="Pagination"
      className={clsx('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Showing <span className="font-medium">{from}</span> to <span className="font-medium">{to}</span> of{' '}
        <span className="font-medium">{of}</span> results
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            {/* Icon-only on phones so the whole row fits; the name stays for assistive tech. */}
            <span className="sr-only sm:not-sr-only">Previous</span>
          </Button>
        </li>
        {totalIsCapped ? (
          <li className="px-2 text-sm text-slate-600 dark:text-slate-400" aria-current="page">
            Page {page}
          </li>
        ) : (
          pageItems(page, totalPages).map((item) =>
            typeof item === 'number' ? (
              <li key={item}>
                <Button
                  variant={item === page ? 'primary' : 'ghost'}
                  size="sm"
                  className="min-w-8 px-2"
                  onClick={() => onPageChange(item)}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                >
                  {item}
                </Button>
              </li>
            ) : (
              <li key={item} aria-hidden="true" className="px-1 text-slate-400">
                …
              </li>
            ),
          )
        )}
        <li>
          <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={!hasNext}>
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}

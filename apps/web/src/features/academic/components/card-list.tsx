import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Plus, Search } from 'lucide-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, EmptyState } from '@/components/ui';

export interface CardListProps<T> {
  /** Section heading, such as 'Sessions'. */
  title: string;
  description?: ReactNode;
  /** Plural noun for texts: 'sessions'. */
  noun: string;
  icon: LucideIcon;
  query: UseQueryResult<T[]>;
  nameOf(item: T): string;
  keyOf(item: T): string;
  renderItem(item: T): ReactNode;
  /** The add button, for those who may add. */
  add?: { label: string; onClick(): void } | undefined;
  /** Why nothing is listed yet, under 'No {noun} yet'. */
  emptyHint: string;
  /** Two small cards a row even on phones, for short records such as class arms. */
  dense?: boolean;
}

/** A searchable grid of cards with its loading, error (with retry), empty and no-match states. */
export function CardList<T>({
  title,
  description,
  noun,
  icon,
  query,
  nameOf,
  keyOf,
  renderItem,
  add,
  emptyHint,
  dense = false,
}: CardListProps<T>) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const items = query.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? items.filter((item) => nameOf(item).toLowerCase().includes(needle)) : items;
  const addButton = add && (
    <Button onClick={add.onClick}>
      <Plus className="size-4" aria-hidden="true" />
      {add.label}
    </Button>
  );

  const body = (
    <QueryState
      query={query}
      loading={`Loading ${noun}...`}
      errorTitle={`Failed to load ${noun}`}
      isEmpty={(data) => data.length === 0}
      empty={
        <Card>
          <EmptyState icon={icon} title={`No ${noun} yet`} description={emptyHint} action={addButton} />
        </Card>
      }
    >
      {() =>
        shown.length === 0 ? (
          <Card>
            <EmptyState icon={Search} title={`No ${noun} match “${search.trim()}”`} description="Try another name." />
          </Card>
        ) : (
          <ul
            aria-labelledby={headingId}
            className={clsx(
              'grid',
              dense
                ? 'grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4'
                : 'gap-4 sm:grid-cols-2 xl:grid-cols-3',
            )}
          >
            {shown.map((item) => (
              <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
            ))}
          </ul>
        )
      }
    </QueryState>
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
            {query.isSuccess && (
              <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">({items.length})</span>
            )}
          </h2>
          {description && <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>}
        </div>
        {/* An empty list offers the button in its empty state instead, so it shows only once. */}
        {!(query.isSuccess && items.length === 0) && addButton}
      </div>
      {items.length > 0 && (
        <div className="relative max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={`Search ${noun}...`}
            aria-label={`Search ${noun}`}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm placeholder:text-slate-400 focus:outline-none focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
      )}
      {body}
    </section>
  );
}

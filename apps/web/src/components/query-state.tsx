import type { ReactNode } from 'react';
import { Button, ErrorBanner, LoadingState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';

/** What QueryState reads of a TanStack query result; any `useQuery` result fits. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch(): unknown;
  /** While a retry is on its way the Retry button shows it and takes no second click. */
  isFetching?: boolean;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** A label for the usual spinner ("Loading fees..."), or a whole element (a skeleton). */
  loading?: ReactNode;
  /** What failed, as the banner's title. */
  errorTitle: string;
  /** Said when the server gave no reason of its own. */
  errorFallback?: string;
  /** Classes of a frame around the error banner, for lists whose rows carry their own padding. */
  errorFrame?: string;
  /** A line under the reason, such as what else the reader can do. */
  errorNote?: ReactNode;
  /**
   * When given, a refetch that failed while older data is cached says so with this note above
   * that data, instead of in its place: for screens whose last good figures are worth keeping.
   */
  staleNote?: ReactNode;
  isEmpty?(data: T): boolean;
  /** Shown instead of the children when `isEmpty` says so (usually an EmptyState). */
  empty?: ReactNode;
  children(data: T): ReactNode;
}

const CONNECTION_HINT = 'Please check your connection and try again.';

/** A failed read: what failed, the server's reason (or the fallback), and a retry. */
function LoadFailure({
  title,
  error,
  fallback = CONNECTION_HINT,
  note,
  retry,
  retrying = false,
  className,
}: {
  title: string;
  error: unknown;
  fallback?: string;
  note?: ReactNode;
  retry(): void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <ErrorBanner title={title} className={className}>
      <p>{errorMessage(error, fallback)}</p>
      {note && <p>{note}</p>}
      <Button variant="secondary" size="sm" className="mt-2" loading={retrying} onClick={retry}>
        Retry
      </Button>
    </ErrorBanner>
  );
}

/**
 * The four states of a query in one place: loading, failed (with Retry), empty, and the data. A
 * failure is checked before the data, so a refetch that failed is said even while older rows are
 * cached (above them with `staleNote`, else in their place).
 */
export function QueryState<T>({
  query,
  loading = 'Loading...',
  errorTitle,
  errorFallback,
  errorFrame,
  errorNote,
  staleNote,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  const content = (data: T) => (empty !== undefined && isEmpty?.(data) ? empty : children(data));
  if (query.isPending) return typeof loading === 'string' ? <LoadingState label={loading} /> : loading;
  if (query.isError) {
    const stale = staleNote !== undefined && query.data !== undefined;
    const failure = (
      <LoadFailure
        title={errorTitle}
        error={query.error}
        fallback={errorFallback}
        note={stale ? staleNote : errorNote}
        retry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
    const framed = errorFrame ? <div className={errorFrame}>{failure}</div> : failure;
    if (!stale || query.data === undefined) return framed;
    return (
      <>
        {framed}
        {content(query.data)}
      </>
    );
  }
  if (query.data === undefined) return null;
  return content(query.data);
}

type DataOf<Q> = Q extends { data: infer D } ? Exclude<D, undefined> : never;

/**
 * Several queries read as one, for a screen that needs them all: pending while any is, failed
 * while any has (with the first reason), and Retry asks again only what failed.
 */
export function allOf<const Q extends readonly QueryLike<unknown>[]>(
  queries: Q,
): QueryLike<{ -readonly [K in keyof Q]: DataOf<Q[K]> }> {
  const failed = queries.filter((query) => query.isError);
  const complete = queries.every((query) => query.data !== undefined);
  return {
    isPending: queries.some((query) => query.isPending),
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: complete ? (queries.map((query) => query.data) as { -readonly [K in keyof Q]: DataOf<Q[K]> }) : undefined,
    refetch: () => Promise.all(failed.map((query) => query.refetch())),
    isFetching: queries.some((query) => query.isFetching),
  };
}

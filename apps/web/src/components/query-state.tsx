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
  retry,
  retrying = false,
  className,
}: {
  title: string;
  error: unknown;
  fallback?: string;
  retry(): void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <ErrorBanner title={title} className={className}>
      <p>{errorMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" className="mt-2" loading={retrying} onClick={retry}>
        Retry
      </Button>
    </ErrorBanner>
  );
}

/**
 * The four states of a query in one place: loading, failed (with Retry), empty, and the data. A
 * failure is checked before the data, so a refetch that failed is said even while older rows are cached.
 */
export function QueryState<T>({
  query,
  loading = 'Loading...',
  errorTitle,
  errorFallback,
  errorFrame,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return typeof loading === 'string' ? <LoadingState label={loading} /> : loading;
  if (query.isError) {
    const failure = (
      <LoadFailure
        title={errorTitle}
        error={query.error}
        fallback={errorFallback}
        retry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
    return errorFrame ? <div className={errorFrame}>{failure}</div> : failure;
  }
  if (query.data === undefined) return null;
  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}

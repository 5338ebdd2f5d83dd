import type { ReactNode } from 'react';
import { DashboardSkeleton } from '@/components/dashboard';
import { type QueryLike, QueryState } from '@/components/query-state';
import { FETCH_FAILED } from '../lib/finance';

interface DashboardStateProps<T> {
  query: QueryLike<T>;
  /** Said when the server gave no reason of its own. */
  fallback?: string;
  /** Given, a failed refresh keeps the last good figures below the box, which says so. */
  keepCached?: boolean;
  children(data: T): ReactNode;
}

/**
 * A dashboard's figures: its skeleton while they load, and the red error box when they cannot be
 * fetched ('Error Loading Dashboard', the reason, 'Please try refreshing the page.'), with a Retry.
 */
export function DashboardState<T>({
  query,
  fallback = FETCH_FAILED,
  keepCached = false,
  children,
}: DashboardStateProps<T>) {
  return (
    <QueryState
      query={query}
      loading={<DashboardSkeleton />}
      errorTitle="Error Loading Dashboard"
      errorFallback={fallback}
      errorNote="Please try refreshing the page."
      staleNote={keepCached ? 'Using cached data.' : undefined}
    >
      {children}
    </QueryState>
  );
}

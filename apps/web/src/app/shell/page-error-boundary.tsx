import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui';
import { ErrorBoundary, isMissingCode, reload } from '../error-boundary';

function PageFailure({ error, reset }: { error: unknown; reset(): void }) {
  const queryClient = useQueryClient();
  const retry = () => {
    if (isMissingCode(error)) {
      reload();
      return;
    }
    // The page's data is read afresh, in case what it choked on was a stale answer.
    void queryClient.invalidateQueries();
    reset();
  };
  return (
    <div
      role="alert"
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
        This page could not be shown
      </h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        Something went wrong while opening it. Try again, or choose another page from the menu.
      </p>
      <Button className="mt-6 w-full sm:w-auto" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}

/**
 * Around the page inside the shell, so one broken page leaves the sidebar and header working.
 * Keyed by the address: opening another page starts it afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(props) => <PageFailure {...props} />}>
      {children}
    </ErrorBoundary>
  );
}

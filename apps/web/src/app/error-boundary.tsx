import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BrandMark } from '@/components/brand-mark';

// No shared ui import: this file is in the first download, the primitives are not.

interface BoundaryProps {
  fallback(props: { error: unknown; reset(): void }): ReactNode;
  children: ReactNode;
}

/** React reports render errors only to a class component; this one hands them to a fallback. */
export class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page threw nothing') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // For whoever opens the console; the reader sees the fallback, never the stack.
    console.error('A page failed to render', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback({ error, reset: this.reset }) : this.props.children;
  }
}

/**
 * A page's code that did not arrive (a lost connection, or a new version replaced the files) stays
 * failed for the life of the document: only a reload fetches it again.
 */
export function isMissingCode(error: unknown) {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/.test(error.message)
  );
}

export const reload = () => window.location.reload();

/** Outside the router and the query client: nothing here may need either, as either may be what broke. */
function AppFailure() {
  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8 dark:bg-slate-950">
      <main className="mx-auto w-full max-w-lg space-y-6">
        <a href="/" className="mx-auto flex w-fit items-center gap-3 rounded-lg">
          <BrandMark className="size-9" />
          <span className="text-lg font-semibold text-slate-900 dark:text-white">SchoolLedger</span>
        </a>
        <div
          role="alert"
          className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Something went wrong</h1>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            SchoolLedger could not show this screen. Reloading usually fixes it; nothing you saved is lost.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <button
              type="button"
              onClick={reload}
              className="inline-flex h-10 items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 justify-center rounded-lg bg-primary px-4 text-sm font-medium text-white shadow-sm hover:bg-primary-hover dark:bg-primary-dark dark:text-slate-950 dark:hover:bg-primary-dark-hover"
            >
              Reload
            </button>
            <a
              href="/"
              className="inline-flex h-10 items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Go to the home page
            </a>
          </div>
        </div>
      </main>
    </div>
  );
}

/** Around the whole app: the last stop for an error no page caught. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => <AppFailure />}>{children}</ErrorBoundary>;
}

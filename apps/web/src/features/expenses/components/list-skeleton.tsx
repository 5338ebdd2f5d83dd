import { clsx } from 'clsx';

const ROWS = [1, 2, 3, 4, 5] as const;

function Bone({ className }: { className: string }) {
  return <div className={clsx('animate-pulse rounded-md bg-slate-200/70 dark:bg-slate-800', className)} />;
}

/** The shape of a list while it loads: a few rows of a title, a line under it and a figure. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div aria-busy="true" className="divide-y divide-slate-200 dark:divide-slate-800">
      <span className="sr-only" role="status">
        {label}
      </span>
      {ROWS.slice(0, rows).map((row) => (
        <div key={row} className="flex items-center justify-between gap-4 px-4 py-4">
          <div className="min-w-0 flex-1 space-y-2">
            <Bone className="h-4 w-2/3 max-w-64" />
            <Bone className="h-3 w-1/2 max-w-40" />
          </div>
          <Bone className="h-4 w-20" />
          <Bone className="hidden h-5 w-24 rounded-full sm:block" />
        </div>
      ))}
    </div>
  );
}

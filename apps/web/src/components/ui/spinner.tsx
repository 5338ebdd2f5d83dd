import { clsx } from 'clsx';

/** Decorative; pair it with visible text or put it inside an element that has a label. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

export function LoadingState({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={clsx(
        'flex items-center justify-center gap-3 py-12 text-sm text-slate-500 dark:text-slate-400',
        className,
      )}
    >
      <Spinner className="size-5 text-emerald-600" />
      <span>{label}</span>
    </div>
  );
}

import { clsx } from 'clsx';

/** A grey block in the shape of what is loading. */
export function Bone({ className }: { className: string }) {
  return <div className={clsx('animate-pulse rounded-lg bg-slate-200/70 dark:bg-slate-800', className)} />;
}

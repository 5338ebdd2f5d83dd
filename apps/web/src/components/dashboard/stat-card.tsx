import { clsx } from 'clsx';
import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Tone = 'emerald' | 'sky' | 'amber' | 'rose' | 'violet' | 'slate';

export const toneClasses: Record<Tone, string> = {
  emerald: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
  sky: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
  amber: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  rose: 'bg-rose-50 text-rose-700 dark:bg-rose-500/10 dark:text-rose-300',
  violet: 'bg-violet-50 text-violet-700 dark:bg-violet-500/10 dark:text-violet-300',
  slate: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line under the value: what it counts, or the period. */
  hint?: ReactNode;
  /** The rows behind the number: the whole card becomes a link there. */
  to?: string;
  icon?: LucideIcon;
  tone?: Tone;
}

/** One figure of a dashboard. With `to`, a click (or Enter) opens the rows it was computed from. */
export function StatCard({ label, value, hint, to, icon: Icon, tone = 'emerald' }: StatCardProps) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        {Icon && (
          <span className={clsx('rounded-lg p-2', toneClasses[tone])}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
      </div>
      <p className="mt-2 text-xl font-semibold tracking-tight break-words text-slate-900 tabular-nums 2xl:text-2xl dark:text-white">
        {value}
      </p>
      {(hint || to) && (
        <p className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span>{hint}</span>
          {to && (
            <ChevronRight className="size-4 shrink-0 text-slate-400 group-hover:text-emerald-600" aria-hidden="true" />
          )}
        </p>
      )}
    </>
  );
  const frame =
    'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900';
  if (!to) return <div className={frame}>{body}</div>;
  return (
    <Link
      to={to}
      className={clsx(
        frame,
        'group transition hover:border-emerald-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:hover:border-emerald-700',
      )}
    >
      {body}
    </Link>
  );
}

/** Stat cards side by side: one column on a phone, two on a tablet, four on a desktop. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>;
}

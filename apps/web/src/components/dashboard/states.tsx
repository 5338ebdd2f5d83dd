import { AlertTriangle, Info, type LucideIcon, OctagonAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function Bone({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800 ${className}`} />;
}

/** The shape of a dashboard while its figures load: four cards and two panels. */
export function DashboardSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the dashboard…
      </span>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <Bone key={n} className="h-28" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Bone className="h-72" />
        <Bone className="h-72" />
      </div>
    </div>
  );
}

type AlertTone = 'warning' | 'danger' | 'info';

const alertStyles: Record<AlertTone, { frame: string; icon: LucideIcon; iconClass: string }> = {
  warning: {
    frame: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
    icon: AlertTriangle,
    iconClass: 'text-amber-600 dark:text-amber-400',
  },
  danger: {
    frame: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100',
    icon: OctagonAlert,
    iconClass: 'text-red-600 dark:text-red-400',
  },
  info: {
    frame: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100',
    icon: Info,
    iconClass: 'text-sky-600 dark:text-sky-400',
  },
};

export interface AlertBannerProps {
  tone?: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  /** Where to act on it: the queue, the list, the review page. */
  action?: { label: string; to: string };
}

/** A call to act (pending payments, outstanding fees, approvals), with the link that acts on it. */
export function AlertBanner({ tone = 'warning', title, children, action }: AlertBannerProps) {
  const style = alertStyles[tone];
  const Icon = style.icon;
  return (
    <div
      role="status"
      className={`flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center ${style.frame}`}
    >
      <Icon className={`size-5 shrink-0 ${style.iconClass}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-0.5 opacity-90">{children}</div>}
      </div>
      {action && (
        <Link
          to={action.to}
          className="shrink-0 rounded-lg bg-white/70 px-3 py-1.5 font-medium ring-1 ring-current/20 hover:bg-white dark:bg-white/10 dark:hover:bg-white/20"
        >
          {action.label}
        </Link>
      )}
    </div>
  );
}

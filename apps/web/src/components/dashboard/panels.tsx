import { type DashboardActivity, relativeTime } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant, Card, CardHeader, EmptyState } from '@/components/ui';
import { type Tone, toneClasses } from './stat-card';

/** What a card says where a school has recorded nothing (never a made-up number). */
export const NOT_RECORDED = 'Not recorded yet';

/** '62.4%', or a dash where there is no rate (nothing was expected). */
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${rate.toLocaleString('en-NG', { maximumFractionDigits: 1 })}%`;

export interface ProgressBarProps {
  label: ReactNode;
  /** Percent, 0–100; null draws an empty bar marked "—". */
  value: number | null;
  detail?: ReactNode;
  tone?: 'emerald' | 'sky' | 'amber';
}

const barTones = { emerald: 'bg-emerald-600', sky: 'bg-sky-600', amber: 'bg-amber-500' };

export function ProgressBar({ label, value, detail, tone = 'emerald' }: ProgressBarProps) {
  const width = value === null ? 0 : Math.max(0, Math.min(100, value));
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-300">{label}</span>
        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatRate(value)}</span>
      </div>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-label={typeof label === 'string' ? label : undefined}
      >
        <div className={clsx('h-full rounded-full', barTones[tone])} style={{ width: `${width}%` }} />
      </div>
      {detail && <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{detail}</p>}
    </div>
  );
}

const severityBadge: Record<string, BadgeVariant> = {
  critical: 'red',
  high: 'red',
  warning: 'yellow',
  medium: 'yellow',
  info: 'blue',
  low: 'gray',
};

export interface ActivityListProps {
  title: string;
  items: readonly DashboardActivity[];
  emptyText: string;
  /** The full list: SPEC's "view all" (to /audit, with filters where they help). */
  viewAllTo?: string;
  now?: Date;
}

/** Recent activities read from the audit trail, newest first. */
export function ActivityList({ title, items, emptyText, viewAllTo, now = new Date() }: ActivityListProps) {
  return (
    <Card>
      <CardHeader
        title={title}
        actions={
          viewAllTo && (
            <Link
              to={viewAllTo}
              className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-300"
            >
              View all <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          )
        }
      />
      {items.length === 0 ? (
        <EmptyState title={emptyText} className="py-8" />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((item) => (
            <li key={item._id} className="flex items-start gap-3 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900 dark:text-white">{item.title}</p>
                <p className="truncate text-sm text-slate-500 dark:text-slate-400">{item.description}</p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  {item.user ? `${item.user} · ` : ''}
                  <time dateTime={item.timestamp}>{relativeTime(item.timestamp, now)}</time>
                </p>
              </div>
              <Badge variant={severityBadge[item.severity] ?? 'gray'}>{item.type}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export interface DashboardAction {
  label: string;
  description?: string;
  to: string;
  icon: LucideIcon;
  tone?: Tone;
}

/** A role's actions (SPEC: Administrative Actions, Financial Operations…): each opens its page. */
export function ActionGrid({ title, actions }: { title: string; actions: readonly DashboardAction[] }) {
  return (
    <Card>
      <CardHeader title={title} />
      <ul className="grid gap-px bg-slate-100 sm:grid-cols-2 dark:bg-slate-800">
        {actions.map(({ label, description, to, icon: Icon, tone = 'emerald' }) => (
          <li key={to + label} className="bg-white dark:bg-slate-900">
            <Link
              to={to}
              className="group flex h-full items-center gap-3 px-5 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/60"
            >
              <span className={clsx('rounded-lg p-2', toneClasses[tone])}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900 group-hover:text-emerald-700 dark:text-white dark:group-hover:text-emerald-300">
                  {label}
                </span>
                {description && <span className="block text-xs text-slate-500 dark:text-slate-400">{description}</span>}
              </span>
              <ArrowRight className="size-4 text-slate-400 group-hover:text-emerald-600" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

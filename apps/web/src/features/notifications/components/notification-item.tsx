import { type AppNotification, formatKobo, relativeTime } from '@schoolledger/domain';
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { AlertTriangle, Bell, Check, CheckCircle2, Clock, Trash2, XCircle } from 'lucide-react';

const LOOK: Record<AppNotification['type'], { icon: LucideIcon; tone: string }> = {
  info: { icon: Bell, tone: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300' },
  success: { icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300' },
  warning: { icon: AlertTriangle, tone: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300' },
  error: { icon: XCircle, tone: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300' },
  payment_reminder: { icon: Clock, tone: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300' },
  payment_overdue: { icon: AlertTriangle, tone: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300' },
};

export interface NotificationItemProps {
  notification: AppNotification;
  now: Date;
  /** Opening marks it read and follows its link. */
  onOpen(notification: AppNotification): void;
  onMarkRead(notification: AppNotification): void;
  onDelete(notification: AppNotification): void;
}

export function NotificationItem({ notification, now, onOpen, onMarkRead, onDelete }: NotificationItemProps) {
  const { icon: Icon, tone } = LOOK[notification.type];
  const amount = notification.metadata.amount;
  return (
    <li
      className={clsx(
        'group relative flex gap-3 rounded-lg border px-3 py-3',
        notification.read
          ? 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
          : 'border-emerald-200 bg-emerald-50/40 dark:border-emerald-900 dark:bg-emerald-950/30',
      )}
    >
      <span className={clsx('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="min-w-0 flex-1 text-left after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-emerald-600"
      >
        <span className="flex items-start justify-between gap-2">
          <span
            className={clsx(
              'text-sm text-slate-900 dark:text-white',
              notification.read ? 'font-medium' : 'font-semibold',
            )}
          >
            {!notification.read && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          <time
            dateTime={notification.timestamp}
            className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
            title={new Date(notification.timestamp).toLocaleString('en-NG')}
          >
            {relativeTime(notification.timestamp, now)}
          </time>
        </span>
        <span className="mt-0.5 block text-sm break-words text-slate-600 dark:text-slate-300">
          {notification.message}
        </span>
        {amount !== undefined && (
          <span className="mt-1 block text-sm font-semibold text-slate-900 tabular-nums dark:text-white">
            {formatKobo(amount)}
          </span>
        )}
      </button>
      <span className="relative z-10 flex shrink-0 flex-col gap-1">
        {!notification.read && (
          <button
            type="button"
            onClick={() => onMarkRead(notification)}
            aria-label={`Mark "${notification.title}" as read`}
            title="Mark as read"
            className="rounded-md p-1.5 text-slate-500 hover:bg-white hover:text-emerald-700 dark:hover:bg-slate-800"
          >
            <Check className="size-4" aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          onClick={() => onDelete(notification)}
          aria-label={`Delete "${notification.title}"`}
          title="Delete"
          className="rounded-md p-1.5 text-slate-500 hover:bg-white hover:text-red-700 dark:hover:bg-slate-800"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </span>
    </li>
  );
}

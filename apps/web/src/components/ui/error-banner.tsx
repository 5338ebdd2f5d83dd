import { clsx } from 'clsx';
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ErrorBannerProps {
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function ErrorBanner({ title, children, className }: ErrorBannerProps) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200',
        className,
      )}
    >
      <AlertCircle className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
      <div className="space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}

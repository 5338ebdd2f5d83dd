import { clsx } from 'clsx';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-emerald-600" />
      <path
        d="M9 10h10a4 4 0 0 1 0 8h-6a4 4 0 0 0 0 8h10"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

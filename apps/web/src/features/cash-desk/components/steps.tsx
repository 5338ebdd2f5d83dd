import { clsx } from 'clsx';
import { Check } from 'lucide-react';

const STEPS = ['Search student', 'Select fee', 'Payment', 'Receipt'] as const;

/** Where the bursar is in the desk's four steps; the current one is announced to screen readers. */
export function Steps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <ol aria-label="Steps" className="mb-6 grid grid-cols-4 gap-2 print:hidden">
      {STEPS.map((label, index) => {
        const step = index + 1;
        const done = step < current;
        const active = step === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={clsx(
              'flex flex-col gap-1.5 border-t-4 pt-2 text-xs font-medium sm:text-sm',
              done || active ? 'border-emerald-600' : 'border-slate-200 dark:border-slate-800',
              active ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-500 dark:text-slate-400',
            )}
          >
            <span className="flex items-center gap-1.5">
              {done ? (
                <Check className="size-4 text-emerald-600" aria-hidden="true" />
              ) : (
                <span aria-hidden="true">{step}.</span>
              )}
              <span className={clsx(!active && 'sr-only sm:not-sr-only')}>{label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

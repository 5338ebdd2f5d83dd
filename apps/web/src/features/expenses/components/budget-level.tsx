import type { BudgetLevel } from '@schoolledger/domain';
import { clsx } from 'clsx';

const BAR: Record<BudgetLevel, string> = { ok: 'bg-emerald-600', warning: 'bg-amber-500', over: 'bg-red-600' };
const TEXT: Record<BudgetLevel, string> = {
  ok: 'text-emerald-700 dark:text-emerald-300',
  warning: 'text-amber-800 dark:text-amber-300',
  over: 'text-red-700 dark:text-red-400',
};

/** The words of a level, so it never rests on colour alone (80% warns, 100% is used up). */
export function levelText(level: BudgetLevel, overspent: boolean) {
  if (level === 'over') return overspent ? 'Over budget' : 'Budget used up';
  return level === 'warning' ? 'Nearly used up' : 'Within budget';
}

export interface BudgetMeterProps {
  /** Names the bar for a screen reader, such as the category. */
  label: string;
  /** Whole percent of the budget spent; null for spending without a budget. */
  percent: number | null;
  level: BudgetLevel;
  /** Actual spending above the budget, not just reaching it. */
  overspent: boolean;
}

/** How much of a budget is spent: the percentage, a bar filled to it and the level in words. */
export function BudgetMeter({ label, percent, level, overspent }: BudgetMeterProps) {
  if (percent === null) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">No budget set</p>;
  }
  return (
    <div className="min-w-32">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{percent}%</span>
        <span className={clsx('font-medium', TEXT[level])}>{levelText(level, overspent)}</span>
      </div>
      <div
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        role="progressbar"
        aria-label={`${label}: ${levelText(level, overspent).toLowerCase()}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-valuetext={`${percent}% of the budget spent`}
      >
        <div className={clsx('h-full rounded-full', BAR[level])} style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
    </div>
  );
}

import { DUE_SOON_DAYS, formatKobo, type StudentFees } from '@schoolledger/domain';
import { AlertTriangle, Clock } from 'lucide-react';
import { feeCount } from '../lib/format';

/**
 * SPEC §2 and §9: the overdue alert, and the reminder for fees due within a week. A parent reads
 * them about a child, so they name the child instead of saying "you".
 */
export function FeeAlerts({
  summary,
  childName = null,
}: {
  summary: StudentFees['summary'];
  childName?: string | null;
}) {
  if (summary.overdueCount === 0 && summary.dueSoonCount === 0) return null;
  return (
    <div className="space-y-3">
      {summary.overdueCount > 0 && (
        <div className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
          <p>
            <span className="font-semibold">Overdue: </span>
            {childName ? `${childName} has` : 'You have'} {summary.overdueCount} overdue{' '}
            {summary.overdueCount === 1 ? 'fee' : 'fees'} totalling {formatKobo(summary.overdueAmount)}. Please pay as
            soon as possible.
          </p>
        </div>
      )}
      {summary.dueSoonCount > 0 && (
        <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          <Clock className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <p>
            <span className="font-semibold">Due soon: </span>
            {childName
              ? `${childName} has ${feeCount(summary.dueSoonCount)} totalling ${formatKobo(summary.dueSoonAmount)} due`
              : `${feeCount(summary.dueSoonCount)} totalling ${formatKobo(summary.dueSoonAmount)} ${summary.dueSoonCount === 1 ? 'is' : 'are'} due`}{' '}
            within the next {DUE_SOON_DAYS} days.
          </p>
        </div>
      )}
    </div>
  );
}

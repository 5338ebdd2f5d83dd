import { formatKobo, type Kobo, type StudentFees } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { AlertTriangle, Clock, type LucideIcon, Wallet } from 'lucide-react';
import { feeCount } from '../lib/format';

interface SummaryCardProps {
  label: string;
  amount: Kobo;
  detail: string;
  icon: LucideIcon;
  tone: string;
}

function SummaryCard({ label, amount, detail, icon: Icon, tone }: SummaryCardProps) {
  return (
    <li className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className={clsx('rounded-lg p-3', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{formatKobo(amount)}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{detail}</p>
      </div>
    </li>
  );
}

/** The three SPEC §2 summary cards: Total Amount, Overdue Fees and Due Soon. */
export function SummaryCards({ summary, feeTotal }: { summary: StudentFees['summary']; feeTotal: number }) {
  return (
    <ul aria-label="Fee summary" className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        label="Total Amount"
        amount={summary.totalAmount}
        detail={`${feeCount(feeTotal)} · ${formatKobo(summary.totalOutstanding)} outstanding`}
        icon={Wallet}
        tone="bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300"
      />
      <SummaryCard
        label="Overdue Fees"
        amount={summary.overdueAmount}
        detail={feeCount(summary.overdueCount)}
        icon={AlertTriangle}
        tone="bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300"
      />
      <SummaryCard
        label="Due Soon"
        amount={summary.dueSoonAmount}
        detail={feeCount(summary.dueSoonCount)}
        icon={Clock}
        tone="bg-amber-50 text-amber-700 dark:bg-amber-500/10 dark:text-amber-300"
      />
    </ul>
  );
}

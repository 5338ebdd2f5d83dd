import { capitalize, type Fee, feeDueStatus, formatKobo, todayIn } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { CalendarClock, History, Layers, Pencil, Target, Trash2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, Button } from '@/components/ui';
import { dueText, installmentSummary, owingText, STATUS_LABEL, STATUS_VARIANT, targetSummary } from '../lib/format';

export interface FeeCardProps {
  fee: Fee;
  showSchool: boolean;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  onHistory?: (() => void) | undefined;
  /** Extra buttons, such as Review on the Approvals tab. */
  actions?: ReactNode;
}

export function FeeCard({ fee, showSchool, onEdit, onDelete, onHistory, actions }: FeeCardProps) {
  const today = todayIn();
  const due = feeDueStatus(fee.effectiveDueDate, today);
  // Overdue (and due soon) is said of students who still owe, never of the fee's date alone.
  const someoneOwes = (fee.owing?.students ?? 0) > 0;
  const owingOverdue = due === 'OVERDUE' && someoneOwes;
  return (
    <article
      aria-label={fee.name}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{fee.name}</h3>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {capitalize(fee.type)} · {fee.term.name} ({fee.term.session.name}){showSchool && ` · ${fee.school.name}`}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <Badge variant={STATUS_VARIANT[fee.status]}>{STATUS_LABEL[fee.status]}</Badge>
          {!fee.isActive && <Badge>Inactive</Badge>}
        </div>
      </div>
      <p className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {formatKobo(fee.amount)}
      </p>
      {fee.status === 'rejected' && fee.rejectionReason && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
          <span className="font-medium">Rejected:</span> {fee.rejectionReason}
        </p>
      )}
      <dl className="mt-3 space-y-1.5 text-sm text-slate-600 dark:text-slate-300">
        <Detail icon={Target} label="Applies to">
          {targetSummary(fee)}
        </Detail>
        <Detail icon={Layers} label="Installments">
          {installmentSummary(fee)}
        </Detail>
        <Detail icon={CalendarClock} label="Due">
          <span className={clsx(due === 'DUE SOON' && someoneOwes && 'text-amber-700 dark:text-amber-400')}>
            {dueText(fee.effectiveDueDate, today)}
          </span>
        </Detail>
        {fee.owing && (
          <Detail icon={Users} label="Still owed">
            <span
              className={clsx(
                fee.owing.students === 0 && 'text-emerald-700 dark:text-emerald-400',
                owingOverdue && 'font-medium text-red-600 dark:text-red-400',
              )}
            >
              {owingText(fee.owing)}
            </span>
            {owingOverdue && <span className="text-red-600 dark:text-red-400"> · overdue</span>}
          </Detail>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-1 border-t border-slate-100 pt-3 dark:border-slate-800">
        {onHistory && (
          <Button variant="ghost" size="sm" aria-label={`History of ${fee.name}`} onClick={onHistory}>
            <History className="size-4" aria-hidden="true" />
            History
          </Button>
        )}
        {onEdit && (
          <Button variant="ghost" size="sm" aria-label={`Edit ${fee.name}`} onClick={onEdit}>
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
        )}
        {onDelete && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${fee.name}`}
            onClick={onDelete}
            className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/40"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
        {actions}
      </div>
    </article>
  );
}

function Detail({ icon: Icon, label, children }: { icon: typeof Target; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

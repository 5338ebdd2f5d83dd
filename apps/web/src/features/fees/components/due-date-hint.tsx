import { daysUntil, effectiveDueDate, todayIn } from '@schoolledger/domain';
import { AlertTriangle } from 'lucide-react';
import { formatDate } from '@/lib/dates';

export interface DueDateHintProps {
  /** What the form holds now; empty means the SPEC §9 fallback applies. */
  dueDate: string | null | undefined;
  /** The end of the chosen term; null until one is chosen. */
  termEndDate: string | null;
  /** When the fee was created (today for a new one): the last fallback counts from it. */
  createdAt: string | null;
}

/**
 * The due date the fee will have once saved, worked out by the same rule the server applies, and
 * a warning when that date is already past: students would see the fee overdue the day it is approved.
 */
export function DueDateHint({ dueDate, termEndDate, createdAt }: DueDateHintProps) {
  const today = todayIn();
  if (!dueDate && !termEndDate) return <>Left empty: 30 days before the term ends.</>;
  const applies = effectiveDueDate({ dueDate: dueDate || null, termEndDate, createdAt: createdAt ?? today });
  const passed = daysUntil(applies, today) < 0;
  return (
    <>
      {!dueDate && (
        <span className="block">
          Left empty, the fee is due on <strong className="font-medium">{formatDate(applies)}</strong> (
          {termEndDate ? '30 days before the term ends' : '60 days after the fee is created'}).
        </span>
      )}
      {passed && (
        <span role="alert" className="mt-1 flex gap-1.5 font-medium text-amber-800 dark:text-amber-300">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {formatDate(applies)} has already passed: students will see this fee as overdue as soon as it is approved.
        </span>
      )}
    </>
  );
}

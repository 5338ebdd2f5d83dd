import { displayName, type Student } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge, Button } from '@/components/ui';
import { STATUS_BADGES, STATUS_LABELS, TYPE_LABELS } from '../lib/filters';
import { StudentAvatar } from './student-avatar';

export interface StudentCardProps {
  student: Student;
  selected: boolean;
  onToggle(): void;
  onOpen(): void;
  /** Left out for those who may only view. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

export function StudentCard({ student, selected, onToggle, onOpen, onEdit, onDelete }: StudentCardProps) {
  // Labels use first and last name only, as the delete confirmation does.
  const shortName = `${student.firstname} ${student.lastname}`;
  return (
    <li
      className={clsx(
        'relative flex flex-col rounded-xl border bg-white shadow-sm transition-shadow hover:shadow-md dark:bg-slate-900',
        selected
          ? 'border-emerald-500 ring-1 ring-emerald-500 dark:border-emerald-400 dark:ring-emerald-400'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex flex-1 items-start gap-3 p-4">
        <StudentAvatar student={student} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900 dark:text-white">
            <button
              type="button"
              onClick={onOpen}
              className="text-left break-words hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:hover:text-emerald-300"
            >
              {displayName(student)}
            </button>
          </h3>
          <p className="text-sm text-slate-500 dark:text-slate-400">{student.regNo}</p>
          <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-300">
            {student.classArm?.name ?? 'No class assigned'}
          </p>
        </div>
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${shortName}`}
          className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        />
      </div>
      <div className="flex items-center gap-1.5 border-t border-slate-100 px-4 py-2 dark:border-slate-800">
        <Badge variant={STATUS_BADGES[student.academicStatus]}>{STATUS_LABELS[student.academicStatus]}</Badge>
        <Badge>{TYPE_LABELS[student.type]}</Badge>
        <span className="ml-auto flex items-center">
          {onEdit && (
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${shortName}`} title="Edit">
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
          )}
          {onDelete && (
            <Button
              size="sm"
              variant="ghost"
              onClick={onDelete}
              aria-label={`Delete ${shortName}`}
              title="Delete"
              className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/50"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          )}
        </span>
      </div>
    </li>
  );
}

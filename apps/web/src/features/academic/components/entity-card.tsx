import { clsx } from 'clsx';
import { Check, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui';

export interface EntityCardProps {
  name: string;
  subtitle?: ReactNode;
  /** Shown before the name, such as a group's logo. */
  media?: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  selected?: boolean;
  /** Omitted when the entity cannot be selected; the Select button then does not show. */
  onSelect?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/** One record in a card list: name, badges, details, then Select, edit and delete. */
export function EntityCard({
  name,
  subtitle,
  media,
  badges,
  children,
  selected = false,
  onSelect,
  onEdit,
  onDelete,
}: EntityCardProps) {
  const hasActions = onSelect || onEdit || onDelete;
  return (
    <li
      aria-current={selected || undefined}
      className={clsx(
        'flex flex-col rounded-xl border bg-white shadow-sm dark:bg-slate-900',
        selected
          ? 'border-emerald-500 ring-1 ring-emerald-500 dark:border-emerald-400 dark:ring-emerald-400'
          : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          {media}
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold break-words text-slate-900 dark:text-white">{name}</h3>
            {subtitle && <p className="mt-0.5 text-sm break-words text-slate-500 dark:text-slate-400">{subtitle}</p>}
          </div>
        </div>
        {badges && <div className="flex flex-wrap gap-1.5">{badges}</div>}
        {children && <div className="space-y-1 text-sm text-slate-600 dark:text-slate-300">{children}</div>}
      </div>
      {hasActions && (
        <div className="flex items-center gap-1 border-t border-slate-100 px-3 py-2 dark:border-slate-800">
          {onSelect && (
            <Button
              size="sm"
              variant={selected ? 'primary' : 'secondary'}
              onClick={onSelect}
              aria-label={selected ? `Selected: ${name}` : `Select ${name}`}
            >
              {selected && <Check className="size-4" aria-hidden="true" />}
              {selected ? 'Selected' : 'Select'}
            </Button>
          )}
          <span className="ml-auto flex items-center gap-1">
            {onEdit && (
              <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${name}`} title="Edit">
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
            )}
            {onDelete && (
              <Button
                size="sm"
                variant="ghost"
                onClick={onDelete}
                aria-label={`Delete ${name}`}
                title="Delete"
                className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-950/50"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            )}
          </span>
        </div>
      )}
    </li>
  );
}

export function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <span className="mt-0.5 shrink-0 text-slate-400" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

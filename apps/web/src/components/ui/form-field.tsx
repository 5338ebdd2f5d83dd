import { clsx } from 'clsx';
import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** One Input, Select or Textarea; it receives the id and aria attributes that tie it to the label. */
  children: ReactElement<ControlProps>;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

export function FormField({ label, children, error, hint, required, className }: FormFieldProps) {
  const generated = useId();
  const id = children.props.id ?? generated;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('space-y-1.5', className)}>
      {/* The asterisk sits outside the label so the field's accessible name is the label alone. */}
      <div className="flex items-baseline">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        {required && (
          <span className="ml-0.5 text-sm text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

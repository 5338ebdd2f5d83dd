import { clsx } from 'clsx';
import { type ComponentProps, type ReactNode, useId } from 'react';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
}

export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={clsx('flex items-center gap-2', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="size-4 rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm text-slate-700 select-none dark:text-slate-300">
        {label}
      </label>
    </div>
  );
}

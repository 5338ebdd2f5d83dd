import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { controlClasses } from './input';

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <select className={clsx(controlClasses(invalid), 'h-10 pr-8', className)} {...props}>
      {children}
    </select>
  );
}

import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { controlClasses } from './input';

export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return <textarea rows={rows} className={clsx(controlClasses(invalid), className)} {...props} />;
}

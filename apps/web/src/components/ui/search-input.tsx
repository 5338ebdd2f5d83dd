import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef } from 'react';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { Input } from './input';

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'id' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Receives the trimmed text once typing pauses, so the server is asked once, not per keystroke. */
  onSearch(term: string): void;
  delay?: number;
}

export function SearchInput({ label, value, onValueChange, onSearch, delay, className, ...props }: SearchInputProps) {
  const id = useId();
  const term = useDebouncedValue(value.trim(), delay);
  const searched = useRef(term);
  useEffect(() => {
    if (term === searched.current) return;
    searched.current = term;
    onSearch(term);
  }, [term, onSearch]);

  return (
    <div className={clsx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          {...props}
          id={id}
          type="search"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}

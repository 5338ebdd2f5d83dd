import { displayName, type Student } from '@schoolledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useStudentSearch } from '@/lib/queries/student-search';
import { useStudent } from '../api/get-student';
import { reportKeys } from '../api/keys';

export interface StudentComboboxProps {
  label: string;
  value: string;
  onChange(studentId: string): void;
  /** Only this school's students; every school the caller sees when ''. */
  schoolId: string;
  error?: string | undefined;
  required?: boolean;
}

const studentLine = (student: Student) =>
  [student.regNo, student.classArm?.name ?? 'No class arm', student.school.name].join(' · ');

/** The chosen student with a way to choose again, or a search that lists matches as options. */
export function StudentCombobox(props: StudentComboboxProps) {
  const chosen = useStudent(props.value || undefined);
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline">
        <span id={labelId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {props.label}
        </span>
        {props.required && (
          <span className="ml-0.5 text-sm text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {props.value ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900 dark:text-white">
              {chosen.data ? displayName(chosen.data) : chosen.isError ? 'Chosen student' : 'Loading...'}
            </p>
            {chosen.data && (
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{studentLine(chosen.data)}</p>
            )}
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Change the student${chosen.data ? ` (${displayName(chosen.data)})` : ''}`}
            onClick={() => props.onChange('')}
          >
            <X className="size-4" aria-hidden="true" />
            Change
          </Button>
        </div>
      ) : (
        <StudentSearchBox {...props} labelId={labelId} errorId={errorId} />
      )}
      {props.error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {props.error}
        </p>
      )}
    </div>
  );
}

function StudentSearchBox({
  schoolId,
  onChange,
  error,
  required,
  labelId,
  errorId,
}: StudentComboboxProps & { labelId: string; errorId: string }) {
  const listId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebouncedValue(text.trim());
  const results = useStudentSearch({ search: term, school: schoolId || undefined, limit: 8 });
  const options = term && results.data ? results.data : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (student: Student) => {
    // The match is the student: a bursar may search students but not open one by id.
    queryClient.setQueryData(reportKeys.student(student._id), student);
    onChange(student._id);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (options.length === 0 ? -1 : (at + step + options.length) % options.length));
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  let status = '';
  if (term === '') status = 'Type part of a name or registration number.';
  else if (results.isPending || results.isFetching) status = 'Searching...';
  else if (results.isError) status = errorMessage(results.error, 'Failed to fetch students');
  else if (options.length === 0) status = `No student matches “${term}”.`;
  else
    status = `${options.length} matching ${options.length === 1 ? 'student' : 'students'}: use the arrow keys to choose.`;

  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-5 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <Input
        role="combobox"
        aria-labelledby={labelId}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
        autoComplete="off"
        placeholder="Name or registration number"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="pl-9"
      />
      <div
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((student, index) => (
          // The input keeps focus and handles the keys (aria-activedescendant); a pointer picks directly.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard for its options
          <div
            key={student._id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(student)}
            className={clsx(
              'cursor-pointer px-3 py-2 text-sm',
              index === active
                ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-100'
                : 'text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            <span className="block truncate font-medium">{displayName(student)}</span>
            <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{studentLine(student)}</span>
          </div>
        ))}
      </div>
      <p aria-live="polite" className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
        {status}
      </p>
    </div>
  );
}

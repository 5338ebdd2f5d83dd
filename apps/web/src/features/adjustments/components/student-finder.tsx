import { displayName } from '@schoolledger/domain';
import { useId, useState } from 'react';
import { Button, SearchInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useStudentSearch } from '@/lib/queries/student-search';

export interface FoundStudent {
  _id: string;
  name: string;
  regNo: string | null;
  schoolId: string;
  school: string;
}

export interface StudentFinderProps {
  label: string;
  /** The button beside each match: 'Choose' for one student, 'Add' for several. */
  action: string;
  onPick(student: FoundStudent): void;
  /** Students already chosen, left out of the matches. */
  exclude?: readonly string[];
  /** Only this school's students; every school the caller may see without it. */
  schoolId?: string | undefined;
  error?: string | undefined;
}

/** Finds a student of the caller's schools by name or registration number. */
export function StudentFinder({ label, action, onPick, exclude = [], schoolId, error }: StudentFinderProps) {
  const errorId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const results = useStudentSearch({ search: term, limit: 8, ...(schoolId ? { school: schoolId } : {}) });
  const matches = (results.data ?? []).filter((student) => !exclude.includes(student._id));

  return (
    <div className="space-y-2">
      <SearchInput
        label={label}
        value={text}
        onValueChange={setText}
        onSearch={setTerm}
        placeholder="Name or registration number"
        autoComplete="off"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {term !== '' && (
        <div aria-live="polite">
          {results.isPending ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">Searching...</p>
          ) : results.isError ? (
            <p className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(results.error, 'Failed to fetch students')}
            </p>
          ) : matches.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No students match “{term}”.</p>
          ) : (
            <ul
              aria-label="Matching students"
              className="max-h-60 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {matches.map((student) => {
                const name = displayName(student);
                return (
                  <li key={student._id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900 dark:text-white">{name}</span>
                      <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                        <span className="font-mono">{student.regNo}</span> · {student.school.name}
                      </span>
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${action} ${name}`}
                      onClick={() => {
                        onPick({
                          _id: student._id,
                          name,
                          regNo: student.regNo,
                          schoolId: student.school._id,
                          school: student.school.name,
                        });
                        setText('');
                        setTerm('');
                      }}
                    >
                      {action}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

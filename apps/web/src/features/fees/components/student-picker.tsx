import { displayName } from '@schoolledger/domain';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, SearchInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useStudentSearch } from '@/lib/queries/student-search';

export interface PickedStudent {
  _id: string;
  name: string;
  regNo: string | null;
}

export interface StudentPickerProps {
  schoolId: string;
  value: readonly PickedStudent[];
  onChange(students: PickedStudent[]): void;
  error?: string | undefined;
}

/** Search the school's students by name or registration number and pick those the fee applies to. */
export function StudentPicker({ schoolId, value, onChange, error }: StudentPickerProps) {
  const errorId = useId();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const results = useStudentSearch({ school: schoolId, search: term, limit: 10 });
  const picked = new Set(value.map((student) => student._id));
  const candidates = (results.data ?? []).filter((student) => !picked.has(student._id));

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Choose students</legend>
      {value.length > 0 && (
        <ul aria-label="Chosen students" className="flex flex-wrap gap-2">
          {value.map((student) => (
            <li
              key={student._id}
              className="inline-flex items-center gap-1 rounded-full bg-emerald-50 py-1 pr-1 pl-3 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300"
            >
              {student.name}
              <button
                type="button"
                aria-label={`Remove ${student.name}`}
                onClick={() => onChange(value.filter((item) => item._id !== student._id))}
                className="rounded-full p-0.5 hover:bg-emerald-100 dark:hover:bg-emerald-500/20"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchInput
        label="Search students"
        value={search}
        onValueChange={setSearch}
        onSearch={setTerm}
        disabled={!schoolId}
        placeholder={schoolId ? 'Name or registration number' : 'Select a school first'}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      />
      {term !== '' && (
        <div aria-live="polite">
          {results.isPending ? (
            <p className="text-sm text-slate-500">Searching...</p>
          ) : results.isError ? (
            <p className="text-sm text-red-600">{errorMessage(results.error, 'Failed to fetch students')}</p>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-slate-500">No students found</p>
          ) : (
            <ul
              aria-label="Matching students"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {candidates.map((student) => {
                const name = displayName(student);
                return (
                  <li key={student._id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                    <span className="min-w-0 truncate">
                      {name}
                      {student.regNo && <span className="ml-2 text-slate-500">{student.regNo}</span>}
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Add ${name}`}
                      onClick={() => onChange([...value, { _id: student._id, name, regNo: student.regNo }])}
                    >
                      Add
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

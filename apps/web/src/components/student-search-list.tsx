import { displayName, type Student } from '@schoolledger/domain';
import { SearchX, UserRound } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { EmptyState, LoadingState, SearchInput } from '@/components/ui';
import { useStudentSearch } from '@/lib/queries/student-search';

/** Arrow keys move between results; Tab and Enter work as on any button. */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null) {
  if (!list || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
  const buttons = [...list.querySelectorAll<HTMLButtonElement>('button')];
  if (!buttons.length) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === 'ArrowDown' ? Math.min(at + 1, buttons.length - 1) : Math.max(at - 1, 0);
  buttons[at === -1 ? 0 : next]?.focus();
}

interface StudentSearchListProps {
  /** Only this school's students; every school the person may see when left out (then each result names its school). */
  schoolId?: string;
  placeholder: string;
  /** What to type, shown before anything is typed. */
  hint: string;
  onChoose(student: Student): void;
}

/** Find a student by name or registration number and choose one: the cash desk's and the bank statements' picker. */
export function StudentSearchList({ schoolId, placeholder, hint, onChoose }: StudentSearchListProps) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const results = useStudentSearch({ search: term, limit: 8, ...(schoolId !== undefined && { school: schoolId }) });
  const list = useRef<HTMLUListElement>(null);
  const showSchool = schoolId === undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys are a shortcut; every result is a button
    <div className="space-y-4" onKeyDown={(event) => moveFocus(event, list.current)}>
      <SearchInput
        label="Search student"
        value={text}
        onValueChange={setText}
        onSearch={setTerm}
        placeholder={placeholder}
        autoComplete="off"
        autoFocus
      />
      {term === '' ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{hint}</p>
      ) : (
        <QueryState
          query={results}
          loading={<LoadingState label="Searching students..." className="py-6" />}
          errorTitle="Failed to fetch students"
          isEmpty={(data) => data.length === 0}
          empty={
            <EmptyState
              icon={SearchX}
              title="No students match"
              description={`Nobody's name or registration number matches “${term}”.`}
              className="py-8"
            />
          }
        >
          {(found) => (
            <ul
              ref={list}
              aria-label="Matching students"
              className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            >
              {found.map((student) => (
                <li key={student._id}>
                  <button
                    type="button"
                    onClick={() => onChoose(student)}
                    className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-emerald-50 focus-visible:bg-emerald-50 focus-visible:outline-none dark:hover:bg-emerald-500/10 dark:focus-visible:bg-emerald-500/10"
                  >
                    <span className="hidden rounded-full bg-slate-100 p-2 text-slate-500 sm:block dark:bg-slate-800">
                      <UserRound className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words text-slate-900 dark:text-white">
                        {displayName(student)}
                      </span>
                      <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                        <span className="font-mono">{student.regNo}</span>
                        {' · '}
                        {student.classArm?.name ?? 'No class'}
                      </span>
                      {showSchool && (
                        <span className="block truncate text-xs text-slate-500 sm:hidden dark:text-slate-400">
                          {student.school.name}
                        </span>
                      )}
                    </span>
                    {showSchool && (
                      <span className="hidden max-w-48 truncate text-right text-xs text-slate-500 sm:block dark:text-slate-400">
                        {student.school.name}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      )}
    </div>
  );
}

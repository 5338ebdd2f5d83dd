import { displayName, type Student } from '@schoolledger/domain';
import { SearchX, UserRound } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { EmptyState, LoadingState, SearchInput } from '@/components/ui';
import { useStudentSearch } from '@/lib/queries/student-search';

export interface ChosenStudent {
  _id: string;
  name: string;
  regNo: string;
  classArm: string | null;
  school: string;
  schoolId: string;
}

export const chosenFrom = (student: Student): ChosenStudent => ({
  _id: student._id,
  name: displayName(student),
  regNo: student.regNo,
  classArm: student.classArm?.name ?? null,
  school: student.school.name,
  schoolId: student.school._id,
});

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

/** Step 1: find the student at the desk by name or registration number. */
export function StudentSearch({ onChoose }: { onChoose(student: ChosenStudent): void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const results = useStudentSearch({ search: term, limit: 8 });
  const list = useRef<HTMLUListElement>(null);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys are a shortcut; every result is a button
    <div className="space-y-4" onKeyDown={(event) => moveFocus(event, list.current)}>
      <SearchInput
        label="Search student"
        value={text}
        onValueChange={setText}
        onSearch={setTerm}
        placeholder="Name or registration number, e.g. CVC/2025/0142"
        autoComplete="off"
        autoFocus
      />
      {term === '' ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Type at least part of a name or registration number to find the student.
        </p>
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
              {found.map((student) => {
                const chosen = chosenFrom(student);
                return (
                  <li key={student._id}>
                    <button
                      type="button"
                      onClick={() => onChoose(chosen)}
                      className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-emerald-50 focus-visible:bg-emerald-50 focus-visible:outline-none dark:hover:bg-emerald-500/10 dark:focus-visible:bg-emerald-500/10"
                    >
                      <span className="hidden rounded-full bg-slate-100 p-2 text-slate-500 sm:block dark:bg-slate-800">
                        <UserRound className="size-4" aria-hidden="true" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-slate-900 dark:text-white">{chosen.name}</span>
                        <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                          <span className="font-mono">{chosen.regNo}</span>
                          {' · '}
                          {chosen.classArm ?? 'No class'}
                        </span>
                        <span className="block truncate text-xs text-slate-500 sm:hidden dark:text-slate-400">
                          {chosen.school}
                        </span>
                      </span>
                      <span className="hidden max-w-48 truncate text-right text-xs text-slate-500 sm:block dark:text-slate-400">
                        {chosen.school}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      )}
    </div>
  );
}

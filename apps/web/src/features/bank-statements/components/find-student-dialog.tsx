import { type BankStatementLine, formatKobo } from '@schoolledger/domain';
import { SearchX, UserRound } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, EmptyState, LoadingState, Modal, SearchInput } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { type FoundStudent, useStudentSearch } from '../api/search-students';

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

interface FindStudentDialogProps {
  line: BankStatementLine;
  schoolId: string;
  onChoose(student: FoundStudent): void;
  onClose(): void;
}

/** The bursar names the student a line is for, among the statement's school's students. */
export function FindStudentDialog({ line, schoolId, onChoose, onClose }: FindStudentDialogProps) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const results = useStudentSearch(schoolId, term);
  const list = useRef<HTMLUListElement>(null);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Find the student"
      description={`Whose is the ${formatKobo(line.amount)} of ${formatDate(line.booked_on)}?`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys are a shortcut; every result is a button */}
      <div className="space-y-4" onKeyDown={(event) => moveFocus(event, list.current)}>
        <p className="rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-5 wrap-anywhere whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
          {line.narration}
        </p>
        <SearchInput
          label="Search student"
          value={text}
          onValueChange={setText}
          onSearch={setTerm}
          placeholder="Name or registration number"
          autoComplete="off"
          autoFocus
        />
        {term === '' ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Type part of a name or registration number, as the narration spells it.
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
                          {student.name}
                        </span>
                        <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                          <span className="font-mono">{student.regNo}</span>
                          {' · '}
                          {student.classArm ?? 'No class'}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        )}
      </div>
    </Modal>
  );
}

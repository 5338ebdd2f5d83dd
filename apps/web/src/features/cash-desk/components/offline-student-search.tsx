import type { OwedFees } from '@schoolledger/domain';
import { SearchX } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, SearchInput } from '@/components/ui';
import { chosenFromCopy, searchCopy } from '../lib/offline-fees';
import type { ChosenStudent } from './student-search';

const SHOWN = 8;

/** Step 1 with no network: the students on the device's copy, found as the online search finds them. */
export function OfflineStudentSearch({ copy, onChoose }: { copy: OwedFees; onChoose(student: ChosenStudent): void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const found = searchCopy(copy, term, SHOWN);
  return (
    <div className="space-y-4">
      <SearchInput
        label="Search student"
        value={text}
        onValueChange={setText}
        onSearch={setTerm}
        delay={0}
        placeholder="Name or registration number, e.g. CVC/2025/0142"
        autoComplete="off"
        autoFocus
      />
      {term === '' ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Offline, the desk finds the {copy.students.length} students of {copy.school.name} who owe a fee.
        </p>
      ) : found.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No students match"
          description={`Nobody who owes a fee matches “${term}”. Students who owe nothing are not kept on this device.`}
          className="py-8"
        />
      ) : (
        <ul
          aria-label="Matching students"
          className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {found.map((student) => (
            <li key={student._id}>
              <button
                type="button"
                onClick={() => onChoose(chosenFromCopy(copy, student))}
                className="block w-full px-4 py-3 text-left hover:bg-emerald-50 focus-visible:bg-emerald-50 focus-visible:outline-none dark:hover:bg-emerald-500/10 dark:focus-visible:bg-emerald-500/10"
              >
                <span className="block font-medium break-words text-slate-900 dark:text-white">{student.name}</span>
                <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                  <span className="font-mono">{student.regNo}</span>
                  {' · '}
                  {student.classArm ?? 'No class'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

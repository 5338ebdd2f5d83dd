import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, EmptyState, SearchInput } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useExportStudentAccount } from '../api/export-student-account';
import { useStudentAccount } from '../api/get-student-account';
import { useBookStudents } from '../api/search-book-students';
import type { Period } from '../lib/books';
import { FormatButtons } from './format-buttons';
import { LedgerLines } from './ledger-lines';
import { Figures } from './table';

function StudentSearch({ schoolId, onPick }: { schoolId: string; onPick(id: string): void }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const students = useBookStudents(schoolId, term);
  return (
    <div className="space-y-3 px-5 py-4">
      <SearchInput
        label="Find a student"
        placeholder="Name or admission number"
        value={text}
        onValueChange={setText}
        onSearch={setTerm}
      />
      {term === '' ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Type a name or admission number to find the student.
        </p>
      ) : (
        <QueryState
          query={students}
          loading="Searching..."
          errorTitle="Failed to search students"
          isEmpty={(found) => found.length === 0}
          empty={<p className="text-sm text-slate-500 dark:text-slate-400">No student matches “{term}”.</p>}
        >
          {(found) => (
            <ul
              className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
              aria-label="Students found"
            >
              {found.map((student) => (
                <li key={student._id}>
                  <button
                    type="button"
                    onClick={() => onPick(student._id)}
                    className="flex w-full flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 dark:hover:bg-slate-800"
                  >
                    <span className="font-medium text-slate-900 dark:text-white">{student.name}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {[student.admissionNumber, student.school.name].filter(Boolean).join(' · ')}
                    </span>
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

function Account({ studentId, period, onClear }: { studentId: string; period: Period; onClear(): void }) {
  const account = useStudentAccount(studentId, { from: period.from, to: period.to });
  const exporter = useExportStudentAccount();
  return (
    <QueryState
      query={account}
      loading="Loading the account..."
      errorTitle="Failed to load the account"
      errorFrame="p-5"
    >
      {(data) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-4">
            <div className="min-w-0">
              <h3 className="font-medium text-slate-900 dark:text-white">{data.student.name}</h3>
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {[data.student.admissionNumber, data.school.name].filter(Boolean).join(' · ')}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <FormatButtons
                what="student account"
                pending={exporter.isPending}
                onExport={(format) => exporter.mutate({ studentId, student: data.student.name, period, format })}
              />
              <Button variant="ghost" size="sm" onClick={onClear}>
                Another student
              </Button>
            </div>
          </div>
          <Figures
            items={[
              { label: `Owed on ${formatDate(data.from)}`, kobo: data.opening },
              { label: 'Charged', kobo: data.debits },
              { label: 'Paid and credited', kobo: data.credits },
              { label: `Owed on ${formatDate(data.to)}`, kobo: data.closing },
            ]}
          />
          {data.lines.length === 0 ? (
            <EmptyState
              icon={UserRound}
              title="Nothing charged or paid in this period"
              description="The student's account had no movement between these days."
            />
          ) : (
            <LedgerLines
              label={`Account of ${data.student.name}`}
              lines={data.lines}
              columns={{ debit: 'Charged', credit: 'Paid', balance: 'Owes' }}
              showStudent={false}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

/** A student's account from the journal: what they were charged and paid, and what they owe after each. */
export function StudentAccountPanel({
  schoolId,
  studentId,
  period,
  onStudent,
}: {
  /** The school searched; every school the caller reads when empty. */
  schoolId: string;
  studentId: string;
  period: Period;
  onStudent(id: string): void;
}) {
  return (
    <Card>
      <CardHeader title="Student account" description="A student's charges and payments as the books hold them." />
      {studentId ? (
        <Account key={studentId} studentId={studentId} period={period} onClear={() => onStudent('')} />
      ) : (
        <StudentSearch schoolId={schoolId} onPick={onStudent} />
      )}
    </Card>
  );
}

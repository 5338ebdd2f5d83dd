import type { TermResult } from '@schoolledger/domain';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui';

/** A cell the school left empty in its file. */
const NOT_RECORDED_SHORT = '—';

const figure = (value: number | null, suffix = '') => (value === null ? NOT_RECORDED_SHORT : `${value}${suffix}`);

const attendance = (result: TermResult) =>
  result.daysPresent === null || result.totalDays === null
    ? NOT_RECORDED_SHORT
    : `${result.daysPresent}/${result.totalDays}${result.lateDays ? ` (${result.lateDays} late)` : ''}`;

export interface ResultsTableProps {
  results: readonly TermResult[];
  canManage: boolean;
  onEdit(result: TermResult): void;
  onDelete(result: TermResult): void;
}

/** A term's imported results: on a phone each student is a card, on a wider screen a table row. */
export function ResultsTable({ results, canManage, onEdit, onDelete }: ResultsTableProps) {
  const actions = (result: TermResult) =>
    canManage && (
      <div className="flex gap-1">
        <Button variant="ghost" size="sm" aria-label={`Edit ${result.student.name}`} onClick={() => onEdit(result)}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete ${result.student.name}`} onClick={() => onDelete(result)}>
          <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
        </Button>
      </div>
    );
  return (
    <>
      <ul className="divide-y divide-slate-200 md:hidden dark:divide-slate-800">
        {results.map((result) => (
          <li key={result._id} className="flex items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900 dark:text-white">{result.student.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {result.student.regNo} · {result.classArm?.name ?? 'No class arm'}
              </p>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                Average {figure(result.average)} · Position{' '}
                {result.position === null ? NOT_RECORDED_SHORT : `${result.position} of ${result.classSize}`} ·
                Attendance {attendance(result)}
              </p>
            </div>
            {actions(result)}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Results of the term</caption>
          <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2">
                Student
              </th>
              <th scope="col" className="px-4 py-2">
                Class arm
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Average
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Position
              </th>
              <th scope="col" className="px-4 py-2">
                Attendance
              </th>
              <th scope="col" className="px-4 py-2">
                Subjects
              </th>
              {canManage && (
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {results.map((result) => (
              <tr key={result._id}>
                <td className="px-4 py-2">
                  <p className="font-medium text-slate-900 dark:text-white">{result.student.name}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{result.student.regNo}</p>
                </td>
                <td className="px-4 py-2 text-slate-700 dark:text-slate-300">{result.classArm?.name ?? '—'}</td>
                <td className="px-4 py-2 text-right text-slate-900 tabular-nums dark:text-white">
                  {figure(result.average)}
                </td>
                <td className="px-4 py-2 text-right text-slate-700 tabular-nums dark:text-slate-300">
                  {result.position === null ? NOT_RECORDED_SHORT : `${result.position} of ${result.classSize}`}
                </td>
                <td className="px-4 py-2 text-slate-700 tabular-nums dark:text-slate-300">{attendance(result)}</td>
                <td className="max-w-xs px-4 py-2 text-xs text-slate-600 dark:text-slate-400">
                  {result.subjects.length === 0
                    ? NOT_RECORDED_SHORT
                    : result.subjects
                        .map(
                          (subject) =>
                            `${subject.name} ${subject.score ?? ''}${subject.grade ? ` (${subject.grade})` : ''}`,
                        )
                        .join(', ')}
                </td>
                {canManage && <td className="px-4 py-2">{actions(result)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

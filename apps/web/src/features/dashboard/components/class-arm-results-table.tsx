import { classArmFill, type FillBadge, type ResultsSummary, type TermFigures } from '@schoolledger/domain';
import { Link } from 'react-router';
import { formatRate, NOT_RECORDED } from '@/components/dashboard';
import { Badge, type BadgeVariant } from '@/components/ui';
import { naira } from '../lib/finance';

const FILL_BADGE: Record<FillBadge, BadgeVariant> = { Full: 'red', 'Nearly Full': 'yellow', Available: 'green' };

export interface ClassArmRow {
  _id: string;
  name: string;
  students: number;
  capacity: number;
  results: ResultsSummary;
  fees?: TermFigures;
}

const average = (results: ResultsSummary) =>
  results.averageScore === null ? NOT_RECORDED : results.averageScore.toFixed(2);

/**
 * Each class arm's fill, and where given its term fees; its imported results where there are
 * any, "Not recorded yet" where not. Arm names open the class arms page, results the term's list.
 */
export function ClassArmResultsTable({ arms, resultsTo }: { arms: readonly ClassArmRow[]; resultsTo: string }) {
  const withFees = arms.some((arm) => arm.fees);
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800" aria-label="Class arms">
        {arms.map((arm) => {
          const fill = classArmFill(arm.students, arm.capacity);
          return (
            <li key={arm._id} className="space-y-1 px-4 py-3 text-sm">
              <p className="flex items-center justify-between gap-2">
                <Link to="/class-arms" className="font-medium text-emerald-700 hover:underline dark:text-emerald-300">
                  {arm.name}
                </Link>
                <span className="text-slate-700 tabular-nums dark:text-slate-300">
                  {arm.students}/{arm.capacity} <Badge variant={FILL_BADGE[fill]}>{fill}</Badge>
                </span>
              </p>
              {arm.fees && (
                <Link to="/fees" className="block text-slate-600 hover:underline dark:text-slate-400">
                  Collected {naira(arm.fees.collected)} ({formatRate(arm.fees.collectionRate)}) · Outstanding{' '}
                  {naira(arm.fees.outstanding)}
                </Link>
              )}
              {arm.results.studentsWithResults === 0 ? (
                <p className="text-xs text-slate-500 dark:text-slate-400">Results: {NOT_RECORDED}</p>
              ) : (
                <Link to={resultsTo} className="block text-slate-900 hover:underline dark:text-white">
                  Average {average(arm.results)} · Attendance{' '}
                  {arm.results.attendanceRate === null ? NOT_RECORDED : formatRate(arm.results.attendanceRate)} ·{' '}
                  {arm.results.studentsWithResults} students
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Class arms</caption>
          <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2">
                Class arm
              </th>
              <th scope="col" className="px-4 py-2">
                Students
              </th>
              {withFees && (
                <>
                  <th scope="col" className="px-4 py-2 text-right">
                    Collected
                  </th>
                  <th scope="col" className="px-4 py-2 text-right">
                    Outstanding
                  </th>
                </>
              )}
              <th scope="col" className="px-4 py-2 text-right">
                Average
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Attendance
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {arms.map((arm) => {
              const fill = classArmFill(arm.students, arm.capacity);
              return (
                <tr key={arm._id}>
                  <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap">
                    <Link to="/class-arms" className="text-emerald-700 hover:underline dark:text-emerald-300">
                      {arm.name}
                    </Link>
                  </th>
                  <td className="px-4 py-2 whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-300">
                    {arm.students}/{arm.capacity} <Badge variant={FILL_BADGE[fill]}>{fill}</Badge>
                  </td>
                  {withFees && arm.fees && (
                    <>
                      <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                        <Link to="/fees" className="text-slate-900 hover:underline dark:text-white">
                          {naira(arm.fees.collected)}
                        </Link>
                        <span className="block text-xs text-slate-500 dark:text-slate-400">
                          {formatRate(arm.fees.collectionRate)}
                        </span>
                      </td>
                      <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                        <Link to="/fees" className="text-slate-900 hover:underline dark:text-white">
                          {naira(arm.fees.outstanding)}
                        </Link>
                        <span className="block text-xs text-slate-500 dark:text-slate-400">{arm.fees.owing} owing</span>
                      </td>
                    </>
                  )}
                  <td className="px-4 py-2 text-right tabular-nums">
                    {arm.results.studentsWithResults === 0 ? (
                      <span className="text-xs text-slate-500 dark:text-slate-400">{NOT_RECORDED}</span>
                    ) : (
                      <Link to={resultsTo} className="text-slate-900 hover:underline dark:text-white">
                        {average(arm.results)}
                        <span className="block text-xs text-slate-500 dark:text-slate-400">
                          {arm.results.studentsWithResults} students
                        </span>
                      </Link>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {arm.results.attendanceRate === null ? (
                      <span className="text-xs text-slate-500 dark:text-slate-400">{NOT_RECORDED}</span>
                    ) : (
                      <Link to={resultsTo} className="text-slate-900 hover:underline dark:text-white">
                        {formatRate(arm.results.attendanceRate)}
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

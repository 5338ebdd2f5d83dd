import { EXPENSE_CATEGORY_LABELS, type Expense, formatKobo, isExpensePayable, todayIn } from '@schoolledger/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/dates';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { StatusBadge } from './status-badge';

export interface ExpenseListProps {
  expenses: readonly Expense[];
  /** For those who see several schools. */
  showSchool: boolean;
  caption: string;
  /** Buttons of a row, such as Approve and Reject on the approvals tab. */
  actions?: ((expense: Expense) => ReactNode) | undefined;
  /** Off where nothing listed can have been paid yet (requests awaiting approval). */
  showPaid?: boolean;
}

/*
 * The title links to the request; its ::after covers the whole row or card so a click anywhere
 * opens it, while the keyboard reaches one link per request. Buttons sit above it (relative z-10).
 */
const rowLink =
  'font-medium text-slate-900 after:absolute after:inset-0 hover:text-emerald-700 hover:underline focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-emerald-600 dark:text-white dark:hover:text-emerald-400';

function Due({ expense, today }: { expense: Expense; today: string }) {
  if (!expense.dueDate) return <span className="text-slate-400">—</span>;
  const overdue = isExpensePayable(expense.status) && expense.dueDate < today;
  return (
    <span className={overdue ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
      {formatDate(expense.dueDate)}
      {overdue && <span className="block text-xs">Overdue</span>}
    </span>
  );
}

function Payee({ expense }: { expense: Expense }) {
  return <span className="break-words">{expense.payee.name}</span>;
}

/** A table on wide screens, cards below; only one is rendered, so every link and button exists once. */
export function ExpenseList({ expenses, showSchool, caption, actions, showPaid = true }: ExpenseListProps) {
  const wide = useMediaQuery('(min-width: 64rem)');
  const today = todayIn();

  if (wide)
    return (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-4 py-3">
                Expense
              </th>
              <th scope="col" className="px-3 py-3">
                Payee
              </th>
              <th scope="col" className="px-3 py-3">
                Due
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                Amount
              </th>
              {showPaid && (
                <th scope="col" className="px-3 py-3 text-right">
                  Paid
                </th>
              )}
              <th scope="col" className="px-3 py-3">
                Status
              </th>
              {actions && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
            {expenses.map((expense) => (
              <tr key={expense._id} className="relative hover:bg-slate-50 dark:hover:bg-slate-800/40">
                <td className="max-w-80 px-4 py-3">
                  <Link to={`/expenses/${expense._id}`} className={rowLink}>
                    {expense.title}
                  </Link>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-mono">{expense.reference}</span> · {EXPENSE_CATEGORY_LABELS[expense.category]}
                  </p>
                  {showSchool && <p className="text-xs text-slate-500 dark:text-slate-400">{expense.school.name}</p>}
                </td>
                <td className="max-w-56 px-3 py-3 text-slate-700 dark:text-slate-200">
                  <Payee expense={expense} />
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-200">
                  <Due expense={expense} today={today} />
                </td>
                <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
                  {formatKobo(expense.amount)}
                </td>
                {showPaid && (
                  <td className="px-3 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums dark:text-slate-200">
                    {expense.paid > 0n ? formatKobo(expense.paid) : '—'}
                  </td>
                )}
                <td className="px-3 py-3">
                  <StatusBadge status={expense.status} />
                </td>
                {actions && <td className="relative z-10 px-4 py-3">{actions(expense)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <ul aria-label={caption} className="divide-y divide-slate-200 dark:divide-slate-800">
      {expenses.map((expense) => (
        <li key={expense._id} className="relative space-y-2 px-4 py-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link to={`/expenses/${expense._id}`} className={`break-words ${rowLink}`}>
                {expense.title}
              </Link>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                <span className="font-mono">{expense.reference}</span> · {EXPENSE_CATEGORY_LABELS[expense.category]}
              </p>
            </div>
            <StatusBadge status={expense.status} className="shrink-0 whitespace-nowrap" />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700 dark:text-slate-200">
            {showSchool && (
              <>
                <dt className="text-slate-500 dark:text-slate-400">School</dt>
                <dd className="min-w-0 break-words">{expense.school.name}</dd>
              </>
            )}
            <dt className="text-slate-500 dark:text-slate-400">Payee</dt>
            <dd className="min-w-0">
              <Payee expense={expense} />
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
              {formatKobo(expense.amount)}
              {expense.paid > 0n && (
                <span className="font-normal text-slate-600 dark:text-slate-300">
                  {' '}
                  · {formatKobo(expense.paid)} paid
                </span>
              )}
            </dd>
            <dt className="text-slate-500 dark:text-slate-400">Due</dt>
            <dd>
              <Due expense={expense} today={today} />
            </dd>
          </dl>
          {actions && <div className="relative z-10">{actions(expense)}</div>}
        </li>
      ))}
    </ul>
  );
}

import {
  type BudgetLine,
  type BudgetReport,
  budgetLevel,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  formatKobo,
  percentUsed,
} from '@schoolledger/domain';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui';
import { BudgetMeter } from './budget-level';

export interface BudgetTableProps {
  report: BudgetReport;
  /** Whether the caller sets and removes budgets (expenses.manage); others only read. */
  manage: boolean;
  onSet(category: ExpenseCategory): void;
  onDelete(line: BudgetLine): void;
}

const money = (kobo: bigint | null) => (kobo === null ? '—' : formatKobo(kobo));

const overspent = (line: Pick<BudgetLine, 'budget' | 'actual'>) => line.budget !== null && line.actual > line.budget;

/** The term's whole budget against all its spending, worked out in kobo as the server does a line. */
function totalLine(report: BudgetReport) {
  const { budget, actual, committed } = report.totals;
  return { budget, actual, committed, percent: percentUsed(budget, actual), level: budgetLevel(budget, actual) };
}

type ActionsProps = { line: BudgetLine } & Pick<BudgetTableProps, 'onSet' | 'onDelete'>;

function Actions({ line, onSet, onDelete }: ActionsProps) {
  const name = EXPENSE_CATEGORY_LABELS[line.category];
  if (line._id === null) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="-mx-3 md:mx-0"
        aria-label={`Set budget for ${name}`}
        onClick={() => onSet(line.category)}
      >
        <Plus className="size-4" aria-hidden="true" />
        Set budget
      </Button>
    );
  }
  return (
    <div className="-mx-3 flex gap-1 md:mx-0 md:justify-end">
      <Button variant="ghost" size="sm" aria-label={`Edit budget for ${name}`} onClick={() => onSet(line.category)}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete budget for ${name}`} onClick={() => onDelete(line)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}

const figure = 'px-4 py-3 text-right whitespace-nowrap tabular-nums';

/** Every category line, budget against actual and committed: cards on a phone, a table from a tablet up. */
export function BudgetTable({ report, manage, onSet, onDelete }: BudgetTableProps) {
  const total = totalLine(report);
  return (
    <>
      <ul className="divide-y divide-slate-200 md:hidden dark:divide-slate-800" aria-label="Budget lines">
        {report.lines.map((line) => {
          const name = EXPENSE_CATEGORY_LABELS[line.category];
          return (
            <li key={line.category} className="space-y-3 px-4 py-4">
              <h3 className="font-medium text-slate-900 dark:text-white">{name}</h3>
              <Figures budget={line.budget} actual={line.actual} committed={line.committed} />
              <BudgetMeter label={name} percent={line.percentUsed} level={line.level} overspent={overspent(line)} />
              {manage && <Actions line={line} onSet={onSet} onDelete={onDelete} />}
            </li>
          );
        })}
        <li className="space-y-3 bg-slate-50 px-4 py-4 dark:bg-slate-800/60">
          <h3 className="font-semibold text-slate-900 dark:text-white">Total</h3>
          <Figures budget={total.budget} actual={total.actual} committed={total.committed} />
          <BudgetMeter label="Total" percent={total.percent} level={total.level} overspent={overspent(total)} />
        </li>
      </ul>

      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Budgets of {report.school.name}, {report.term.name}
          </caption>
          <thead className="bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-medium">
                Category
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Budget
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Actual
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Committed
              </th>
              <th scope="col" className="px-4 py-2 text-left font-medium">
                Used
              </th>
              {manage && (
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-900 dark:divide-slate-800 dark:text-white">
            {report.lines.map((line) => {
              const name = EXPENSE_CATEGORY_LABELS[line.category];
              return (
                <tr key={line.category}>
                  <th scope="row" className="px-4 py-3 text-left font-medium whitespace-nowrap">
                    {name}
                  </th>
                  <td className={figure}>{money(line.budget)}</td>
                  <td className={figure}>{money(line.actual)}</td>
                  <td className={figure}>{money(line.committed)}</td>
                  <td className="px-4 py-3">
                    <BudgetMeter
                      label={name}
                      percent={line.percentUsed}
                      level={line.level}
                      overspent={overspent(line)}
                    />
                  </td>
                  {manage && (
                    <td className="px-4 py-2 text-right">
                      <Actions line={line} onSet={onSet} onDelete={onDelete} />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900 dark:border-slate-600 dark:bg-slate-800/60 dark:text-white">
            <tr>
              <th scope="row" className="px-4 py-3 text-left">
                Total
              </th>
              <td className={figure}>{money(total.budget)}</td>
              <td className={figure}>{money(total.actual)}</td>
              <td className={figure}>{money(total.committed)}</td>
              <td className="px-4 py-3 font-normal">
                <BudgetMeter label="Total" percent={total.percent} level={total.level} overspent={overspent(total)} />
              </td>
              {manage && <td />}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        Actual is what was paid out, net of reversals. Committed is approved and not yet paid. Alerts go out at 80% and
        100% of a budget.
      </p>
    </>
  );
}

function Figures({ budget, actual, committed }: { budget: bigint | null; actual: bigint; committed: bigint }) {
  return (
    <dl className="space-y-1 text-sm">
      {(
        [
          ['Budget', budget],
          ['Actual', actual],
          ['Committed', committed],
        ] as const
      ).map(([term, value]) => (
        <div key={term} className="flex items-baseline justify-between gap-3">
          <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
          <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{money(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

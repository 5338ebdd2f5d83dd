import { type CashFlowAhead, formatCalendarDate, formatKobo, type Kobo, plural } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { AlertTriangle } from 'lucide-react';
import { Card, CardHeader, EmptyState } from '@/components/ui';
import { shortfalls } from '../lib/forecast-view';
import { bodyRows, headRow, TableFrame, Td, Th } from './tables';

type Week = CashFlowAhead['weeks'][number];

/** A balance below zero says so with its minus sign and in bold, not in red alone. */
function Balance({ kobo }: { kobo: Kobo }) {
  return (
    <span className={kobo < 0n ? 'font-semibold text-red-700 dark:text-red-400' : undefined}>
      {kobo < 0n ? `−${formatKobo(-kobo)}` : formatKobo(kobo)}
    </span>
  );
}

function Short() {
  return (
    <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-200">
      <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
      Not covered at the low forecast
    </span>
  );
}

function Band({ week }: { week: Week }) {
  return (
    <span className="block text-xs text-slate-500 dark:text-slate-400">
      low {formatKobo(week.low_in)} – high {formatKobo(week.high_in)}
    </span>
  );
}

const KIND_NAMES: Record<Week['outgoings'][number]['kind'], string> = {
  expense: 'Approved expense, due',
  commitment: 'Monthly, due',
  budget: 'Budget left for the month, from',
};

/**
 * What goes out in a week, each item with its kind and day, and their total when there are several;
 * not itemised (the group's, where every school's items would run to pages), the total and how many.
 */
function Outgoings({ week, itemised }: { week: Week; itemised: boolean }) {
  if (week.outgoings.length === 0) return <span className="text-slate-500 dark:text-slate-400">Nothing due</span>;
  if (!itemised) {
    return (
      <span className="tabular-nums">
        {formatKobo(week.out)}
        <span className="block text-xs text-slate-500 dark:text-slate-400">
          {plural(week.outgoings.length, 'payment')} due across the schools
        </span>
      </span>
    );
  }
  return (
    <ul className="space-y-1">
      {week.outgoings.map((outgoing, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: two expenses may share a title and a day
          key={`${outgoing.due_on}-${outgoing.label}-${index}`}
          className="flex justify-between gap-3"
        >
          <span className="min-w-0 break-words">
            {outgoing.label}
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {KIND_NAMES[outgoing.kind]} {formatCalendarDate(outgoing.due_on)}
            </span>
          </span>
          <span className="whitespace-nowrap tabular-nums">{formatKobo(outgoing.amount)}</span>
        </li>
      ))}
      {week.outgoings.length > 1 && (
        <li className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-medium dark:border-slate-700">
          <span>Total</span>
          <span className="whitespace-nowrap tabular-nums">{formatKobo(week.out)}</span>
        </li>
      )}
    </ul>
  );
}

const weekName = (week: Week) => `${formatCalendarDate(week.starts_on)} – ${formatCalendarDate(week.ends_on)}`;

/** On a phone each week is a card of its own: six columns do not fit 360 pixels. */
function WeekCards({ weeks, label, itemised }: { weeks: readonly Week[]; label: string; itemised: boolean }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 sm:hidden dark:divide-slate-800">
      {weeks.map((week) => (
        <li
          key={week.starts_on}
          className={clsx(
            'space-y-3 px-4 py-4 text-sm',
            week.uncovered_days.length > 0 && 'bg-amber-50 dark:bg-amber-950/30',
          )}
        >
          <div>
            <p className="font-medium text-slate-900 dark:text-white">{weekName(week)}</p>
            {week.uncovered_days.length > 0 && <Short />}
          </div>
          <dl className="grid grid-cols-2 gap-3 text-slate-900 tabular-nums dark:text-white">
            <div className="col-span-2">
              <dt className="text-xs text-slate-500 dark:text-slate-400">Expected in</dt>
              <dd>
                {formatKobo(week.expected_in)}
                <Band week={week} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Balance expected</dt>
              <dd>
                <Balance kobo={week.expected_balance} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Balance at low</dt>
              <dd>
                <Balance kobo={week.low_balance} />
              </dd>
            </div>
          </dl>
          <div>
            <p className="text-xs text-slate-500 dark:text-slate-400">Going out</p>
            <div className="text-slate-900 dark:text-white">
              <Outgoings week={week} itemised={itemised} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function WeekTable({ weeks, label, itemised }: { weeks: readonly Week[]; label: string; itemised: boolean }) {
  return (
    <div className="max-sm:hidden">
      <TableFrame label={label}>
        <table className="w-full min-w-[46rem] text-sm">
          <thead>
            <tr className={headRow}>
              <Th>Week</Th>
              <Th numeric>Expected in</Th>
              <Th>Going out</Th>
              <Th numeric>Balance expected</Th>
              <Th numeric>Balance at low</Th>
            </tr>
          </thead>
          <tbody className={bodyRows}>
            {weeks.map((week) => (
              <tr
                key={week.starts_on}
                className={clsx(week.uncovered_days.length > 0 && 'bg-amber-50 dark:bg-amber-950/30')}
              >
                <Td className="w-40">
                  {weekName(week)}
                  {week.uncovered_days.length > 0 && <Short />}
                </Td>
                <Td numeric>
                  {formatKobo(week.expected_in)}
                  <Band week={week} />
                </Td>
                <Td className="min-w-[15rem]">
                  <Outgoings week={week} itemised={itemised} />
                </Td>
                <Td numeric>
                  <Balance kobo={week.expected_balance} />
                </Td>
                <Td numeric>
                  <Balance kobo={week.low_balance} />
                </Td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}

/**
 * Week by week to the term's end: what is expected in (with the low and high lines), what goes
 * out (approved expenses not yet paid, monthly commitments, the budgets left spread by month), and the balance
 * at the expected and at the low line; the days the low line does not cover are named above the weeks.
 * A school's, or the group's (its schools added, each to its own term's end).
 */
export function CashFlow({
  cashFlow,
  title,
  label,
  itemised,
}: {
  cashFlow: CashFlowAhead;
  title: string;
  /** The weeks' name for assistive technology: two cash flows on a page need two names. */
  label: string;
  /** Each payment due listed (a school's), or each week's total only (the group's). */
  itemised: boolean;
}) {
  const { opening, weeks } = cashFlow;
  const gaps = shortfalls(weeks);
  return (
    <Card className="min-w-0 overflow-hidden">
      <CardHeader
        title={title}
        description={`From ${formatKobo(opening)} held today (cash, tills, bank and payments on their way), week by week to the term's end.`}
      />
      {gaps.length > 0 && (
        <div
          role="alert"
          className="m-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">Not every payment is covered if collections follow the low forecast</p>
            <ul className="list-disc space-y-0.5 pl-5">
              {gaps.map((gap) => (
                <li key={gap.day}>{gap.text}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {weeks.length === 0 ? (
        <EmptyState title="No weeks left in this term" className="py-8" />
      ) : (
        <>
          <WeekCards weeks={weeks} label={label} itemised={itemised} />
          <WeekTable weeks={weeks} label={label} itemised={itemised} />
        </>
      )}
    </Card>
  );
}

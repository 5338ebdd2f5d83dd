import {
  formatCalendarDate,
  formatKobo,
  lagosDateTime,
  TILL_STATUS_LABELS,
  type TillCashUp,
  todayIn,
} from '@schoolledger/domain';
import { CalendarX2, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, EmptyState, FormField, Input } from '@/components/ui';
import { formatTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useCashUp } from '../api/get-cash-up';
import { TILL_MESSAGES } from '../lib/messages';
import { varianceText } from './close-till-dialog';
import { PrintSheet, printSheet, SignatureLines } from './print-sheet';
import { STATUS_BADGES } from './till-report';

const PAGE_ID = 'cash-up-page';

type Till = TillCashUp['tills'][number];

/** The columns of the day's table, on screen and on the printed page alike. */
const COLUMNS: { label: string; value(till: Till): string; total?(totals: TillCashUp['totals']): string }[] = [
  { label: 'Float', value: (till) => formatKobo(till.float), total: (totals) => formatKobo(totals.float) },
  { label: 'Taken', value: (till) => formatKobo(till.cash_taken), total: (totals) => formatKobo(totals.cash_taken) },
  { label: 'Refunds', value: (till) => formatKobo(till.refunded), total: (totals) => formatKobo(totals.refunded) },
  { label: 'Voids', value: (till) => formatKobo(till.voided), total: (totals) => formatKobo(totals.voided) },
  { label: 'Expected', value: (till) => formatKobo(till.expected), total: (totals) => formatKobo(totals.expected) },
  {
    label: 'Counted',
    value: (till) => (till.counted === null ? 'Not yet' : formatKobo(till.counted)),
    total: (totals) => formatKobo(totals.counted),
  },
  {
    label: 'Difference',
    value: (till) => (till.variance === null ? '—' : varianceText(till.variance)),
    total: (totals) => varianceText(totals.variance),
  },
  {
    label: 'Banked',
    value: (till) => (till.banked === null ? 'Not yet' : formatKobo(till.banked)),
    total: (totals) => formatKobo(totals.banked),
  },
];

const dayOf = (date: string) => formatCalendarDate(date);

/**
 * A school's day at the cash desk: every till opened that day with what it took, paid back,
 * should hold, was counted at and banked, the day's totals, and the cash not yet banked.
 */
export function CashUp({ schoolId, date, onDate }: { schoolId: string; date: string; onDate(date: string): void }) {
  const day = date || todayIn();
  const cashUp = useCashUp({ school_id: schoolId, date: day });
  const data = cashUp.data;
  // Only a loaded day with tills has a page to print.
  const printable = Boolean(data && data.date === day && data.tills.length > 0 && !cashUp.isFetching);

  return (
    <section aria-labelledby="cash-up-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="cash-up-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Daily cash-up
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Every till opened on the day, and where its cash is.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Day" className="w-full sm:w-48">
            <Input
              type="date"
              value={day}
              max={todayIn()}
              onChange={(event) => event.target.value && onDate(event.target.value)}
            />
          </FormField>
          <Button
            variant="secondary"
            disabled={!printable}
            className="max-sm:w-full"
            onClick={() => {
              printSheet(PAGE_ID, 'A4-landscape');
              notify.success(TILL_MESSAGES.cashUpPrinted);
            }}
          >
            <Printer className="size-4" aria-hidden="true" />
            Print A4
          </Button>
        </div>
      </div>
      <QueryState query={cashUp} loading="Loading the cash-up..." errorTitle={TILL_MESSAGES.cashUpFailed}>
        {(loaded) =>
          loaded.tills.length === 0 ? (
            <Card>
              <EmptyState
                icon={CalendarX2}
                title={`No till was opened at ${loaded.school.name} on ${dayOf(loaded.date)}`}
                description="Choose another day to see its tills."
              />
            </Card>
          ) : (
            <>
              <Totals cashUp={loaded} />
              <TillTable cashUp={loaded} />
              <TillCards cashUp={loaded} />
              <PrintSheet id={PAGE_ID} paper="A4-landscape" label="Printed daily cash-up">
                <CashUpPage cashUp={loaded} />
              </PrintSheet>
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'warn' | 'good' | undefined }) {
  const tones = {
    warn: 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-500/10',
    good: 'border-emerald-200 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-500/10',
  };
  return (
    <div
      className={`rounded-lg border p-3 ${tone ? tones[tone] : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'}`}
    >
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

function Totals({ cashUp }: { cashUp: TillCashUp }) {
  const { totals } = cashUp;
  return (
    <dl aria-label="The day's totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <Figure label="Cash taken" value={formatKobo(totals.cash_taken)} />
      <Figure label="Expected in the drawers" value={formatKobo(totals.expected)} />
      <Figure label="Counted" value={formatKobo(totals.counted)} />
      <Figure label="Banked" value={formatKobo(totals.banked)} tone={totals.banked > 0n ? 'good' : undefined} />
      <Figure
        label="Cash not yet banked"
        value={formatKobo(totals.not_banked)}
        tone={totals.not_banked > 0n ? 'warn' : undefined}
      />
    </dl>
  );
}

function Who({ till }: { till: Till }) {
  return (
    <>
      <span className="font-medium text-slate-900 dark:text-white">{till.desk}</span>
      <span className="block text-xs text-slate-600 dark:text-slate-300">
        {till.opened_by.name} · {formatTime(till.opened_at)}
        {till.closed_at && `–${formatTime(till.closed_at)}`}
      </span>
    </>
  );
}

/** From a tablet up: one row a till, its figures in columns, the day's totals at the foot. */
function TillTable({ cashUp }: { cashUp: TillCashUp }) {
  return (
    // Focusable, so a keyboard scrolls it where its columns are wider than the page.
    <Card
      tabIndex={0}
      aria-label={`Tills of ${dayOf(cashUp.date)}`}
      className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-emerald-600 md:block"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          Tills opened at {cashUp.school.name} on {dayOf(cashUp.date)}
        </caption>
        <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <tr>
            <th scope="col" className="min-w-40 px-3 py-2 text-left font-medium">
              Till
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Status
            </th>
            {COLUMNS.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {cashUp.tills.map((till) => (
            <tr key={till._id}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <Who till={till} />
              </th>
              <td className="px-3 py-2">
                <Badge variant={STATUS_BADGES[till.status]}>{TILL_STATUS_LABELS[till.status]}</Badge>
              </td>
              {COLUMNS.map((column) => (
                <td key={column.label} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                  {column.value(till)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold dark:border-slate-700">
          <tr>
            <th scope="row" colSpan={2} className="px-3 py-2 text-left">
              Day's totals
            </th>
            {COLUMNS.map((column) => (
              <td key={column.label} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {column.total?.(cashUp.totals)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

/** On a phone: a card a till, its figures as label and amount. */
function TillCards({ cashUp }: { cashUp: TillCashUp }) {
  return (
    <ul aria-label="Tills of the day" className="space-y-3 md:hidden">
      {cashUp.tills.map((till) => (
        <li key={till._id}>
          <Card className="p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="min-w-0">
                <Who till={till} />
              </p>
              <Badge variant={STATUS_BADGES[till.status]}>{TILL_STATUS_LABELS[till.status]}</Badge>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {COLUMNS.map((column) => (
                <div key={column.label} className="contents">
                  <dt className="text-slate-600 dark:text-slate-300">{column.label}</dt>
                  <dd className="text-right tabular-nums text-slate-900 dark:text-white">{column.value(till)}</dd>
                </div>
              ))}
            </dl>
            {till.variance_reason && (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">Reason: {till.variance_reason}</p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function PageCell({ children, right = false, head = false }: { children: ReactNode; right?: boolean; head?: boolean }) {
  const Tag = head ? 'th' : 'td';
  return (
    <Tag
      {...(head && { scope: 'col' })}
      className={`px-1.5 py-1 align-top ${head ? 'border-b-2 border-black font-semibold' : 'border-b border-slate-300'} ${right ? 'text-right tabular-nums' : 'text-left'}`}
    >
      {children}
    </Tag>
  );
}

/** The printed day: the school, the day, a table of its tills with totals, and lines to sign. */
function CashUpPage({ cashUp }: { cashUp: TillCashUp }) {
  const reasons = cashUp.tills.filter((till) => till.variance_reason);
  return (
    <>
      <header className="flex items-end justify-between gap-6 border-b-2 border-black pb-3">
        <div>
          <p className="text-lg font-bold">{cashUp.school.name}</p>
          <h1 className="text-2xl font-bold">Daily cash-up: {dayOf(cashUp.date)}</h1>
        </div>
        <p className="text-right text-xs">Printed {lagosDateTime(new Date())}</p>
      </header>
      <table className="w-full border-collapse text-xs">
        <thead>
          <tr>
            <PageCell head>Till</PageCell>
            <PageCell head>Bursar</PageCell>
            <PageCell head>Status</PageCell>
            {COLUMNS.map((column) => (
              <PageCell key={column.label} head right>
                {column.label}
              </PageCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {cashUp.tills.map((till) => (
            <tr key={till._id}>
              <PageCell>{till.desk}</PageCell>
              <PageCell>{till.opened_by.name}</PageCell>
              <PageCell>{TILL_STATUS_LABELS[till.status]}</PageCell>
              {COLUMNS.map((column) => (
                <PageCell key={column.label} right>
                  {column.value(till)}
                </PageCell>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <td colSpan={3} className="border-t-2 border-black px-1.5 py-1">
              Totals
            </td>
            {COLUMNS.map((column) => (
              <td key={column.label} className="border-t-2 border-black px-1.5 py-1 text-right tabular-nums">
                {column.total?.(cashUp.totals)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      <p className="text-base font-semibold">Cash not yet banked: {formatKobo(cashUp.totals.not_banked)}</p>
      {reasons.length > 0 && (
        <div>
          <p className="font-semibold">Reasons for the differences</p>
          <ul className="list-disc pl-5">
            {reasons.map((till) => (
              <li key={till._id}>
                {till.desk} ({till.variance === null ? '' : varianceText(till.variance).toLowerCase()}):{' '}
                {till.variance_reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <SignatureLines labels={['Prepared by', 'Checked by']} />
    </>
  );
}

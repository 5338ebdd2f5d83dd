import {
  addDays,
  daysUntil,
  formatCalendarDate,
  formatKobo,
  LAGOS,
  RECONCILIATION_MAX_DAYS,
  RECONCILIATION_PROVIDER_LABELS,
  type Reconciliation,
  type ReconciliationRow,
  todayIn,
} from '@schoolledger/domain';
import { AlertTriangle, CheckCircle2, Download, Landmark, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, Card, CardBody, CardHeader, EmptyState, FormField, Input, LoadingState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useFetchSettlements } from '../api/fetch-settlements';
import { downloadReconciliation, useReconciliation } from '../api/get-reconciliation';

const VIEW_DAYS = 30;

/**
 * Paystack's payouts beside the statements: per settlement, what the provider said it collected,
 * kept and paid out, what SchoolLedger recorded of it, and the statement line it arrived as, with
 * each difference in words; the bursar can ask Paystack again and download the same as CSV.
 */
export function SettlementsCard({ schoolId }: { schoolId: string }) {
  const today = todayIn(LAGOS);
  const [days, setDays] = useState({ from: addDays(today, -(VIEW_DAYS - 1)), to: today });
  const [downloading, setDownloading] = useState(false);
  const tooLong = days.from !== '' && days.to !== '' && daysUntil(days.to, days.from) >= RECONCILIATION_MAX_DAYS;
  const backwards = days.from !== '' && days.to !== '' && days.from > days.to;
  const rangeError = backwards
    ? 'The end date must be on or after the start date'
    : tooLong
      ? `Choose at most ${RECONCILIATION_MAX_DAYS} days at a time`
      : undefined;
  const shown = rangeError ? { from: '', to: '' } : days;
  const report = useReconciliation(schoolId, shown);
  const fetching = useFetchSettlements();

  const save = async () => {
    setDownloading(true);
    try {
      await downloadReconciliation(schoolId, days);
    } catch (error) {
      notify.error(errorMessage(error, 'The file could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card aria-label="Settlements">
      <CardHeader
        title="Settlements"
        description="What Paystack and Flutterwave paid into the account for their online collections, less their charges, beside what was recorded here and what the bank shows."
      />
      <CardBody className="space-y-5">
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="From" error={rangeError && backwards ? undefined : rangeError} className="w-40">
            <Input
              type="date"
              value={days.from}
              max={today}
              onChange={(event) => setDays((current) => ({ ...current, from: event.target.value }))}
            />
          </FormField>
          <FormField label="To" error={backwards ? rangeError : undefined} className="w-40">
            <Input
              type="date"
              value={days.to}
              max={today}
              onChange={(event) => setDays((current) => ({ ...current, to: event.target.value }))}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            {report.data?.canFetch && (
              <Button
                variant="secondary"
                disabled={fetching.isPending || Boolean(rangeError)}
                onClick={() => fetching.mutate({ school_id: schoolId, from: days.from, to: days.to })}
              >
                <RefreshCw className={fetching.isPending ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
                {fetching.isPending ? 'Asking the providers...' : 'Check for settlements'}
              </Button>
            )}
            <Button variant="ghost" disabled={downloading || Boolean(rangeError) || !report.data} onClick={save}>
              <Download className="size-4" aria-hidden="true" />
              {downloading ? 'Downloading...' : 'Download CSV'}
            </Button>
          </div>
        </div>
        {!rangeError && (
          <QueryState
            query={report}
            loading={<LoadingState label="Loading settlements..." />}
            errorTitle="Failed to load the settlements"
            isEmpty={(data) => data.rows.length === 0}
            empty={
              <EmptyState
                icon={Landmark}
                title="No settlements for these days"
                description={
                  report.data?.canFetch
                    ? "Check for settlements to fetch the providers' payouts; import the statement that shows them to match each one."
                    : "Paystack and Flutterwave pay the school's own account only once the school's own keys are saved in the payment settings."
                }
              />
            }
          >
            {(data) => <SettlementRows data={data} />}
          </QueryState>
        )}
      </CardBody>
    </Card>
  );
}

function SettlementRows({ data }: { data: Reconciliation }) {
  const { totals } = data;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-4 dark:bg-slate-800/60">
        <Figure label="Collected" value={formatKobo(totals.gross)} />
        <Figure label="Charges" value={formatKobo(totals.charges)} />
        <Figure label="Paid out" value={formatKobo(totals.net)} />
        <Figure label="In the bank" value={formatKobo(totals.bank)} />
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
        {totals.differing === 0
          ? 'Everything agrees for these days.'
          : `${totals.differing} of ${data.rows.length} need a look.`}
      </p>
      <ul
        aria-label="Settlements by day"
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      >
        {data.rows.map((row) => (
          <SettlementRow key={row.settlement?._id ?? row.bank?._id} row={row} />
        ))}
      </ul>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold break-words text-slate-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

function SettlementRow({ row }: { row: ReconciliationRow }) {
  const provider = RECONCILIATION_PROVIDER_LABELS[row.provider];
  const agrees = row.differences.length === 0;
  const title = row.settlement
    ? `${provider} settlement ${row.settlement.reference}`
    : `${provider} payout on the statement`;
  return (
    <li className="space-y-3 px-4 py-3" aria-label={`${title}, ${formatCalendarDate(row.day)}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900 dark:text-white">{title}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{formatCalendarDate(row.day)}</p>
        </div>
        <Badge variant={agrees ? 'green' : 'yellow'}>{agrees ? 'Agrees' : 'Differs'}</Badge>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <Side title={`${provider} says`}>
          {row.settlement
            ? `${formatKobo(row.settlement.gross)} collected, ${formatKobo(row.settlement.charges)} charges, ${formatKobo(row.settlement.net)} paid out`
            : 'No settlement found'}
        </Side>
        <Side title="Recorded here">
          {row.recorded
            ? `${formatKobo(row.recorded.amount)} in ${row.recorded.count} of ${row.settlement?.transactions ?? 0} transactions`
            : 'Nothing to compare'}
        </Side>
        <Side title="The bank says">
          {row.bank
            ? `${formatKobo(row.bank.amount)} on ${formatCalendarDate(row.bank.bookedOn)}`
            : 'Not on a statement yet'}
        </Side>
      </dl>
      {agrees ? (
        <p className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          Posted to the books: the charges as an expense, the rest to the bank.
        </p>
      ) : (
        <ul className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          {row.differences.map((difference) => (
            <li key={difference} className="flex gap-1.5 break-words">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0">{difference}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Side({ title, children }: { title: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{title}</dt>
      <dd className="break-words text-slate-700 dark:text-slate-300">{children}</dd>
    </div>
  );
}

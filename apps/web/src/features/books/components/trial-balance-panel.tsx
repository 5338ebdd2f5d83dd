import { LEDGER_ACCOUNT_TYPE_LABELS, type TrialBalance } from '@schoolledger/domain';
import { Scale } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Badge, Card, CardHeader, EmptyState } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useExportTrialBalance } from '../api/export-trial-balance';
import { useTrialBalance } from '../api/get-trial-balance';
import { type Period, totalsSentence } from '../lib/books';
import { FormatButtons } from './format-buttons';
import { Body, Head, MoneyTd, Table, TableFrame, Td, Th } from './table';

function Verdict({ data }: { data: TrialBalance }) {
  const { debits, credits } = data.totals;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-5 py-3 text-sm dark:border-slate-800">
      <Badge variant={data.balanced ? 'green' : 'red'}>{data.balanced ? 'Balanced' : 'Out of balance'}</Badge>
      <span className="text-slate-700 tabular-nums dark:text-slate-300">{totalsSentence(debits, credits)}</span>
    </div>
  );
}

function TrialBalanceTable({ data }: { data: TrialBalance }) {
  const whose = data.school?.name ?? 'the group';
  return (
    <TableFrame label="Trial balance">
      <Table>
        <caption className="sr-only">
          Trial balance of {whose}, {formatDate(data.from)} to {formatDate(data.to)}
        </caption>
        <Head>
          <Th>Account</Th>
          <Th numeric>Opening</Th>
          <Th numeric>Debits</Th>
          <Th numeric>Credits</Th>
          <Th numeric>Closing debit</Th>
          <Th numeric>Closing credit</Th>
        </Head>
        <Body>
          {data.rows.map((row) => (
            <tr key={row.accountId ?? `${row.code}:${row.name}:${row.type}`}>
              <Td className="min-w-44">
                <span className="mr-1 text-slate-500 tabular-nums dark:text-slate-400">{row.code}</span> {row.name}
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {LEDGER_ACCOUNT_TYPE_LABELS[row.type]}
                </span>
              </Td>
              <MoneyTd kobo={row.opening} />
              <MoneyTd kobo={row.debits} blankZero />
              <MoneyTd kobo={row.credits} blankZero />
              <MoneyTd kobo={row.closingDebit} blankZero />
              <MoneyTd kobo={row.closingCredit} blankZero />
            </tr>
          ))}
        </Body>
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900 dark:border-slate-700 dark:bg-slate-800/60 dark:text-white">
          <tr>
            <th scope="row" colSpan={2} className="px-3 py-3 text-left">
              Totals
            </th>
            <MoneyTd kobo={data.totals.debits} />
            <MoneyTd kobo={data.totals.credits} />
            <MoneyTd kobo={data.totals.closingDebit} />
            <MoneyTd kobo={data.totals.closingCredit} />
          </tr>
        </tfoot>
      </Table>
    </TableFrame>
  );
}

/** Every account's opening, movements and closing over the period; debits and credits must agree. */
export function TrialBalancePanel({
  school,
  period,
}: {
  school: { _id: string; name: string } | null;
  period: Period;
}) {
  const query = { school_id: school?._id, from: period.from, to: period.to };
  const trialBalance = useTrialBalance(query);
  const exporter = useExportTrialBalance();
  return (
    <Card>
      <CardHeader
        title="Trial balance"
        description={`${school?.name ?? 'Every school of the group'}, ${formatDate(period.from)} to ${formatDate(period.to)}`}
        actions={
          <FormatButtons
            what="trial balance"
            pending={exporter.isPending}
            onExport={(format) =>
              exporter.mutate({ query: { ...query, ...period }, whose: school?.name ?? 'group', format })
            }
          />
        }
      />
      <QueryState
        query={trialBalance}
        loading="Loading the trial balance..."
        errorTitle="Failed to load the trial balance"
        errorFrame="p-5"
        isEmpty={(data) => data.rows.length === 0}
        empty={
          <EmptyState
            icon={Scale}
            title="Nothing in the books for this period"
            description="No account had a balance or a movement between these days. Choose another period."
          />
        }
      >
        {(data) => (
          <>
            <Verdict data={data} />
            <TrialBalanceTable data={data} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

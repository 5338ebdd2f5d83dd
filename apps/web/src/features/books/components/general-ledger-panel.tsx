import { LEDGER_ACCOUNT_TYPE_LABELS } from '@schoolledger/domain';
import { BookOpenText } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, EmptyState, FormField, Select } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useExportGeneralLedger } from '../api/export-general-ledger';
import { useAccounts } from '../api/get-accounts';
import { useGeneralLedger } from '../api/get-general-ledger';
import type { Period } from '../lib/books';
import { FormatButtons } from './format-buttons';
import { LedgerLines } from './ledger-lines';
import { Figures } from './table';

function AccountPicker({ schoolId, value, onChange }: { schoolId: string; value: string; onChange(id: string): void }) {
  const accounts = useAccounts(schoolId);
  return (
    <FormField label="Account" className="px-5 pt-4">
      <Select value={value} disabled={accounts.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="">{accounts.isPending ? 'Loading accounts...' : 'Choose an account'}</option>
        {accounts.data?.map((account) => (
          <option key={account._id} value={account._id}>
            {account.code} {account.name} ({LEDGER_ACCOUNT_TYPE_LABELS[account.type]})
          </option>
        ))}
      </Select>
    </FormField>
  );
}

function AccountLedger({ accountId, period }: { accountId: string; period: Period }) {
  const ledger = useGeneralLedger({ account_id: accountId, from: period.from, to: period.to });
  const exporter = useExportGeneralLedger();
  return (
    <QueryState query={ledger} loading="Loading the ledger..." errorTitle="Failed to load the ledger" errorFrame="p-5">
      {(data) => {
        const first = data.pages[0]!;
        const lines = data.pages.flatMap((page) => page.lines);
        const name = `${first.account.code} ${first.account.name}`;
        return (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-4">
              <h3 className="font-medium text-slate-900 dark:text-white">{name}</h3>
              <FormatButtons
                what="general ledger"
                pending={exporter.isPending}
                onExport={(format) => exporter.mutate({ accountId, account: name, period, format })}
              />
            </div>
            <Figures
              items={[
                { label: `Opening, ${formatDate(first.from)}`, kobo: first.opening },
                { label: 'Debits', kobo: first.debits },
                { label: 'Credits', kobo: first.credits },
                { label: `Closing, ${formatDate(first.to)}`, kobo: first.closing },
              ]}
            />
            {lines.length === 0 ? (
              <EmptyState
                icon={BookOpenText}
                title="No lines in this period"
                description="Nothing was posted to this account between these days."
              />
            ) : (
              <LedgerLines
                label={`Lines of ${name}`}
                lines={lines}
                columns={{ debit: 'Debit', credit: 'Credit', balance: 'Balance' }}
                showStudent
              />
            )}
            {ledger.hasNextPage && (
              <div className="border-t border-slate-200 px-5 py-3 dark:border-slate-800">
                <Button
                  variant="secondary"
                  loading={ledger.isFetchingNextPage}
                  onClick={() => void ledger.fetchNextPage()}
                >
                  Show more lines
                </Button>
              </div>
            )}
          </>
        );
      }}
    </QueryState>
  );
}

/** One account's lines over the period, with its balance after each. */
export function GeneralLedgerPanel({
  schoolId,
  accountId,
  period,
  onAccount,
}: {
  schoolId: string;
  accountId: string;
  period: Period;
  onAccount(id: string): void;
}) {
  return (
    <Card>
      <CardHeader title="General ledger" description="Every line posted to one account, with its running balance." />
      <AccountPicker schoolId={schoolId} value={accountId} onChange={onAccount} />
      {accountId ? (
        <AccountLedger key={accountId} accountId={accountId} period={period} />
      ) : (
        <EmptyState
          icon={BookOpenText}
          title="Choose an account"
          description="Pick an account above to read its lines for the period."
        />
      )}
    </Card>
  );
}

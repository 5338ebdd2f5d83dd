import { deactivateVirtualAccountInputSchema, lagosDateTime, type VirtualAccount } from '@schoolledger/domain';
import { Landmark, RefreshCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, Button, EmptyState, FormField, Pagination, ReasonDialog, SearchInput, Select } from '@/components/ui';
import { useDeactivateAccount } from '../api/deactivate-account';
import { useAccounts } from '../api/get-accounts';
import { useRequeryAccount } from '../api/requery-account';
import { ACTIVE_FILTERS, type ActiveFilter, parseActiveFilter } from '../lib/texts';

const LIMIT = 20;

interface AccountListProps {
  schoolId: string;
  /** Whether the person may close accounts (payments.configure). */
  mayClose: boolean;
  /** Whether the person may ask Paystack for missed transfers (payments.confirmTransfer). */
  mayRequery: boolean;
}

/** The school's accounts: searched, filtered by whether they are open, a page at a time. */
export function AccountList({ schoolId, mayClose, mayRequery }: AccountListProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<VirtualAccount | null>(null);
  const accounts = useAccounts({ schoolId, active, search, page, limit: LIMIT });
  const list = accounts.isPlaceholderData ? { ...accounts, isPending: true, data: undefined } : accounts;
  const deactivate = useDeactivateAccount();
  const filtered = search !== '' || active !== 'all';

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchInput
          label="Search accounts"
          placeholder="Name or account number"
          value={typed}
          onValueChange={setTyped}
          onSearch={(term) => {
            setSearch(term);
            setPage(1);
          }}
        />
        <FormField label="Show">
          <Select
            value={active}
            onChange={(event) => {
              setActive(parseActiveFilter(event.target.value) ?? 'all');
              setPage(1);
            }}
          >
            {ACTIVE_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <QueryState
        query={list}
        loading="Loading accounts..."
        errorTitle="Failed to load the accounts"
        isEmpty={(found) => found.accounts.length === 0}
        empty={
          <EmptyState
            icon={Landmark}
            title={filtered ? 'No accounts match' : 'No accounts yet'}
            description={
              filtered
                ? 'Try another name or number, or show all accounts.'
                : 'Switch virtual accounts on and open accounts for the families.'
            }
          />
        }
      >
        {(found) => (
          <>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {found.accounts.map((account) => (
                <AccountRow
                  key={account._id}
                  account={account}
                  mayClose={mayClose}
                  mayRequery={mayRequery}
                  onClose={() => setClosing(account)}
                />
              ))}
            </ul>
            <Pagination
              className="mt-4"
              page={found.pagination.page}
              totalPages={found.pagination.totalPages}
              total={found.pagination.total}
              limit={found.pagination.limit}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryState>
      {closing && (
        <ReasonDialog
          title="Close this account?"
          description={
            <p>
              {closing.holder.name}&apos;s account {closing.account_number} at {closing.bank_name} is closed at
              Paystack. Money the family still sends to it is credited to their fees.
            </p>
          }
          label="Reason"
          confirmLabel="Close account"
          schema={deactivateVirtualAccountInputSchema}
          pending={deactivate.isPending}
          onConfirm={(reason) =>
            deactivate.mutate({ accountId: closing._id, reason }, { onSuccess: () => setClosing(null) })
          }
          onClose={() => setClosing(null)}
        />
      )}
    </div>
  );
}

function AccountRow({
  account,
  mayClose,
  mayRequery,
  onClose,
}: {
  account: VirtualAccount;
  mayClose: boolean;
  mayRequery: boolean;
  onClose(): void;
}) {
  const requery = useRequeryAccount();
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 px-4 py-3">
      <div className="min-w-0 flex-1 basis-60 space-y-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words text-slate-900 dark:text-white">{account.holder.name}</p>
          {account.active ? <Badge variant="green">Active</Badge> : <Badge>Closed</Badge>}
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {account.holder.kind === 'parent' ? 'Family' : 'Student'} · Payment code{' '}
          <span className="font-mono">{account.holder.payment_code}</span>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {account.bank_name} · <span className="font-mono tracking-wide">{account.account_number}</span>
        </p>
        {!account.active && account.deactivatedAt && (
          <p className="text-xs break-words text-slate-500 dark:text-slate-400">
            Closed {lagosDateTime(account.deactivatedAt)}
            {account.deactivatedBy ? ` by ${account.deactivatedBy.name}` : ''}
            {account.deactivation_reason ? `: ${account.deactivation_reason}` : ''}
          </p>
        )}
      </div>
      {(mayRequery || (mayClose && account.active)) && (
        <div className="flex flex-wrap gap-2">
          {mayRequery && (
            <Button
              variant="secondary"
              size="sm"
              loading={requery.isPending}
              onClick={() => requery.mutate(account._id)}
              aria-label={`Check for missed transfers into ${account.holder.name}'s account`}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Check for missed transfers
            </Button>
          )}
          {mayClose && account.active && (
            <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${account.holder.name}'s account`}>
              <XCircle className="size-4" aria-hidden="true" />
              Close account
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

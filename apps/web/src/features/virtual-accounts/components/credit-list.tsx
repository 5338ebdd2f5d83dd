import { formatKobo, lagosDateTime, type VirtualAccountCredit } from '@schoolledger/domain';
import { ArrowDownToLine } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Badge, EmptyState, FormField, Pagination, Select } from '@/components/ui';
import { useCredits } from '../api/get-credits';
import {
  CREDIT_STATUS_BADGES,
  CREDIT_STATUS_FILTERS,
  type CreditStatusFilter,
  parseCreditStatusFilter,
} from '../lib/texts';

const LIMIT = 20;

/** The money that arrived in the school's accounts, newest first, with what each arrival paid. */
export function CreditList({ schoolId }: { schoolId: string }) {
  const [status, setStatus] = useState<CreditStatusFilter>('all');
  const [page, setPage] = useState(1);
  const credits = useCredits({ schoolId, status, page, limit: LIMIT });
  const list = credits.isPlaceholderData ? { ...credits, isPending: true, data: undefined } : credits;

  return (
    <div className="space-y-4">
      <FormField label="Status" className="sm:w-56">
        <Select
          value={status}
          onChange={(event) => {
            setStatus(parseCreditStatusFilter(event.target.value) ?? 'all');
            setPage(1);
          }}
        >
          {CREDIT_STATUS_FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <QueryState
        query={list}
        loading="Loading arrivals..."
        errorTitle="Failed to load the arrivals"
        isEmpty={(found) => found.credits.length === 0}
        empty={
          <EmptyState
            icon={ArrowDownToLine}
            title={status === 'all' ? 'No money has arrived yet' : 'No arrivals with this status'}
            description="Transfers into the families' accounts appear here as soon as Paystack reports them."
          />
        }
      >
        {(found) => (
          <>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {found.credits.map((credit) => (
                <CreditRow key={credit._id} credit={credit} />
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
    </div>
  );
}

function CreditRow({ credit }: { credit: VirtualAccountCredit }) {
  const badge = CREDIT_STATUS_BADGES[credit.status];
  const sender = [credit.sender.name, credit.sender.bank, credit.sender.account_number].filter(Boolean).join(' · ');
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1 basis-56">
          <p className="font-medium break-words text-slate-900 dark:text-white">
            {credit.account?.holder.name ?? `Account ${credit.receiver_account_number}`}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {lagosDateTime(credit.paidAt)} · into{' '}
            <span className="font-mono">{credit.account?.account_number ?? credit.receiver_account_number}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={badge.variant}>{badge.label}</Badge>
          <p className="text-base font-semibold tabular-nums text-slate-900 dark:text-white">
            {formatKobo(credit.amount)}
          </p>
        </div>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">Sender</dt>
          <dd className="break-words text-slate-700 dark:text-slate-300">{sender || 'Not given'}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500 dark:text-slate-400">Narration</dt>
          <dd className="break-words text-slate-700 dark:text-slate-300">{credit.narration || 'None'}</dd>
        </div>
      </dl>
      {credit.reason && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm break-words text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
          {credit.reason}
          {credit.unplaced > 0n ? ` (${formatKobo(credit.unplaced)} waits for review)` : ''}
        </p>
      )}
      {credit.payments.length > 0 && (
        <div>
          <p className="text-xs font-medium text-slate-500 dark:text-slate-400">Receipts</p>
          <ul className="mt-1 space-y-1 text-sm">
            {credit.payments.map((payment) => (
              <li key={payment._id} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 break-words text-slate-700 dark:text-slate-300">
                  {payment.student.name} · {payment.fee.name}
                  {payment.receiptNo ? (
                    <span className="font-mono text-slate-500 dark:text-slate-400"> · {payment.receiptNo}</span>
                  ) : null}
                </span>
                <span className="tabular-nums text-slate-900 dark:text-white">{formatKobo(payment.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

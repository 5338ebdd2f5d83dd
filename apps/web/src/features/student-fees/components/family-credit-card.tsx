import { zodResolver } from '@hookform/resolvers/zod';
import {
  FAMILY_CREDIT_KIND_LABELS,
  type FamilyCredit,
  type FamilyCreditEntry,
  formatKobo,
  type Kobo,
  koboToNaira,
  lagosDateTime,
  type StudentFee,
  type StudentFees,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { PiggyBank } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormDialog, FormField, Input, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { useApplyCredit } from '../api/apply-credit';
import { useFamilyCredit } from '../api/get-family-credit';
import { useUnpaidFees } from '../api/get-unpaid-fees';
import { creditFormSchema } from '../lib/credit-form';

const PAGE = 5;

function EntryRow({ entry }: { entry: FamilyCreditEntry }) {
  const adds = entry.amount > 0n;
  const detail = entry.payment
    ? `${entry.payment.fee} · ${entry.payment.student}${entry.payment.receiptNo ? ` · ${entry.payment.receiptNo}` : ''}`
    : entry.reason;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5">
      <div className="min-w-0 flex-1 basis-56">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{FAMILY_CREDIT_KIND_LABELS[entry.kind]}</p>
        {detail && <p className="text-xs break-words text-slate-500 dark:text-slate-400">{detail}</p>}
        <p className="text-xs text-slate-400 dark:text-slate-500">{lagosDateTime(entry.createdAt)}</p>
      </div>
      <p
        className={clsx(
          'text-sm font-semibold tabular-nums',
          adds ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-300',
        )}
      >
        {adds ? '+' : '−'}
        {formatKobo(adds ? entry.amount : -entry.amount)}
      </p>
    </li>
  );
}

function UseCreditDialog({
  studentId,
  item,
  balance,
  onClose,
}: {
  studentId: string;
  item: StudentFee;
  balance: Kobo;
  onClose(): void;
}) {
  const schema = useMemo(() => creditFormSchema(balance, item.outstanding), [balance, item.outstanding]);
  const most = balance < item.outstanding ? balance : item.outstanding;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ amount: string }, unknown, { amount: Kobo }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: String(koboToNaira(most)) },
  });
  const apply = useApplyCredit();
  const submit = handleSubmit(async ({ amount }) => {
    try {
      await apply.mutateAsync({ student_id: studentId, fee_id: item.fee._id, amount });
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['amount']))
        setError('amount', { message: errorMessage(error, 'The credit could not be applied. Please try again.') });
    }
  });
  return (
    <FormDialog
      title="Use family credit"
      description={`${item.fee.name}: ${formatKobo(item.outstanding)} outstanding. Your credit: ${formatKobo(balance)}.`}
      submitLabel="Use credit"
      busyLabel="Applying..."
      pending={apply.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label="Amount (₦)" error={errors.amount?.message} hint={`Up to ${formatKobo(most)}`} required>
        <Input type="number" inputMode="decimal" min={1} step={0.01} autoFocus {...register('amount')} />
      </FormField>
    </FormDialog>
  );
}

/** The family's credit on the parent's fee page: what is held, where it came from, and using it on a fee. */
export function FamilyCreditCard({ studentId, childName }: { studentId: string; childName: string }) {
  const [limit, setLimit] = useState(PAGE);
  const credit = useFamilyCredit(limit);
  return (
    <QueryState
      query={credit}
      loading={
        <Card>
          <CardBody className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> Loading family credit...
          </CardBody>
        </Card>
      }
      errorTitle="Family credit could not be loaded"
    >
      {(data) => (
        <Credit
          credit={data}
          studentId={studentId}
          childName={childName}
          onMore={() => setLimit((shown) => shown + PAGE)}
        />
      )}
    </QueryState>
  );
}

function Credit({
  credit: { balance, entries, pagination },
  studentId,
  childName,
  onMore,
}: {
  credit: FamilyCredit;
  studentId: string;
  childName: string;
  onMore(): void;
}) {
  // useQueries answers one query per child asked for: here, one.
  const unpaid = useUnpaidFees([studentId], balance > 0n)[0]!;
  const [using, setUsing] = useState<StudentFee | null>(null);
  const owedOf = (fees: StudentFees) => fees.fees.filter((item) => item.outstanding > 0n);

  return (
    <Card aria-label="Family credit">
      <CardHeader
        title="Family credit"
        description="Money paid beyond what a fee asked, kept for your children's next fees."
        actions={
          <p className="text-xl font-bold text-emerald-700 tabular-nums dark:text-emerald-300">
            <span className="sr-only">Balance </span>
            {formatKobo(balance)}
          </p>
        }
      />
      <CardBody className="space-y-4">
        {balance > 0n && (
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
              Use credit on {childName}'s fees
            </p>
            <QueryState
              query={unpaid}
              loading={
                <p className="flex items-center gap-2 text-sm text-slate-500">
                  <Spinner /> Loading fees...
                </p>
              }
              errorTitle={`${childName}'s fees could not be loaded`}
              isEmpty={(fees) => owedOf(fees).length === 0}
              empty={<p className="text-sm text-slate-500 dark:text-slate-400">{childName} owes nothing right now.</p>}
            >
              {(fees) => (
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                  {owedOf(fees).map((item) => (
                    <li key={item.fee._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                      <span className="min-w-0 flex-1 basis-40 text-sm">
                        <span className="block font-medium break-words text-slate-900 dark:text-white">
                          {item.fee.name}
                        </span>
                        <span className="text-slate-500 dark:text-slate-400">
                          {formatKobo(item.outstanding)} outstanding
                        </span>
                      </span>
                      <Button size="sm" variant="secondary" onClick={() => setUsing(item)} className="max-sm:w-full">
                        <PiggyBank className="size-4" aria-hidden="true" />
                        Use credit
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </QueryState>
          </div>
        )}
        {entries.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            No credit yet. If a payment ever brings in more than a fee asks, the difference is kept here.
          </p>
        ) : (
          <div>
            <p className="text-sm font-medium text-slate-700 dark:text-slate-300">History</p>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {entries.map((entry) => (
                <EntryRow key={entry._id} entry={entry} />
              ))}
            </ul>
            {pagination.total > entries.length && (
              <Button variant="ghost" size="sm" onClick={onMore}>
                Show more
              </Button>
            )}
          </div>
        )}
      </CardBody>
      {using && <UseCreditDialog studentId={studentId} item={using} balance={balance} onClose={() => setUsing(null)} />}
    </Card>
  );
}

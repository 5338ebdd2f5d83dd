import type { PeriodCloses } from '@schoolledger/domain';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, ConfirmDialog, EmptyState, FormField, Input } from '@/components/ui';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useClosePeriod } from '../api/close-period';
import { usePeriodCloses } from '../api/get-period-closes';
import { closeDayProblem, firstClosableDay } from '../lib/books';
import { Body, Head, Table, TableFrame, Td, Th } from './table';

function CloseForm({
  schoolId,
  closedThrough,
  today,
}: {
  schoolId: string;
  closedThrough: string | null;
  today: string;
}) {
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = useClosePeriod();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = closeDayProblem(day, closedThrough, today);
    setProblem(found);
    if (!found) setConfirming(true);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-start gap-3 border-t border-slate-200 px-5 py-4 dark:border-slate-800"
    >
      <FormField label="Close the books through" error={problem ?? undefined} className="w-full sm:w-56">
        <Input
          type="date"
          value={day}
          min={firstClosableDay(closedThrough)}
          max={today}
          onChange={(event) => setDay(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full sm:mt-7 sm:w-auto">
        <Lock className="size-4" aria-hidden="true" />
        Close period
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!close.isPending) setConfirming(open);
        }}
        title={`Close the books through ${day ? formatDate(day) : ''}?`}
        description="Nothing can be posted on or before that day afterwards: a correction is posted in the open period. A close cannot be undone."
        confirmLabel="Close the books"
        danger
        loading={close.isPending}
        onConfirm={() =>
          close.mutate(
            { school_id: schoolId, closed_through: day },
            {
              onSuccess: () => {
                setConfirming(false);
                setDay('');
              },
              onError: () => setConfirming(false),
            },
          )
        }
      />
    </form>
  );
}

function Closes({ data }: { data: PeriodCloses }) {
  if (data.closes.length === 0) {
    return (
      <EmptyState
        icon={Lock}
        title="No period closed yet"
        description="Every day of the books is still open to postings."
      />
    );
  }
  return (
    <TableFrame label="Closes">
      <Table>
        <caption className="sr-only">Closes of {data.school.name}, newest first</caption>
        <Head>
          <Th>Closed through</Th>
          <Th>By</Th>
          <Th>When</Th>
        </Head>
        <Body>
          {data.closes.map((close) => (
            <tr key={close._id}>
              <Td className="whitespace-nowrap">{formatDate(close.closedThrough)}</Td>
              <Td className="whitespace-nowrap">{close.closedBy?.name ?? '—'}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(close.closedAt)}</Td>
            </tr>
          ))}
        </Body>
      </Table>
    </TableFrame>
  );
}

/** The last day the school's books are closed through, closing a later one, and every close so far. */
export function PeriodClosePanel({ schoolId, manage, today }: { schoolId: string; manage: boolean; today: string }) {
  const closes = usePeriodCloses(schoolId);
  return (
    <Card>
      <CardHeader
        title="Period close"
        description="A closed day refuses postings: the month's figures stay as reported."
      />
      <QueryState query={closes} loading="Loading closes..." errorTitle="Failed to load the closes" errorFrame="p-5">
        {(data) => (
          <>
            <p className="px-5 py-4 text-sm text-slate-700 dark:text-slate-300">
              {data.closedThrough ? (
                <>
                  Books closed through{' '}
                  <strong className="font-semibold text-slate-900 dark:text-white">
                    {formatDate(data.closedThrough)}
                  </strong>
                  . Postings dated on or before it are refused.
                </>
              ) : (
                'The books are open: no period has been closed yet.'
              )}
            </p>
            {manage && <CloseForm schoolId={schoolId} closedThrough={data.closedThrough} today={today} />}
            <div className="border-t border-slate-200 dark:border-slate-800">
              <Closes data={data} />
            </div>
          </>
        )}
      </QueryState>
    </Card>
  );
}

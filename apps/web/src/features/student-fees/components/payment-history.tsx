import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { PaymentCard } from '@/components/payments';
import { Button, Card, EmptyState, ErrorBanner, LoadingState, Pagination } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useMyPayments } from '../api/get-my-payments';
import { PAYMENT_TEXT } from '../lib/messages';

/** SPEC §2 Payment History tab: the payer's payments, newest first, ten to a page. */
export function PaymentHistory({ studentId }: { studentId: string | null }) {
  // A page number belongs to one child's list: switching child starts again at the first page.
  const [chosen, setChosen] = useState<{ studentId: string | null; page: number }>({ studentId, page: 1 });
  const page = chosen.studentId === studentId ? chosen.page : 1;
  const payments = useMyPayments({ studentId, page });

  if (payments.isError && !payments.data) {
    return (
      <ErrorBanner title={PAYMENT_TEXT.historyFailed}>
        <p>{errorMessage(payments.error, 'Please check your connection and try again.')}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => payments.refetch()}
          loading={payments.isFetching}
        >
          Retry
        </Button>
      </ErrorBanner>
    );
  }
  if (!payments.data) return <LoadingState label="Loading payment history..." />;
  const { payments: list, pagination } = payments.data;
  if (list.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={Receipt}
          title="No payments yet"
          description="Your payments will be listed here once they are made."
        />
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy={payments.isPlaceholderData || undefined}>
        {list.map((payment) => (
          <li key={payment._id} className="flex">
            <PaymentCard payment={payment} />
          </li>
        ))}
      </ul>
      <Pagination {...pagination} onPageChange={(next) => setChosen({ studentId, page: next })} />
    </div>
  );
}

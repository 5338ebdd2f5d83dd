import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { PaymentCard } from '@/components/payments';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState, Pagination } from '@/components/ui';
import { useMyPayments } from '../api/get-my-payments';
import { PAYMENT_TEXT } from '../lib/messages';

/** SPEC §2 Payment History tab: the payer's payments, newest first, ten to a page. */
export function PaymentHistory({ studentId }: { studentId: string | null }) {
  // A page number belongs to one child's list: switching child starts again at the first page.
  const [chosen, setChosen] = useState<{ studentId: string | null; page: number }>({ studentId, page: 1 });
  const page = chosen.studentId === studentId ? chosen.page : 1;
  const payments = useMyPayments({ studentId, page });

  return (
    <QueryState
      query={payments}
      loading="Loading payment history..."
      errorTitle={PAYMENT_TEXT.historyFailed}
      staleNote="The payments below are as they were last loaded."
      isEmpty={(data) => data.payments.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Receipt}
            title="No payments yet"
            description="Your payments will be listed here once they are made."
          />
        </Card>
      }
    >
      {({ payments: list, pagination }) => (
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
      )}
    </QueryState>
  );
}

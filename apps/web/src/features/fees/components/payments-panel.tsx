import { formatKobo, type Payment, pageSummary, refundInputSchema } from '@schoolledger/domain';
import { Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PaymentCard, payerName } from '@/components/payments';
import { QueryState } from '@/components/query-state';
import { Card, Checkbox, EmptyState, Pagination, ReasonDialog, Spinner } from '@/components/ui';
import { type PaymentsQuery, usePayments } from '../api/get-payments';
import { useRefundPayment } from '../api/refund-payment';
import { PAYMENT_MESSAGES } from '../lib/payment-messages';
import type { FeePermissions } from '../lib/permissions';
import { usePaymentFilters } from '../lib/use-payment-filters';
import { PaymentFiltersBar } from './payment-filters';
import { isRefundable, RefundButton } from './refund-button';
import { TransferQueue } from './transfer-queue';

const PAGE_SIZE = 12;

/** The school's payments and refunds, filtered and paged by the server, with the transfer queue on top. */
export function PaymentsPanel({ may, schoolId }: { may: FeePermissions; schoolId: string }) {
  const { filters, update } = usePaymentFilters();
  const list: Omit<PaymentsQuery, 'page'> = {
    school_id: filters.school || undefined,
    term_id: filters.term || undefined,
    status: filters.pstatus === 'all' || filters.pstatus === 'disputed' ? undefined : filters.pstatus,
    disputed: filters.pstatus === 'disputed' ? 'true' : undefined,
    method: filters.method === 'all' ? undefined : filters.method,
    search: filters.q || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    limit: PAGE_SIZE,
  };
  // A list longer than the server counts is paged forward by cursor, each page from where the
  // last one ended; the cursors reached are kept so Previous goes back the same way.
  const cursors = useRef(new Map<string, string>());
  const listKey = JSON.stringify(list);
  const query: PaymentsQuery = {
    ...list,
    page: filters.ppage,
    cursor: cursors.current.get(`${listKey}#${filters.ppage}`),
  };
  const payments = usePayments(query);
  const capped = payments.data?.pagination.totalIsCapped ?? false;
  const nextCursor = payments.data?.pagination.nextCursor ?? null;
  const shownPage = payments.data?.pagination.page ?? 0;
  useEffect(() => {
    if (capped && nextCursor) cursors.current.set(`${listKey}#${shownPage + 1}`, nextCursor);
  }, [capped, nextCursor, listKey, shownPage]);
  const refund = useRefundPayment();
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [toCredit, setToCredit] = useState(false);

  // A refund or a confirmation can leave the address past the last page.
  const totalPages = payments.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (!capped && totalPages > 0 && filters.ppage > totalPages) update({ ppage: totalPages });
  }, [capped, totalPages, filters.ppage, update]);

  const filtered =
    filters.q !== '' ||
    filters.term !== '' ||
    filters.pstatus !== 'all' ||
    filters.method !== 'all' ||
    filters.from !== '' ||
    filters.to !== '';

  const body = (
    <QueryState
      query={payments}
      loading={PAYMENT_MESSAGES.loading}
      errorTitle={PAYMENT_MESSAGES.loadFailed}
      isEmpty={(data) => data.payments.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={Wallet}
            title={filtered ? 'No payments found' : 'No payments yet'}
            description={
              filtered
                ? 'Try adjusting your search or filters.'
                : 'Payments appear here once students pay their fees online, by transfer or in cash.'
            }
          />
        </Card>
      }
    >
      {(data) => {
        const { pagination } = data;
        return (
          <>
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {data.payments.map((payment) => (
                <li key={payment._id} className="contents">
                  <PaymentCard
                    payment={payment}
                    variant="bursary"
                    showSchool={may.multiSchool}
                    actions={
                      may.refund && isRefundable(payment) ? (
                        <RefundButton
                          payment={payment}
                          onRefund={() => {
                            setToCredit(payment.mode_of_payment === 'credit');
                            setRefunding(payment);
                          }}
                        />
                      ) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
            <Pagination
              {...pagination}
              hasNext={pagination.totalIsCapped ? pagination.nextCursor !== null : undefined}
              shown={data.payments.length}
              onPageChange={(ppage) => update({ ppage })}
            />
          </>
        );
      }}
    </QueryState>
  );

  return (
    <div className="space-y-4">
      {may.confirmTransfer && <TransferQueue schoolId={filters.school || schoolId} showSchool={may.multiSchool} />}
      <PaymentFiltersBar filters={filters} schoolId={schoolId} update={update} may={may} />
      <h2
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
        aria-busy={payments.isFetching}
      >
        {payments.data ? `Payments (${pageSummary(payments.data.pagination).of})` : 'Payments'}
        {payments.isFetching && !payments.isPending && <Spinner className="text-emerald-600" />}
      </h2>
      {body}
      {refunding && (
        <ReasonDialog
          title="Refund payment"
          description={
            <>
              <p>
                Refund {formatKobo(refunding.amount)} paid by {payerName(refunding)} for {refunding.fee.name}?
              </p>
              <p className="mt-2">
                The payment stays on record and a refund of the same amount is added, so the student owes it again.
                {toCredit
                  ? " The money stays with the school as the family's credit, for their next fees."
                  : refunding.mode_of_payment === 'paystack' || refunding.mode_of_payment === 'flutterwave'
                    ? ' The money is returned through the payment provider; the refund shows as pending until the provider confirms it.'
                    : ' Hand the money back to the payer yourself.'}
              </p>
            </>
          }
          label="Reason for refund"
          confirmLabel="Refund payment"
          schema={refundInputSchema.pick({ reason: true })}
          pending={refund.isPending}
          onConfirm={(reason) =>
            refund.mutate(
              { paymentId: refunding._id, reason, to: toCredit ? 'credit' : 'payer' },
              { onSuccess: () => setRefunding(null) },
            )
          }
          onClose={() => setRefunding(null)}
        >
          <Checkbox
            label="Keep the money as the family's credit"
            checked={toCredit}
            disabled={refunding.mode_of_payment === 'credit'}
            onChange={(event) => setToCredit(event.target.checked)}
          />
        </ReasonDialog>
      )}
    </div>
  );
}

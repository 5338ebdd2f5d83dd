import {
  type ExpenseDetail,
  type ExpensePayout,
  isExpensePayable,
  PAYOUT_METHOD_LABELS,
  payoutReversalSchema,
} from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Banknote, FileDown, Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardHeader, EmptyState, ReasonDialog } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useMediaQuery } from '@/lib/hooks/use-media-query';
import { notify } from '@/lib/notify';
import { downloadPayoutVoucher } from '../api/download-payout-voucher';
import { useReversePayout } from '../api/reverse-payout';
import { isReversible, payoutNote, signedKobo } from '../lib/format';
import { EXPENSE_MESSAGES } from '../lib/messages';
import type { ExpensePermissions } from '../lib/permissions';
import { PayoutDialog } from './payout-dialog';

interface PayoutActionsProps {
  expense: ExpenseDetail;
  payout: ExpensePayout;
  may: ExpensePermissions;
  onReverse(payout: ExpensePayout): void;
}

function PayoutActions({ expense, payout, may, onReverse }: PayoutActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Download voucher ${payout.voucherNo}`}
        onClick={() =>
          downloadPayoutVoucher({ id: expense._id, payoutId: payout._id, voucherNo: payout.voucherNo }).catch((error) =>
            notify.error(errorMessage(error, EXPENSE_MESSAGES.voucherFailed)),
          )
        }
      >
        <FileDown className="size-4" aria-hidden="true" />
        Voucher
      </Button>
      {may.pay && isReversible(payout) && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Reverse ${payout.voucherNo}`}
          onClick={() => onReverse(payout)}
        >
          <Undo2 className="size-4" aria-hidden="true" />
          Reverse
        </Button>
      )}
    </div>
  );
}

const amountClass = (payout: ExpensePayout) =>
  clsx(
    'font-medium whitespace-nowrap tabular-nums',
    payout.amount < 0n ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white',
  );

function Details({ payout }: { payout: ExpensePayout }) {
  const note = payoutNote(payout);
  return (
    <>
      {note && <span className="block font-medium text-slate-700 dark:text-slate-200">{note}</span>}
      {payout.payee.account && (
        <span className="block text-slate-600 dark:text-slate-300">
          To {payout.payee.account.bankName} · <span className="font-mono">{payout.payee.account.accountNumber}</span> ·{' '}
          {payout.payee.account.accountName}
        </span>
      )}
      {payout.note && <span className="block break-words text-slate-600 dark:text-slate-300">{payout.note}</span>}
      {payout.createdBy && (
        <span className="block text-xs text-slate-500 dark:text-slate-400">By {payout.createdBy.name}</span>
      )}
    </>
  );
}

/** Money out against the expense, oldest first; a reversal is its own negative row, the payout it undoes stays. */
export function PayoutsCard({ expense, may }: { expense: ExpenseDetail; may: ExpensePermissions }) {
  const wide = useMediaQuery('(min-width: 48rem)');
  const reverse = useReversePayout();
  const [paying, setPaying] = useState(false);
  const [reversing, setReversing] = useState<ExpensePayout | null>(null);
  const payouts = expense.payouts;

  return (
    <Card>
      <CardHeader
        title="Payouts"
        description={payouts.length > 0 ? 'Each payout has its own payment voucher.' : undefined}
        actions={
          may.pay &&
          isExpensePayable(expense.status) && (
            <Button size="sm" onClick={() => setPaying(true)}>
              <Plus className="size-4" aria-hidden="true" />
              Record payout
            </Button>
          )
        }
      />
      {payouts.length === 0 ? (
        <EmptyState
          icon={Banknote}
          title="No payouts yet"
          description={
            isExpensePayable(expense.status)
              ? 'Record each payment made against this expense.'
              : 'Payouts are recorded once the expense is approved.'
          }
          className="py-8"
        />
      ) : wide ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Payouts</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Voucher
                </th>
                <th scope="col" className="px-3 py-3">
                  Method
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-3">
                  Details
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
              {payouts.map((payout) => (
                <tr key={payout._id}>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <span className="block font-mono text-slate-900 dark:text-white">{payout.voucherNo}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">{formatDate(payout.paidOn)}</span>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-700 dark:text-slate-200">
                    {PAYOUT_METHOD_LABELS[payout.method]}
                    {payout.reference && (
                      <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">
                        {payout.reference}
                      </span>
                    )}
                  </td>
                  <td className={`px-3 py-3 text-right ${amountClass(payout)}`}>{signedKobo(payout.amount)}</td>
                  <td className="min-w-40 px-3 py-3 text-xs">
                    <Details payout={payout} />
                  </td>
                  <td className="px-4 py-3">
                    <PayoutActions expense={expense} payout={payout} may={may} onReverse={setReversing} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label="Payouts" className="divide-y divide-slate-200 dark:divide-slate-800">
          {payouts.map((payout) => (
            <li key={payout._id} className="space-y-2 px-4 py-4 text-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-mono font-medium text-slate-900 dark:text-white">{payout.voucherNo}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatDate(payout.paidOn)} · {PAYOUT_METHOD_LABELS[payout.method]}
                    {payout.reference && (
                      <>
                        {' '}
                        · <span className="font-mono break-words">{payout.reference}</span>
                      </>
                    )}
                  </p>
                </div>
                <p className={amountClass(payout)}>{signedKobo(payout.amount)}</p>
              </div>
              <p className="text-xs">
                <Details payout={payout} />
              </p>
              <PayoutActions expense={expense} payout={payout} may={may} onReverse={setReversing} />
            </li>
          ))}
        </ul>
      )}
      {paying && <PayoutDialog expense={expense} onClose={() => setPaying(false)} />}
      {reversing && (
        <ReasonDialog
          title={`Reverse ${reversing.voucherNo}`}
          description={
            <p>
              Reverse the payout of {signedKobo(reversing.amount)} on {formatDate(reversing.paidOn)}? A reversal with
              its own voucher number is recorded against it, and the amount counts as unpaid again. This cannot be
              undone.
            </p>
          }
          label="Reason for reversing"
          confirmLabel="Reverse payout"
          schema={payoutReversalSchema}
          pending={reverse.isPending}
          onConfirm={(reason) =>
            reverse.mutate(
              { id: expense._id, payoutId: reversing._id, reason },
              { onSuccess: () => setReversing(null) },
            )
          }
          onClose={() => setReversing(null)}
        />
      )}
    </Card>
  );
}

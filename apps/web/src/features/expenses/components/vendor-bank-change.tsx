import { type Vendor, type VendorBankChange, vendorBankChangeRejectionSchema } from '@schoolledger/domain';
import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { Button, ReasonDialog } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useApproveVendorBankChange } from '../api/approve-vendor-bank-change';
import { useRejectVendorBankChange } from '../api/reject-vendor-bank-change';
import type { ExpensePermissions } from '../lib/permissions';

type Decision = 'reject' | 'withdraw' | null;

/**
 * New bank details of a vendor waiting for a second approver: an approver other than the proposer
 * approves or rejects them, the proposer sees they wait and may withdraw them.
 */
export function PendingBankChange({
  vendor,
  change,
  may,
}: {
  vendor: Vendor;
  change: VendorBankChange;
  may: ExpensePermissions;
}) {
  const approve = useApproveVendorBankChange();
  const reject = useRejectVendorBankChange();
  const [deciding, setDeciding] = useState<Decision>(null);
  const mine = Boolean(may.me) && change.proposedBy?._id === may.me?._id;
  const decides = may.approve && !mine;

  return (
    <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-500/30 dark:bg-amber-500/10">
      <p className="flex items-center gap-1.5 font-medium text-amber-900 dark:text-amber-200">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        {mine ? 'Your new bank details are waiting for another approver' : 'New bank details waiting for approval'}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-200">
        {change.bankName} · <span className="font-mono">{change.accountNumber}</span> · {change.accountName}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Proposed by {change.proposedBy?.name ?? 'someone no longer here'}, {formatDateTime(change.proposedAt)}. Payments
        go to the approved account above until these are approved.
      </p>
      {(decides || mine) && (
        <div className="mt-2 flex flex-wrap gap-2">
          {decides && (
            <Button
              size="sm"
              loading={approve.isPending}
              aria-label={`Approve the new bank details of ${vendor.name}`}
              onClick={() => approve.mutate({ id: vendor._id, changeId: change._id })}
            >
              <Check className="size-4" aria-hidden="true" />
              Approve
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${mine ? 'Withdraw' : 'Reject'} the new bank details of ${vendor.name}`}
            onClick={() => setDeciding(mine ? 'withdraw' : 'reject')}
          >
            <X className="size-4" aria-hidden="true" />
            {mine ? 'Withdraw' : 'Reject'}
          </Button>
        </div>
      )}
      {deciding && (
        <ReasonDialog
          title={deciding === 'withdraw' ? 'Withdraw the new bank details' : 'Reject the new bank details'}
          description={
            <p>
              {vendor.name} keeps being paid into {vendor.bankName} {vendor.accountNumber} ({vendor.accountName}).
            </p>
          }
          label={deciding === 'withdraw' ? 'Why are you withdrawing them?' : 'Reason for rejecting'}
          confirmLabel={deciding === 'withdraw' ? 'Withdraw' : 'Reject'}
          schema={vendorBankChangeRejectionSchema}
          pending={reject.isPending}
          onConfirm={(reason) =>
            reject.mutate({ id: vendor._id, changeId: change._id, reason }, { onSuccess: () => setDeciding(null) })
          }
          onClose={() => setDeciding(null)}
        />
      )}
    </div>
  );
}

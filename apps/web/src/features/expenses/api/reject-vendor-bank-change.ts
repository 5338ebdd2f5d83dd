import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** An approver turns proposed bank details down, or their proposer withdraws them. */
export async function rejectVendorBankChange({
  id,
  changeId,
  reason,
}: {
  id: string;
  changeId: string;
  reason: string;
}) {
  return requestWithMessage(`/vendors/${id}/bank-changes/${changeId}/reject`, {
    method: 'POST',
    body: { reason },
    silent: true,
  });
}

export function useRejectVendorBankChange() {
  return useExpenseMutation({
    mutationFn: rejectVendorBankChange,
    success: EXPENSE_MESSAGES.bankChangeRejected,
    failure: EXPENSE_MESSAGES.bankChangeDecisionFailed,
  });
}

import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** A second approver makes a vendor's proposed bank details its own. */
export async function approveVendorBankChange({ id, changeId }: { id: string; changeId: string }) {
  return requestWithMessage(`/vendors/${id}/bank-changes/${changeId}/approve`, { method: 'POST', silent: true });
}

export function useApproveVendorBankChange() {
  return useExpenseMutation({
    mutationFn: approveVendorBankChange,
    success: EXPENSE_MESSAGES.bankChangeApproved,
    failure: EXPENSE_MESSAGES.bankChangeDecisionFailed,
  });
}

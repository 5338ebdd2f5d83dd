import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** A compensating entry with its own voucher; the payout itself stays on record. */
export async function reversePayout({ id, payoutId, reason }: { id: string; payoutId: string; reason: string }) {
  return requestWithMessage(`/expenses/${id}/payouts/${payoutId}/reverse`, {
    method: 'POST',
    body: { reason },
    silent: true,
  });
}

export function useReversePayout() {
  return useExpenseMutation({
    mutationFn: reversePayout,
    success: EXPENSE_MESSAGES.payoutReversed,
    failure: EXPENSE_MESSAGES.reverseFailed,
  });
}

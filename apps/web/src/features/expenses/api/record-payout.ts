import { type PayoutInput, payoutInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** Money out against an approved expense, never more than remains. */
export async function recordPayout({ id, input }: { id: string; input: PayoutInput }) {
  return requestWithMessage(`/expenses/${id}/payouts`, {
    method: 'POST',
    body: z.encode(payoutInputSchema, input),
    silent: true,
  });
}

export function useRecordPayout() {
  return useExpenseMutation({
    mutationFn: recordPayout,
    success: EXPENSE_MESSAGES.payoutRecorded,
    failure: EXPENSE_MESSAGES.payoutFailed,
  });
}

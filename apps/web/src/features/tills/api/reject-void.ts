import { paymentVoidSchema, type TillVoidRejectInput } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

export async function rejectVoid({
  tillId,
  voidId,
  input,
}: {
  tillId: string;
  voidId: string;
  input: TillVoidRejectInput;
}) {
  return paymentVoidSchema.parse(await api.post(`/tills/${tillId}/voids/${voidId}/reject`, input, { silent: true }));
}

export function useRejectVoid() {
  return useTillMutation({
    mutationFn: rejectVoid,
    success: TILL_MESSAGES.voidRejected,
    failure: TILL_MESSAGES.voidDecisionFailed,
  });
}

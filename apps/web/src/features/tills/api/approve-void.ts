import { paymentVoidSchema, type TillVoidApproveInput } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

export async function approveVoid({
  tillId,
  voidId,
  input,
}: {
  tillId: string;
  voidId: string;
  input: TillVoidApproveInput;
}) {
  return paymentVoidSchema.parse(await api.post(`/tills/${tillId}/voids/${voidId}/approve`, input, { silent: true }));
}

export function useApproveVoid() {
  return useTillMutation({
    mutationFn: approveVoid,
    success: TILL_MESSAGES.voidApproved,
    failure: TILL_MESSAGES.voidDecisionFailed,
  });
}

import { paymentVoidSchema, type TillVoidInput } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

/** The till's bursar asks to void a cash payment taken by mistake; a second person decides. */
export async function requestVoid({ tillId, input }: { tillId: string; input: TillVoidInput }) {
  return paymentVoidSchema.parse(await api.post(`/tills/${tillId}/voids`, input, { silent: true }));
}

export function useRequestVoid() {
  return useTillMutation({
    mutationFn: requestVoid,
    success: TILL_MESSAGES.voidRequested,
    failure: TILL_MESSAGES.voidRequestFailed,
  });
}

import { type TillOpenInput, tillOpenInputSchema, tillSessionSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

export async function openTill(input: TillOpenInput) {
  return tillSessionSchema.parse(await api.post('/tills', tillOpenInputSchema.parse(input), { silent: true }));
}

export function useOpenTill() {
  return useTillMutation({ mutationFn: openTill, success: TILL_MESSAGES.opened, failure: TILL_MESSAGES.openFailed });
}

import { type TillConfirmInput, tillSessionSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

export async function confirmTill({ id, input }: { id: string; input: TillConfirmInput }) {
  return tillSessionSchema.parse(await api.post(`/tills/${id}/confirm`, input, { silent: true }));
}

export function useConfirmTill() {
  return useTillMutation({
    mutationFn: confirmTill,
    success: TILL_MESSAGES.confirmed,
    failure: TILL_MESSAGES.confirmFailed,
  });
}

import { type TillCloseInput, tillReportSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

export async function closeTill({ id, input }: { id: string; input: TillCloseInput }) {
  return tillReportSchema.parse(await api.post(`/tills/${id}/close`, input, { silent: true }));
}

export function useCloseTill() {
  return useTillMutation({ mutationFn: closeTill, success: TILL_MESSAGES.closed, failure: TILL_MESSAGES.closeFailed });
}

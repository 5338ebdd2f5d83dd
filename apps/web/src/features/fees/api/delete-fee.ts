import { api } from '@/lib/api-client';
import { FEE_MESSAGES } from '../lib/messages';
import { useFeeMutation } from './mutation';

/** The server refuses (409, with its reason) to delete a fee that has payments. */
export async function deleteFee(id: string) {
  await api.delete(`/fee/${id}/delete`, { silent: true });
}

export function useDeleteFee() {
  return useFeeMutation({
    mutationFn: deleteFee,
    success: FEE_MESSAGES.deleted,
    failure: FEE_MESSAGES.deleteFailed,
  });
}

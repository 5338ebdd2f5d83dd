import { type VendorInput, vendorInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

/** Bank detail changes are audited with what they were before. */
export async function updateVendor({ id, input }: { id: string; input: VendorInput }) {
  return requestWithMessage(`/vendors/${id}`, {
    method: 'PATCH',
    body: z.encode(vendorInputSchema, input),
    silent: true,
  });
}

export function useUpdateVendor() {
  return useExpenseMutation({
    mutationFn: updateVendor,
    success: EXPENSE_MESSAGES.vendorUpdated,
    failure: EXPENSE_MESSAGES.vendorUpdateFailed,
  });
}

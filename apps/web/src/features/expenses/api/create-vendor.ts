import { type VendorInput, vendorInputSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';
import { EXPENSE_MESSAGES } from '../lib/messages';
import { useExpenseMutation } from './mutation';

export async function createVendor(input: VendorInput) {
  return requestWithMessage<{ _id: string }>('/vendors', {
    method: 'POST',
    body: z.encode(vendorInputSchema, input),
    silent: true,
  });
}

export function useCreateVendor() {
  return useExpenseMutation({
    mutationFn: createVendor,
    success: EXPENSE_MESSAGES.vendorCreated,
    failure: EXPENSE_MESSAGES.vendorCreateFailed,
  });
}

import {
  type InitiatePaymentInput,
  initiatePaymentInputSchema,
  initiatePaymentResultSchema,
} from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';

/** Creates the pending payment and the provider checkout; the server's message is shown as is (SPEC §8). */
export async function initiatePayment(input: InitiatePaymentInput) {
  const { data, message } = await requestWithMessage('/payment/initiate', {
    method: 'POST',
    body: z.encode(initiatePaymentInputSchema, input),
    silent: true,
  });
  return { result: initiatePaymentResultSchema.parse(data), message };
}

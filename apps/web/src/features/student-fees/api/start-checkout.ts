import { type CheckoutInput, checkoutInputSchema, checkoutResultSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { requestWithMessage } from '@/lib/api-client';

/** Creates the family checkout (one pending payment per fee) and the provider's page for the total. */
export async function startCheckout(input: CheckoutInput) {
  const { data } = await requestWithMessage('/payment/checkout', {
    method: 'POST',
    body: z.encode(checkoutInputSchema, input),
    silent: true,
  });
  return checkoutResultSchema.parse(data);
}

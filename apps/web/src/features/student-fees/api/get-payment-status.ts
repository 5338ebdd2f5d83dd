import { paymentStatusSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';

/** The server verifies a pending payment with the provider before answering, so this is the truth. */
export async function getPaymentStatus(reference: string) {
  return paymentStatusSchema.parse(await api.get(`/payment/${encodeURIComponent(reference)}/status`, { silent: true }));
}

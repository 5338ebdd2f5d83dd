import { streamTicketSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';

/** EventSource cannot send the bearer token, so the stream is opened with a short-lived ticket. */
export async function createStreamTicket() {
  return streamTicketSchema.parse(await api.post('/notification/stream-ticket', undefined, { silent: true })).ticket;
}

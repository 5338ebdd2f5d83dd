import type { PeriodCloseInput } from '@schoolledger/domain';
import { requestWithMessage } from '@/lib/api-client';
import { useBooksMutation } from './mutation';

export async function closePeriod(input: PeriodCloseInput) {
  return requestWithMessage<unknown>('/books/closes', { method: 'POST', body: input, silent: true });
}

export function useClosePeriod() {
  return useBooksMutation({ mutationFn: closePeriod, success: 'Period closed', failure: 'Failed to close the period' });
}

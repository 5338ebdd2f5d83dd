import { feeListSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

// The server's largest page; a school rarely has more fees than this waiting at once.
const LIMIT = 200;

/** Fees waiting for a reviewer, for the Approvals tab; the page's total is the tab's count. */
export async function getUnapprovedFees(signal?: AbortSignal) {
  return feeListSchema.parse(
    await api.get('/fee/get-unapproved-fees', { query: { limit: LIMIT }, signal, silent: true }),
  );
}

export function useUnapprovedFees() {
  return useQuery({ queryKey: feeKeys.unapproved(), queryFn: ({ signal }) => getUnapprovedFees(signal) });
}

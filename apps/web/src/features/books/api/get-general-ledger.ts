import { generalLedgerSchema } from '@schoolledger/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { booksKeys, type GeneralLedgerRead } from './keys';

/** One page of an account's lines, oldest first; `cursor` is the previous page's `nextCursor`. */
export async function getGeneralLedger(
  query: GeneralLedgerRead & { cursor?: string | undefined },
  signal?: AbortSignal,
) {
  return generalLedgerSchema.parse(
    await api.get('/books/general-ledger', { query: { ...query }, signal, silent: true }),
  );
}

/** Pages follow each other by the server's cursor: "Show more lines" asks for the lines after the last. */
export function useGeneralLedger(query: GeneralLedgerRead) {
  return useInfiniteQuery({
    queryKey: booksKeys.generalLedger(query),
    queryFn: ({ pageParam, signal }) => getGeneralLedger({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

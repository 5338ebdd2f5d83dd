import { studentSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { studentFeeKeys } from './keys';

/** The students linked to the signed-in parent, for the child switcher. */
export async function getChildren(signal?: AbortSignal) {
  return z.array(studentSchema).parse(await api.get('/parent/children', { signal }));
}

export function useChildren() {
  return useQuery({
    queryKey: studentFeeKeys.children(),
    queryFn: ({ signal }) => getChildren(signal),
    staleTime: 300_000,
  });
}

import { schoolSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

/** The schools the caller may see, for the school pickers. */
export async function getSchools(signal?: AbortSignal) {
  return z.array(schoolSchema).parse(await api.get('/school/all', { signal }));
}

export function useSchools() {
  return useQuery({ queryKey: studentKeys.schools(), queryFn: ({ signal }) => getSchools(signal), staleTime: 300_000 });
}

import { schoolSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

/** The schools the caller may set fees for. */
export async function getSchools(signal?: AbortSignal) {
  return z.array(schoolSchema).parse(await api.get('/school/all', { signal }));
}

export function useSchools() {
  return useQuery({ queryKey: feeKeys.schools(), queryFn: ({ signal }) => getSchools(signal) });
}

import { schoolSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { paymentConfigKeys } from './keys';

/** The schools the caller may configure; only asked when they may choose among several. */
export async function getSchools(signal?: AbortSignal) {
  return z.array(schoolSchema).parse(await api.get('/school/all', { signal }));
}

export function useSchools(enabled: boolean) {
  return useQuery({ queryKey: paymentConfigKeys.schools(), queryFn: ({ signal }) => getSchools(signal), enabled });
}

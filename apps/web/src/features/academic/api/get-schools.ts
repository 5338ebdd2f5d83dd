import { schoolSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

/** Every school the caller may see: all of them for the super-admin, their group or school otherwise. */
export async function getSchools(signal?: AbortSignal) {
  return z.array(schoolSchema).parse(await api.get('/school/all', { signal }));
}

export const schoolsQueryOptions = () =>
  queryOptions({ queryKey: academicKeys.schools(), queryFn: ({ signal }) => getSchools(signal) });

export function useSchools() {
  return useQuery(schoolsQueryOptions());
}

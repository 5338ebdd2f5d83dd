import { schoolSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const schoolKeys = { all: ['schools'] as const };

/** Every school the caller may see: all of them for the super-admin, their group or school otherwise. */
export async function getSchools(signal?: AbortSignal) {
  return z.array(schoolSchema).parse(await api.get('/school/all', { signal }));
}

export const schoolsQueryOptions = () =>
  queryOptions({ queryKey: schoolKeys.all, queryFn: ({ signal }) => getSchools(signal) });

/** `enabled` is false where only callers who may choose among several schools need the list. */
export function useSchools(enabled = true) {
  return useQuery({ ...schoolsQueryOptions(), enabled });
}

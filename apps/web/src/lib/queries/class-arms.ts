import { classArmSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Each class arm carries its student count, so adding or promoting students invalidates `all`. */
export const classArmKeys = {
  all: ['classArms'] as const,
  school: (schoolId: string) => [...classArmKeys.all, schoolId] as const,
};

export async function getClassArms(schoolId: string, signal?: AbortSignal) {
  return z.array(classArmSchema).parse(await api.get('/classarm/all', { query: { school_id: schoolId }, signal }));
}

export const classArmsQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: classArmKeys.school(schoolId),
    queryFn: ({ signal }) => getClassArms(schoolId, signal),
  });

/** Nothing is asked until a school is chosen. */
export function useClassArms(schoolId: string | null | undefined) {
  return useQuery({ ...classArmsQueryOptions(schoolId ?? ''), enabled: Boolean(schoolId) });
}

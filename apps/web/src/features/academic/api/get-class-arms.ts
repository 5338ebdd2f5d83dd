import { classArmSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

/** Each class arm comes with its capacity and current student count. */
export async function getClassArms(schoolId: string, signal?: AbortSignal) {
  return z.array(classArmSchema).parse(await api.get('/classarm/all', { query: { school_id: schoolId }, signal }));
}

export const classArmsQueryOptions = (schoolId: string) =>
  queryOptions({
    queryKey: academicKeys.schoolClassArms(schoolId),
    queryFn: ({ signal }) => getClassArms(schoolId, signal),
  });

export function useClassArms(schoolId: string | null) {
  return useQuery({ ...classArmsQueryOptions(schoolId ?? ''), enabled: Boolean(schoolId) });
}

import { classArmSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

export async function getClassArms(schoolId: string, signal?: AbortSignal) {
  return z.array(classArmSchema).parse(await api.get('/classarm/all', { query: { school_id: schoolId }, signal }));
}

/** Class arms of one school; nothing is asked until a school is chosen. */
export function useClassArms(schoolId: string | undefined) {
  return useQuery({
    queryKey: studentKeys.classArms(schoolId ?? ''),
    queryFn: ({ signal }) => getClassArms(schoolId ?? '', signal),
    enabled: Boolean(schoolId),
    staleTime: 300_000,
  });
}

import { classArmSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { feeKeys } from './keys';

export async function getClassArms(schoolId: string, signal?: AbortSignal) {
  return z.array(classArmSchema).parse(await api.get('/classarm/all', { query: { school_id: schoolId }, signal }));
}

export function useClassArms(schoolId: string) {
  return useQuery({
    queryKey: feeKeys.classArms(schoolId),
    queryFn: ({ signal }) => getClassArms(schoolId, signal),
    enabled: schoolId !== '',
  });
}

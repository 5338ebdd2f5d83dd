import { studentSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** The students linked to the signed-in parent. */
export async function getChildren(signal?: AbortSignal) {
  return z.array(studentSchema).parse(await api.get('/parent/children', { signal, silent: true }));
}

export function useChildren() {
  return useQuery({ queryKey: ['dashboard', 'children'], queryFn: ({ signal }) => getChildren(signal) });
}

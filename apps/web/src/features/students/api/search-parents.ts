import { idSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { studentKeys } from './keys';

const parentOptionsSchema = z.object({
  users: z.array(z.object({ _id: idSchema, firstname: z.string(), lastname: z.string(), email: z.string() })),
});
export type ParentOption = z.infer<typeof parentOptionsSchema>['users'][number];

export async function searchParents(search: string, signal?: AbortSignal) {
  const data = await api.get('/user/all', { query: { role: 'Parent', search }, signal });
  return parentOptionsSchema.parse(data).users;
}

export function useParentSearch(search: string) {
  return useQuery({
    queryKey: studentKeys.parents(search),
    queryFn: ({ signal }) => searchParents(search, signal),
    placeholderData: keepPreviousData,
  });
}

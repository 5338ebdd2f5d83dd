import { groupSchoolSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';

export async function getGroupSchools(signal?: AbortSignal) {
  return z.array(groupSchoolSchema).parse(await api.get('/groupschool/all', { signal }));
}

export const groupSchoolsQueryOptions = () =>
  queryOptions({ queryKey: academicKeys.groupSchools(), queryFn: ({ signal }) => getGroupSchools(signal) });

export function useGroupSchools(enabled = true) {
  return useQuery({ ...groupSchoolsQueryOptions(), enabled });
}

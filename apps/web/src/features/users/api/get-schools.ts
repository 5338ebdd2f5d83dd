import { schoolSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

/** The schools the caller oversees, for the school filter and the new user's school. */
export async function getSchools(signal?: AbortSignal) {
  return z.array(schoolSchema).parse(await api.get('/school/all', { signal }));
}

export function useSchools(enabled: boolean) {
  return useQuery({ queryKey: usersKeys.schools(), queryFn: ({ signal }) => getSchools(signal), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getProfile, profileQueryKey, useAuthStore } from '@/lib/auth';

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile({ signal }) });

/** Fetches the signed-in user's profile and keeps the session's copy in step with it. */
export function useProfile() {
  const query = useQuery(profileQueryOptions());
  const setUser = useAuthStore((state) => state.setUser);
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data, setUser]);
  return query;
}

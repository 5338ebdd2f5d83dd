import { type UserListQuery, userListSchema } from '@schoolledger/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LOAD_USERS_FAILED } from '../lib/messages';
import { usersKeys } from './keys';

/** The list query with the paging the screen always sends. */
export type UsersQuery = Omit<UserListQuery, 'page' | 'limit'> & { page: number; limit: number };

/** Filtering and paging happen on the server. */
export async function getUsers(query: UsersQuery, signal?: AbortSignal) {
  try {
    return userListSchema.parse(await api.get('/user/all', { query, signal, silent: true }));
  } catch (error) {
    // A cancelled request is not a failure, and an expired session has already been announced.
    const announced = signal?.aborted || (error instanceof ApiError && error.status === 401);
    if (!announced) notify.error(LOAD_USERS_FAILED);
    throw error;
  }
}

export function useUsers(query: UsersQuery) {
  return useQuery(
    queryOptions({
      queryKey: usersKeys.list(query),
      queryFn: ({ signal }) => getUsers(query, signal),
      // The current page stays on screen while the next filter or page loads.
      placeholderData: keepPreviousData,
    }),
  );
}

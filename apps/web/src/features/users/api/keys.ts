import type { UsersQuery } from './get-users';

/** Query keys of User Management; mutations invalidate the whole family. */
export const usersKeys = {
  all: ['users'] as const,
  list: (query: UsersQuery) => [...usersKeys.all, 'list', query] as const,
};

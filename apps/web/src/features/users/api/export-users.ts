import type { UserListQuery } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { download } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export type UserExportFilters = Pick<UserListQuery, 'search' | 'role' | 'status' | 'school_id'>;

/** The server writes users.csv for everyone matching the filters; the client toasts failures. */
export async function exportUsers(filters: UserExportFilters) {
  await download('/user/export', 'users.csv', { query: filters });
}

export function useExportUsers() {
  return useMutation({
    mutationFn: exportUsers,
    onSuccess: () => notify.success('Users exported successfully'),
  });
}

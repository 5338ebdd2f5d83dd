import { type ChangePasswordRequest, MSG } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { notify } from '@/lib/notify';

/** Silent: the form shows the server's reason (such as a wrong current password) inline. */
export function changePassword(input: ChangePasswordRequest): Promise<unknown> {
  return api.post('/user/profile/change-password', input, { silent: true });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify.success(MSG.passwordChanged);
      // The server clears mustChangePassword; refetching lets the guard release the user.
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

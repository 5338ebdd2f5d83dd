import { entityMessages, type UpdateUserRequest, userSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { getProfile, useAuthStore } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { usersKeys } from './keys';

export async function updateUser({ id, input }: { id: string; input: UpdateUserRequest }) {
  return userSchema.parse(await api.put(`/user/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('User');

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      notify.success(MESSAGES.updated);
      const auth = useAuthStore.getState();
      // Editing one's own account changes the name and roles the shell shows.
      if (auth.user?._id === user._id) auth.setUser(await getProfile({ silent: true }));
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.updateFailed)),
  });
}

import { type EraseUserRequest, erasedUserSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { usersKeys } from './keys';

/** Silent: the dialog shows a refused name under the field, and any other refusal itself. */
export async function eraseUser({ id, input }: { id: string; input: EraseUserRequest }) {
  return erasedUserSchema.parse(await api.post(`/users/${id}/erase`, input, { silent: true }));
}

export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseUser,
    onSuccess: () => {
      notify.success('Personal data erased');
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}

import { type CreateUserRequest, userSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { usersKeys } from './keys';

export async function createUser(input: CreateUserRequest) {
  return userSchema.parse(await api.post('/user/create', input, { silent: true }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      notify.success('User created successfully!');
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to create user. Please try again.')),
  });
}

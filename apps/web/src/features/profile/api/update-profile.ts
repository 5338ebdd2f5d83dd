import { MSG, type SessionUser, sessionUserSchema, type UpdateProfileRequest } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey, useAuthStore } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { myPhoneQueryKey } from './get-my-phone';

export async function updateProfile(input: UpdateProfileRequest): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.put('/user/profile', input));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData(profileQueryKey, user);
      notify.success(MSG.profileUpdated);
      // A new number on the profile is one to confirm before messages go to it.
      void queryClient.invalidateQueries({ queryKey: myPhoneQueryKey });
    },
  });
}

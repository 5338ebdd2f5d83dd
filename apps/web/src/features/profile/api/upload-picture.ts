import { MSG, uploadedFileResponseSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';
import { profileQueryKey, useAuthStore } from '@/lib/auth';
import { notify } from '@/lib/notify';

export async function uploadProfilePicture(file: File, onProgress?: (percent: number) => void) {
  return uploadedFileResponseSchema.parse(
    await upload('/user/profile/upload-picture', file, onProgress ? { onProgress } : {}),
  );
}

export function useUploadProfilePicture(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(file, onProgress),
    onSuccess: ({ url }) => {
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, profile: { ...user.profile, profilePicture: url } });
      notify.success(MSG.pictureUpdated);
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}

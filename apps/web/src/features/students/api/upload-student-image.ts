import { MSG } from '@schoolledger/domain';
import { z } from 'zod';
import { upload } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export async function uploadStudentImage({ id, file }: { id: string; file: File }) {
  const data = await upload(`/students/${id}/profile-image`, file, { field: 'image', silent: true });
  return z.object({ imageUrl: z.string() }).parse(data);
}

export function useUploadStudentImage() {
  return useStudentMutation({
    mutationFn: uploadStudentImage,
    success: MSG.pictureUpdated,
    failure: MSG.pictureUploadFailed,
  });
}

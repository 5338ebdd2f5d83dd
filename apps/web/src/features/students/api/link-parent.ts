import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export async function linkParent({ studentId, parentId }: { studentId: string; parentId: string }) {
  await api.post(`/students/${studentId}/link-parent`, { parentId }, { silent: true });
}

export function useLinkParent() {
  return useStudentMutation({
    mutationFn: linkParent,
    success: 'Parent linked successfully!',
    failure: 'Failed to link parent',
  });
}

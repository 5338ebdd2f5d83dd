import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export async function unlinkParent({ studentId, parentId }: { studentId: string; parentId: string }) {
  await api.delete(`/students/${studentId}/unlink-parent`, { query: { parentId }, silent: true });
}

export function useUnlinkParent() {
  return useStudentMutation({
    mutationFn: unlinkParent,
    success: 'Parent unlinked successfully!',
    failure: 'Failed to unlink parent',
  });
}

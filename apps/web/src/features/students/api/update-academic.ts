import { studentSchema, type updateAcademicRequestSchema } from '@schoolledger/domain';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useStudentMutation } from './mutation';

export type AcademicUpdate = z.output<typeof updateAcademicRequestSchema>;

export async function updateAcademic({ id, body }: { id: string; body: AcademicUpdate }) {
  return studentSchema.parse(await api.put(`/students/${id}/academic`, body, { silent: true }));
}

export function useUpdateAcademic() {
  return useStudentMutation({
    mutationFn: updateAcademic,
    success: 'Academic record updated successfully!',
    failure: 'Failed to update academic record',
  });
}

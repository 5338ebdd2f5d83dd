import { entityMessages, type SchoolInput, schoolSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { academicKeys } from './keys';
import { useAcademicMutation } from './mutation';

export async function updateSchool({ id, input }: { id: string; input: SchoolInput }) {
  return schoolSchema.parse(await api.put(`/school/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('School');

export function useUpdateSchool() {
  return useAcademicMutation({
    mutationFn: updateSchool,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    invalidate: [academicKeys.schools(), academicKeys.groupSchools()],
  });
}

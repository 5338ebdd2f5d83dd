import { entityMessages, type SchoolInput, schoolSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function updateSchool({ id, input }: { id: string; input: SchoolInput }) {
  return schoolSchema.parse(await api.put(`/school/${id}/update`, input, { silent: true }));
}

const MESSAGES = entityMessages('School');

export function useUpdateSchool() {
  return useToastMutation({
    mutationFn: updateSchool,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    invalidate: [academicKeys.schools(), academicKeys.groupSchools()],
  });
}

import { entityMessages, type SchoolInput, schoolSchema } from '@schoolledger/domain';
import { api } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export async function createSchool(input: SchoolInput) {
  return schoolSchema.parse(await api.post('/school/create', input, { silent: true }));
}

const MESSAGES = entityMessages('School');

export function useCreateSchool() {
  return useToastMutation({
    mutationFn: createSchool,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    // Group cards count their schools.
    invalidate: [academicKeys.schools(), academicKeys.groupSchools()],
  });
}

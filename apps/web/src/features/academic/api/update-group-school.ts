import { entityMessages, groupSchoolSchema } from '@schoolledger/domain';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { type GroupSchoolPayload, sendGroupSchool } from './create-group-school';
import { academicKeys } from './keys';

export async function updateGroupSchool({ id, ...payload }: GroupSchoolPayload & { id: string }) {
  return groupSchoolSchema.parse(await sendGroupSchool('PUT', `/groupschool/${id}/update`, payload));
}

const MESSAGES = entityMessages('Group school');

export function useUpdateGroupSchool() {
  return useToastMutation({
    mutationFn: updateGroupSchool,
    success: MESSAGES.updated,
    failure: MESSAGES.updateFailed,
    // Schools carry their group's name.
    invalidate: [academicKeys.groupSchools(), academicKeys.schools()],
  });
}

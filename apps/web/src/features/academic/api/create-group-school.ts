import { entityMessages, type GroupSchoolInput, groupSchoolSchema } from '@schoolledger/domain';
import { api, upload } from '@/lib/api-client';
import { useToastMutation } from '@/lib/hooks/use-toast-mutation';
import { academicKeys } from './keys';

export interface GroupSchoolPayload {
  input: GroupSchoolInput;
  /** A chosen logo file; otherwise `input.logo` may carry a link. */
  logoFile: File | null;
}

/** With a chosen file the group is sent as multipart with its logo; otherwise as JSON. */
export function sendGroupSchool(method: 'POST' | 'PUT', path: string, { input, logoFile }: GroupSchoolPayload) {
  if (!logoFile)
    return method === 'POST' ? api.post(path, input, { silent: true }) : api.put(path, input, { silent: true });
  return upload(path, logoFile, {
    method,
    field: 'logo',
    fields: { name: input.name, description: input.description },
    silent: true,
  });
}

export async function createGroupSchool(payload: GroupSchoolPayload) {
  return groupSchoolSchema.parse(await sendGroupSchool('POST', '/groupschool/create', payload));
}

const MESSAGES = entityMessages('Group school');

export function useCreateGroupSchool() {
  return useToastMutation({
    mutationFn: createGroupSchool,
    success: MESSAGES.created,
    failure: MESSAGES.createFailed,
    invalidate: [academicKeys.groupSchools()],
  });
}

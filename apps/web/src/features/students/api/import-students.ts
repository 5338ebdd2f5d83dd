import { importPreviewSchema, importResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, upload } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { studentChangeKeys } from './keys';

export interface ImportRequest {
  file: File;
  schoolId: string;
}

const send = ({ file, schoolId }: ImportRequest, dryRun: boolean) =>
  upload('/students/import', file, { fields: { school_id: schoolId, dryRun: String(dryRun) }, silent: true });

/** Checks every row and changes nothing. */
export async function previewImport(request: ImportRequest) {
  return importPreviewSchema.parse(await send(request, true));
}

export async function importStudents(request: ImportRequest) {
  return importResultSchema.parse(await send(request, false));
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: previewImport,
    onError: (error) => notify.error(errorMessage(error, 'Failed to read the file')),
  });
}

export function useImportStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStudents,
    onSuccess: ({ created, failed }) => {
      if (created > 0) notify.success(`Successfully created ${created} students`);
      if (failed > 0) notify.error(`Failed to create ${failed} students`);
      return Promise.all(studentChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to import students')),
  });
}

import { resultImportPreviewSchema, resultImportResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, upload } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { resultChangeKeys } from './keys';

export interface ResultsImportRequest {
  file: File;
  schoolId: string;
  termId: string;
}

const send = ({ file, schoolId, termId }: ResultsImportRequest, dryRun: boolean) =>
  upload('/results/import', file, {
    fields: { school_id: schoolId, term_id: termId, dryRun: String(dryRun) },
    silent: true,
  });

/** Checks every row against the school's students and changes nothing. */
export async function previewResultsImport(request: ResultsImportRequest) {
  return resultImportPreviewSchema.parse(await send(request, true));
}

export async function importResults(request: ResultsImportRequest) {
  return resultImportResultSchema.parse(await send(request, false));
}

export function usePreviewResultsImport() {
  return useMutation({
    mutationFn: previewResultsImport,
    onError: (error) => notify.error(errorMessage(error, 'Failed to read the file')),
  });
}

export function useImportResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importResults,
    onSuccess: ({ created, updated, failed }) => {
      notify.success(`Imported results for ${created + updated} students`);
      if (failed > 0) notify.error(`${failed} ${failed === 1 ? 'row' : 'rows'} with errors skipped`);
      return Promise.all(resultChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to import results')),
  });
}

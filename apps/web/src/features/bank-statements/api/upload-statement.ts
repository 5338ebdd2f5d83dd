import { bankStatementImportSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

export interface UploadStatement {
  file: File;
  schoolId: string;
}

/**
 * POST /bank-statements (multipart: `school_id` and `file`): the server reads the statement,
 * recognises lines already imported, credits the certain ones and queues the rest for review.
 * Silent: an unreadable or too large file is said under the file input.
 */
export async function uploadStatement({ file, schoolId }: UploadStatement, onProgress?: (percent: number) => void) {
  const data = await upload('/bank-statements', file, {
    fields: { school_id: schoolId },
    silent: true,
    ...(onProgress ? { onProgress } : {}),
  });
  return bankStatementImportSchema.parse(data);
}

export function useUploadStatement(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UploadStatement) => uploadStatement(request, onProgress),
    // Lines were credited: what is owed, paid and collected is stale on every screen, not only this one.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

import { bankStatementImportSchema, type StatementMapping } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

export interface UploadStatement {
  file: File;
  schoolId: string;
  /** The columns the bursar chose, for a CSV or Excel file whose header the server did not recognise. */
  mapping?: StatementMapping | undefined;
}

/**
 * POST /bank-statements (multipart: `school_id`, optionally `mapping` as JSON text, and `file`):
 * the server reads the statement, recognises lines already imported, credits the certain ones and
 * queues the rest for review; a mapping sent is saved for the account. Silent: an unreadable or
 * too large file is said under the file input, and unrecognised columns open their own step.
 */
export async function uploadStatement(
  { file, schoolId, mapping }: UploadStatement,
  onProgress?: (percent: number) => void,
) {
  const data = await upload('/bank-statements', file, {
    fields: { school_id: schoolId, ...(mapping ? { mapping: JSON.stringify(mapping) } : {}) },
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

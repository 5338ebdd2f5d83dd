import { bankStatementColumnsSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { upload } from '@/lib/api-client';

export interface StatementColumnsRequest {
  file: File;
  schoolId: string;
}

/**
 * POST /bank-statements/columns (multipart: `school_id` and `file`): the file's first rows and the
 * mapping saved for its account or suggested by its headers, for the bursar to choose the columns.
 * Nothing is stored. Silent: a failure is said in the step, with a retry.
 */
export async function statementColumns({ file, schoolId }: StatementColumnsRequest) {
  const data = await upload('/bank-statements/columns', file, { fields: { school_id: schoolId }, silent: true });
  return bankStatementColumnsSchema.parse(data);
}

/**
 * A mutation rather than a query: the file is read once, when the upload asks for the columns, and
 * an upload's success refreshes every query, which would send the file again for nothing.
 */
export function useStatementColumns() {
  return useMutation({ mutationFn: statementColumns });
}

import { reportRunSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { GENERATE_FAILED } from '@/lib/report-runs';

/** Queues the student's statement as a PDF; the file is made in the background. */
export async function generateStatement(studentId: string) {
  const input = { report: 'student_statement', format: 'pdf', filters: { studentId } };
  return reportRunSchema.parse(await api.post('/reports/runs', input, { silent: true }));
}

export function useGenerateStatement() {
  return useMutation({
    mutationFn: generateStatement,
    onError: (error) => notify.error(errorMessage(error, GENERATE_FAILED)),
  });
}

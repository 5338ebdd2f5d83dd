import { type ReportPreviewInput, reportPreviewSchema } from '@schoolledger/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The report as the file will hold it, cut to its first rows; the panel shows any failure itself. */
export async function previewReport(input: ReportPreviewInput) {
  return reportPreviewSchema.parse(await api.post('/reports/preview', input, { silent: true }));
}

export function usePreviewReport() {
  return useMutation({ mutationFn: previewReport });
}

import { type GenerateReportInput, type ReportRun, reportRunSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** Queues the file; the job makes it in the background and the list follows it. */
export async function createReportRun(input: GenerateReportInput) {
  return reportRunSchema.parse(await api.post('/reports/runs', input, { silent: true }));
}

export function useCreateReportRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportRun,
    onSuccess: (run) => {
      // The new file shows at the top at once, before the list is read again.
      queryClient.setQueryData<{ runs: ReportRun[] }>(reportKeys.runs(), (list) =>
        list ? { runs: [run, ...list.runs.filter((each) => each.id !== run.id)] } : list,
      );
      return queryClient.invalidateQueries({ queryKey: reportKeys.runs() });
    },
  });
}

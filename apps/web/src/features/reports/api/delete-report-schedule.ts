import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { REPORT_TEXT } from '../lib/messages';
import { reportKeys } from './keys';

export function useDeleteReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/reports/schedules/${id}`, { silent: true }),
    onSuccess: () => {
      notify.success('Schedule deleted');
      return queryClient.invalidateQueries({ queryKey: reportKeys.schedules() });
    },
    onError: (error) => notify.error(errorMessage(error, REPORT_TEXT.deleteScheduleFailed)),
  });
}

import { type ReportScheduleInput, reportScheduleSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { REPORT_TEXT } from '../lib/messages';
import { reportKeys } from './keys';

export async function createReportSchedule(input: ReportScheduleInput) {
  return reportScheduleSchema.parse(await api.post('/reports/schedules', input, { silent: true }));
}

export function useCreateReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportSchedule,
    onSuccess: (schedule) => {
      notify.success(`${schedule.title} will be emailed to ${schedule.emailTo}`);
      return queryClient.invalidateQueries({ queryKey: reportKeys.schedules() });
    },
    onError: (error) => notify.error(errorMessage(error, REPORT_TEXT.scheduleFailed)),
  });
}

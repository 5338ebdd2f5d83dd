import { reportSchedulesSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REPORT_TEXT } from '../lib/messages';
import { toastFailure } from '../lib/toast-failure';
import { reportKeys } from './keys';

export async function getReportSchedules(signal?: AbortSignal) {
  const read = api.get('/reports/schedules', { signal, silent: true });
  return reportSchedulesSchema.parse(await toastFailure(read, REPORT_TEXT.schedulesFailed, signal)).schedules;
}

export function useReportSchedules() {
  return useQuery({ queryKey: reportKeys.schedules(), queryFn: ({ signal }) => getReportSchedules(signal) });
}

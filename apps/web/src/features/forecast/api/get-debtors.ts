import { forecastDebtorsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forecastKeys } from './keys';

/** What moves one school's forecast: the gap, the largest debtors with their reminders, the past waves. */
export async function getDebtors(schoolId: string, signal?: AbortSignal) {
  return forecastDebtorsSchema.parse(
    await api.get('/forecast/debtors', { query: { school_id: schoolId }, signal, silent: true }),
  );
}

export function useDebtors(schoolId: string) {
  return useQuery({
    queryKey: forecastKeys.debtors(schoolId),
    queryFn: ({ signal }) => getDebtors(schoolId, signal),
  });
}

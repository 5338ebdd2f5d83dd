import { reconciliationSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download } from '@/lib/api-client';
import { bankStatementKeys } from './keys';

export interface ReconciliationDays {
  from: string;
  to: string;
}

/** GET /settlements/reconciliation: per day, each settlement beside the records and the bank. */
export async function getReconciliation(schoolId: string, days: ReconciliationDays, signal?: AbortSignal) {
  const data = await api.get('/settlements/reconciliation', {
    query: { school_id: schoolId, from: days.from, to: days.to },
    signal,
    silent: true,
  });
  return reconciliationSchema.parse(data);
}

/** The days already shown stay while other days load, so the table does not jump. */
export function useReconciliation(schoolId: string, days: ReconciliationDays) {
  return useQuery({
    queryKey: bankStatementKeys.reconciliation(schoolId, days.from, days.to),
    queryFn: ({ signal }) => getReconciliation(schoolId, days, signal),
    enabled: schoolId !== '' && days.from !== '' && days.to !== '',
    placeholderData: keepPreviousData,
  });
}

/** The same days as a CSV file. */
export const downloadReconciliation = (schoolId: string, days: ReconciliationDays) =>
  download(
    `/settlements/reconciliation/export?${new URLSearchParams({ school_id: schoolId, ...days })}`,
    `settlements-${days.from}-to-${days.to}.csv`,
  );

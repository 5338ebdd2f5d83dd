import { tillReportSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tillKeys } from './keys';

/** A session with its X report: float, cash taken, who took it, refunds, what the drawer should hold. */
export async function getTillReport(id: string, signal?: AbortSignal) {
  return tillReportSchema.parse(await api.get(`/tills/${id}`, { signal, silent: true }));
}

export function useTillReport(id: string) {
  return useQuery({ queryKey: tillKeys.report(id), queryFn: ({ signal }) => getTillReport(id, signal) });
}

import { systemStatusSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getSystemStatus(signal?: AbortSignal) {
  return systemStatusSchema.parse(await api.get('/ict-admin/system-status', { signal, silent: true }));
}

export function useSystemStatus() {
  return useQuery({ queryKey: ['dashboard', 'ict', 'status'], queryFn: ({ signal }) => getSystemStatus(signal) });
}
